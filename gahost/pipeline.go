package gahost

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"course/ga/algebra"
	"course/ga/notation"
	"course/ga/revision"
	"course/ga/voicing"
	"course/internal/dotnet"
)

// Timeouts of the orchestrated service and its calls (ga-behaviour.md §1.2).
const (
	streamTimeout   = 180 * time.Second // Chatbot:StreamTimeoutSeconds in appsettings.json
	fallbackTimeout = 15 * time.Second  // Chatbot:FallbackTimeoutSeconds
	queryEmbedLimit = 15 * time.Second  // SemanticIntentRouter's query embedding (SemanticIntentRouter.cs:105-127)
	fallbackMinConf = 0.25              // Chatbot:FallbackMinConfidence
)

// timeoutApology opens BuildFallbackAsync's answer when the model call runs out of time
// (OrchestratedChatApplicationService.cs:180-254).
const timeoutApology = "Our reasoning service is currently slow or unavailable — the LLM call exceeded the 15s timeout."

// Routing is the routing decision GA reports: agent, confidence (a C# float) and method.
type Routing struct {
	// AgentID is the agent that answered, e.g. "voicing", "algebra" or "fallback-direct"; the wire calls it agentId.
	AgentID string
	// Confidence is the routing confidence from 0 to 1, a float32 so it is written as C# writes a float.
	Confidence float32
	// Method is how the answer was reached, e.g. "deterministic-voicing", "ix-algebra" or "error-fallback"; the wire calls it routingMethod.
	Method string
}

// Grounding is GA's GroundingMetadata (Apps/GaChatbot.Api/Models/ChatModels.cs:34-39); Facts nil
// is written as null.
type Grounding struct {
	// Source is where the facts come from: IX:Source, "ix-compatible" by default.
	Source string
	// Revision is the grounding source's revision: IX:Revision, "7b02a56" by default.
	Revision string
	// QueryType is the kind of question the facts answer, e.g. "prime-form" or "forte-lookup".
	QueryType string
	// Facts are the answer's facts in GA's order; the routing event leaves them out.
	Facts Object
}

// GuardAnswer is what a deterministic guard returns when it answers without a model.
type GuardAnswer struct {
	// Text is the guard's answer, before the notation pass.
	Text string
	// Routing is the routing decision reported with the answer.
	Routing Routing
	// Grounding is the answer's grounding metadata; nil when the guard has none.
	Grounding *Grounding
}

// Guard answers a message deterministically, or returns ok false to let the pipeline go on.
type Guard func(message string) (answer GuardAnswer, ok bool)

// turn is one history item after ChatbotController's mapping (ChatbotController.cs:479-483).
type turn struct {
	Role    string
	Content string
}

// chatRequest is the validated, trimmed request the controller hands to the service.
type chatRequest struct {
	Message string
	History []turn
	TraceID string
}

// chatResult is OrchestratedChatApplicationService's result.
type chatResult struct {
	Answer    string
	Routing   Routing
	Grounding *Grounding
	Trace     *Trace
}

// orchestratorAnswer is ProductionOrchestrator's ChatResponse, reduced to what the service reads.
type orchestratorAnswer struct {
	Text         string
	Routing      *Routing
	Grounding    *Grounding
	Candidates   int
	DiagramCount int
	DebugMode    string // "" is null
	DebugAgent   string
}

// service is OrchestratedChatApplicationService over ProductionOrchestrator, in full mode.
type service struct {
	sources
	mode    string
	newline string
	log     *Logger
	model   *modelClient
	// index is the voicing agent's index, which the first voicing question may wait for.
	index func() (*voicing.Index, error)
	// rev is the GA the host answers as: on main (Course__Ga=main), as GaChatbot.Api does on
	// GA's main branch (main.go).
	rev revision.Revision

	// algebra is the place of ProductionOrchestrator's deterministic algebra fast path, which
	// runs right after the voicing guard (ProductionOrchestrator.cs:369-373); nil skips it.
	algebra Guard

	// examplesEmbedded is SemanticIntentRouter's process-wide example cache: after a failure it
	// stays empty and every request tries again (SemanticIntentRouter.cs:341-390).
	examplesEmbedded atomic.Bool
}

// errNotModelled stands for the agent routing GA does once embeddings work: it needs GA's intent
// and agent catalogue, which the stand-in does not have, so the request takes the error fallback.
var errNotModelled = &Exception{Type: "System.NotSupportedException", Message: "agent routing with a working embedding model is not modelled by the stand-in"}

// chat is OrchestratedChatApplicationService.ChatAsync
// (Apps/GaChatbot.Api/Services/OrchestratedChatApplicationService.cs:24-125).
func (s *service) chat(ctx context.Context, req chatRequest) (chatResult, error) {
	trace := &Trace{TraceID: req.TraceID, RunID: "run_" + s.ids(16), now: s.now}
	trace.add("chat.request", Object{
		{"gen_ai.operation.name", "chat"},
		{"chat.mode", s.mode},
		{"history.turn_count", len(req.History)},
	})

	octx, cancel := context.WithTimeout(ctx, streamTimeout)
	defer cancel()
	answered := trace.timed("orchestration.answer", Object{{"timeout.seconds", int(streamTimeout / time.Second)}})
	ans, err := s.answer(octx, req)
	if err != nil {
		answered(nil)
		if ctx.Err() != nil {
			return chatResult{}, ctx.Err()
		}
		if errors.Is(octx.Err(), context.DeadlineExceeded) {
			// OrchestratedChatApplicationService.cs:98-108
			trace.Steps = append(trace.Steps, Step{Name: "orchestration.timeout", Status: "error", Attributes: Object{
				{"timeout.seconds", int(streamTimeout / time.Second)},
				{"fallback.reason", "timeout"},
				{"fallback.target", "direct"},
			}})
			return s.fallback(ctx, req, "timeout-fallback", trace)
		}
		// OrchestratedChatApplicationService.cs:109-123
		s.log.Log(LevelError, catOrchestrated, 0, "Chat orchestration failed. Falling back to direct chat client.", err)
		trace.add("orchestration.error", Object{
			{"exception.type", exceptionType(err)},
			{"fallback.reason", "error"},
			{"fallback.target", "direct"},
		})
		return s.fallback(ctx, req, "error-fallback", trace)
	}
	routing := Routing{AgentID: "direct", Confidence: 0, Method: "none"}
	if ans.Routing != nil {
		routing = *ans.Routing
	}
	answered(Object{
		{"agent.id", routing.AgentID},
		{"routing.method", routing.Method},
		{"routing.confidence", routing.Confidence},
		{"grounding.source", groundingSource(ans.Grounding)},
		{"candidate.count", ans.Candidates},
		{"response.length", dotnet.UTF16Len(ans.Text)},
	})

	if reason := shouldFallback(ans, routing); reason != "" {
		return s.fallback(ctx, req, reason+"-fallback", trace)
	}

	text, stats := notation.AugmentMarkdownWithVexTabFences(ans.Text, s.newline)
	// OrchestratedChatApplicationService.cs:263-321
	trace.add("orchestration.route", Object{
		{"agent.id", routing.AgentID},
		{"routing.method", routing.Method},
		{"routing.confidence", routing.Confidence},
		{"query.intent", nil},
		{"query.quality", nil},
		{"query.extension", nil},
		{"query.stacking_type", nil},
		{"query.note_count", nil},
		{"query.key", nil},
	})
	trace.add("agent.semantic_result", Object{
		{"agent.id", routing.AgentID},
		{"grounding.source", groundingSource(ans.Grounding)},
		{"candidate.count", ans.Candidates},
		{"voicing.diagram.count", ans.DiagramCount},
		{"response.length", dotnet.UTF16Len(text)},
		{"debug.mode", nullable(ans.DebugMode)},
		{"debug.agent", nullable(ans.DebugAgent)},
	})
	trace.add("notation.vextab", Object{
		{"notation.diagram.count", stats.Diagrams},
		{"notation.vextab.added_count", stats.Added},
		{"notation.format", "vextab"},
		{"notation.renderer", "vexflow"},
	})
	trace.add("response.emit", Object{
		{"response.length", dotnet.UTF16Len(text)},
		{"response.has_vextab", strings.Contains(text, "```vextab")},
	})
	return chatResult{Answer: text, Routing: routing, Grounding: ans.Grounding, Trace: trace}, nil
}

// shouldFallback is OrchestratedChatApplicationService.ShouldFallback: the reason an answer goes
// to the model instead, or "" (OrchestratedChatApplicationService.cs:145-178).
func shouldFallback(ans orchestratorAnswer, routing Routing) string {
	switch {
	case dotnet.IsNullOrWhiteSpace(ans.Text):
		return "empty"
	case ans.Grounding == nil && ans.Candidates == 0 && routing.Confidence < fallbackMinConf:
		return "low-confidence"
	case ans.Grounding == nil && ans.Candidates == 0 && strings.Contains(strings.ToLower(ans.Text), "no matches"):
		return "no-match"
	}
	return ""
}

// fallback is BuildFallbackAsync: the direct chat client under a 15 s timeout; any exception but
// the timeout propagates (OrchestratedChatApplicationService.cs:180-254).
func (s *service) fallback(ctx context.Context, req chatRequest, method string, trace *Trace) (chatResult, error) {
	fctx, cancel := context.WithTimeout(ctx, fallbackTimeout)
	defer cancel()
	done := trace.timed("gen_ai.chat.fallback", Object{
		{"fallback.reason", method},
		{"timeout.seconds", int(fallbackTimeout / time.Second)},
	})
	text, err := s.directChat(fctx, req)
	if err != nil {
		done(nil)
		if ctx.Err() == nil && errors.Is(fctx.Err(), context.DeadlineExceeded) {
			return chatResult{
				Answer:  timeoutApology,
				Routing: Routing{AgentID: "fallback-direct", Confidence: 0, Method: method + "-timeout"},
				Trace:   trace,
			}, nil
		}
		if s.rev.IsMain() && ctx.Err() == nil {
			// On main a failed fallback answers instead of throwing (main.go).
			return chatResult{
				Answer:  unavailableText,
				Routing: Routing{AgentID: "fallback-direct", Confidence: 0, Method: method + unavailableMethodSuffix},
				Trace:   trace,
			}, nil
		}
		return chatResult{}, err
	}
	done(Object{{"response.length", dotnet.UTF16Len(text)}})
	return chatResult{Answer: text, Routing: Routing{AgentID: "fallback-direct", Confidence: 0, Method: method}, Trace: trace}, nil
}

// directChat is DirectChatApplicationService.ChatAsync: the model's answer through the notation
// pass (DirectChatApplicationService.cs:69-99).
func (s *service) directChat(ctx context.Context, req chatRequest) (string, error) {
	text, err := s.model.chat(ctx, req.Message, req.History)
	if err != nil {
		var ex *Exception
		if errors.As(err, &ex) {
			return "", ex.at(frameDirectChat, fileDirectChat, 96)
		}
		return "", err
	}
	augmented, _ := notation.AugmentMarkdownWithVexTabFences(text, s.newline)
	return augmented, nil
}

// voicing is the voicing agent's answer over the host's index: the stand-in's reading of a
// message at the pin, GA's typed extractor on main.
func (s *service) voicing(message string) (voicing.Response, error) {
	ix, err := s.index()
	if err != nil {
		return voicing.Response{}, err
	}
	return voicing.Agent{Index: ix, NewLine: s.newline, Read: reader(s.rev)}.Process(message)
}

// answer is ProductionOrchestrator.AnswerAsync in its order: hooks, the voicing guard, the
// algebra guard, then the model path
// (Common/GA.Business.Core.Orchestration/Services/ProductionOrchestrator.cs:304-600).
func (s *service) answer(ctx context.Context, req chatRequest) (orchestratorAnswer, error) {
	message, blocked := sanitizePrompt(req.Message)
	if blocked {
		return orchestratorAnswer{Text: hookBlockedAnswer, Routing: &Routing{AgentID: "hook", Confidence: 1, Method: "hook-blocked"}}, nil
	}
	if voicingGuardFires(message) {
		// DispatchDeterministicAgentAsync (ProductionOrchestrator.cs:610-654)
		resp, err := s.voicing(message)
		if err != nil {
			return orchestratorAnswer{}, err
		}
		conf := max(float32(0.92), float32(resp.Confidence))
		return orchestratorAnswer{
			Text:         resp.Text,
			Routing:      &Routing{AgentID: "voicing", Confidence: conf, Method: "deterministic-voicing"},
			DiagramCount: resp.DiagramCount,
			DebugMode:    "DeterministicAgent",
			DebugAgent:   "voicing",
		}, nil
	}
	if s.algebra != nil {
		if g, ok := s.algebra(message); ok {
			r := g.Routing
			return orchestratorAnswer{Text: g.Text, Routing: &r, Grounding: g.Grounding}, nil
		}
	}
	if s.rev.IsMain() {
		return s.mainModelPath(ctx, message)
	}
	return orchestratorAnswer{}, s.modelPath(ctx, message)
}

// modelPath is what the orchestrator does for a message the guards miss: the intent router's
// embeddings, then query understanding and agent routing in parallel (ga-lesson4.md §4.1). It
// returns the error GA throws; a path that got past every call is not modelled.
func (s *service) modelPath(ctx context.Context, message string) error {
	s.routeIntent(ctx, message)
	if err := ctx.Err(); err != nil {
		return err
	}
	agentErr := s.understandAndRoute(ctx, message)
	if err := ctx.Err(); err != nil {
		return err
	}
	if agentErr != nil {
		return agentErr
	}
	s.log.Log(LevelWarning, catStandIn, 0, "Embeddings answered: GA's intent and agent catalogue is not modelled, so the request takes the error fallback.", nil)
	return errNotModelled
}

// routeIntent is SemanticIntentRouter.RouteAsync without a catalogue: the example embeddings
// while the cache is empty, then the query embedding; failures are logged and swallowed
// (SemanticIntentRouter.cs:87-127, 341-390).
func (s *service) routeIntent(ctx context.Context, message string) {
	if !s.examplesEmbedded.Load() {
		// The first intent in registration order is skill.chordinfo; its texts are not
		// transcribed, so the call carries its id.
		if err := s.model.embed(ctx, routingEmbedModel, []string{"skill.chordinfo"}); err != nil {
			if ctx.Err() != nil {
				return
			}
			s.log.Log(LevelWarning, catIntentRouter, 0, "SemanticIntentRouter: example embedding failed; router will degrade to fallback", withFrame(err, frameExamples, fileIntent, 370))
		} else {
			s.examplesEmbedded.Store(true)
		}
	}
	qctx, cancel := context.WithTimeout(ctx, queryEmbedLimit)
	defer cancel()
	if err := s.model.embed(qctx, routingEmbedModel, []string{strings.ToLower(dotnet.Trim(message))}); err != nil && ctx.Err() == nil {
		s.log.Log(LevelWarning, catIntentRouter, 0, "SemanticIntentRouter: query embedding failed; routing falls through to LLM path", withFrame(err, frameQuery, fileIntent, 111))
	}
}

// algebraGuard is TryAnswerWithAlgebraFastPathAsync: the keyword classifier, then
// IxAlgebraService; either one saying no lets the pipeline go on, and no model is called
// (ProductionOrchestrator.cs:679-741).
func algebraGuard(svc algebra.Service) Guard {
	return func(message string) (GuardAnswer, bool) {
		if !algebra.IsAlgebraPrompt(message) {
			return GuardAnswer{}, false
		}
		a, ok := svc.TryAnswer(message)
		if !ok {
			return GuardAnswer{}, false
		}
		facts := make(Object, len(a.Facts))
		for i, f := range a.Facts {
			facts[i] = Field{f.Key, f.Value}
		}
		return GuardAnswer{
			Text:      a.Text,
			Routing:   Routing{AgentID: "algebra", Confidence: 1, Method: "ix-algebra"},
			Grounding: &Grounding{Source: svc.Source, Revision: svc.Revision, QueryType: a.QueryType, Facts: facts},
		}, true
	}
}

// withFrame places a model exception in the GA frame it was thrown through, unless it already
// names one.
func withFrame(err error, method, file string, line int) error {
	var ex *Exception
	if errors.As(err, &ex) {
		if ex.Method != "" {
			return ex
		}
		return ex.at(method, file, line)
	}
	return err
}

func exceptionType(err error) string {
	var ex *Exception
	if errors.As(err, &ex) {
		return ex.Type
	}
	return "System.Exception"
}

func groundingSource(g *Grounding) any {
	if g == nil {
		return nil
	}
	return g.Source
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// understandAndRoute runs query understanding and the agent router's embeddings side by side, as
// ProductionOrchestrator does (ProductionOrchestrator.cs:501-511): the first only logs its
// failure (QueryUnderstandingService.cs:15-29); the second's failure, which nothing catches
// (SemanticRouter.cs:233-267), is returned.
func (s *service) understandAndRoute(ctx context.Context, message string) error {
	var wg sync.WaitGroup
	var agentErr error
	wg.Add(2)
	go func() {
		defer wg.Done()
		if err := s.model.generate(ctx, message); err != nil && ctx.Err() == nil {
			s.log.Log(LevelWarning, catQueryUnder, 0, "[QueryUnderstanding] Failed to extract filters", withFrame(err, frameGenerate, fileGenerate, 46))
		}
	}()
	go func() {
		defer wg.Done()
		if err := s.model.embed(ctx, defaultEmbedModel, semanticRouterAgents); err != nil {
			agentErr = withFrame(err, frameAgents, fileAgents, 251)
		}
	}()
	wg.Wait()
	return agentErr
}
