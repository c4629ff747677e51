package gahost

import (
	"context"
	"strings"

	"course/ga/revision"
	"course/ga/skills"
)

// The host's second behaviour: GaChatbot.Api as it answers on GA's main (f4f5b4a), selected by
// Course__Ga=main. GA's main cannot be read here; what differs is what the original course's
// runs against main show (its l25-main and l28-main outputs), built from the pin's code: a
// message that reaches the model path is routed on keywords instead of failing, and a failed
// direct fallback answers instead of throwing.

// unavailableMethodSuffix ends the routing method of a direct fallback whose model call failed
// on main, "error-fallback-unavailable".
const unavailableMethodSuffix = "-unavailable"

// unavailableText is main's answer when the direct fallback cannot reach the model. The
// original course's runs show its first 49 characters, "Our reasoning service is currently
// unavailable, s"; the rest of the sentence is the stand-in's.
const unavailableText = "Our reasoning service is currently unavailable, so this question cannot be answered right now. Please try again later."

// keywordAgents are the keywords SemanticRouter.KeywordRoute scores each agent by, in the order
// the router holds its agents; the voicing agent has none and scores 0.1
// (Common/GA.Business.ML/Agents/SemanticRouter.cs:327-381 @ c781df5c).
var keywordAgents = []struct {
	id       string
	keywords []string
}{
	{"tab", []string{"tab", "tablature", "fret", "string", "ascii", "parse", "e|", "a|", "d|"}},
	{"theory", []string{"chord", "scale", "key", "mode", "interval", "pitch", "harmonic", "function", "cadence", "theory"}},
	{"technique", []string{"finger", "position", "play", "technique", "stretch", "barre", "slide", "bend"}},
	{"composer", []string{"compose", "create", "generate", "reharmonize", "variation", "arrangement"}},
	{"critic", []string{"evaluate", "critique", "review", "improve", "suggest", "better"}},
	{"voicing", nil},
}

// keywordRoute is KeywordRoute: each agent scores the share of its keywords the lower-cased
// query contains (0.1 for one without keywords); the best score wins, the first agent on a tie
// (a stable descending sort), and the confidence is at least 0.3.
func keywordRoute(query string) (agent string, confidence float32) {
	lower := strings.ToLower(query)
	best, bestScore := "", float32(-1)
	for _, a := range keywordAgents {
		score := float32(0.1)
		if a.keywords != nil {
			n := 0
			for _, k := range a.keywords {
				if strings.Contains(lower, k) {
					n++
				}
			}
			score = float32(n) / float32(len(a.keywords))
		}
		if score > bestScore {
			best, bestScore = a.id, score
		}
	}
	return best, max(bestScore, 0.3)
}

// mainModelPath is the model path on main for a message the guards miss. The intent router's
// embeddings fail as at the pin, then it falls back on the skills' keyword rules
// (skills.RouteWithoutEmbeddings), and the intent it picks answers with
// "orchestrator-skill-semantic". Otherwise the agent router's embeddings fail too and it routes on
// keywords: the voicing agent answers from the index with the main reading of the query; any
// other agent asks the model, whose failure sends the request to the error fallback.
func (s *service) mainModelPath(ctx context.Context, message string) (orchestratorAnswer, error) {
	s.routeIntent(ctx, message)
	if err := ctx.Err(); err != nil {
		return orchestratorAnswer{}, err
	}
	if id := skills.RouteWithoutEmbeddings(message, revision.Main); id != "" {
		intent, err := skills.LookupIntent(id, s.newline)
		if err != nil {
			s.log.Log(LevelWarning, catStandIn, 0, "The keyword fallback picked "+id+", whose skill the stand-in does not model, so the request takes the error fallback.", nil)
			return orchestratorAnswer{}, errNotModelled
		}
		res := intent.Execute(message)
		return orchestratorAnswer{
			Text:    res.Answer,
			Routing: &Routing{AgentID: id, Confidence: float32(res.Confidence), Method: res.RoutingMethod},
		}, nil
	}
	agentErr := s.understandAndRoute(ctx, message)
	if err := ctx.Err(); err != nil {
		return orchestratorAnswer{}, err
	}
	if agentErr == nil {
		s.log.Log(LevelWarning, catStandIn, 0, "Embeddings answered: GA's intent and agent catalogue is not modelled, so the request takes the error fallback.", nil)
		return orchestratorAnswer{}, errNotModelled
	}
	s.log.Log(LevelWarning, catStandIn, 0, "SemanticRouter: agent embeddings failed; routing on keywords, as GA's main does.", agentErr)
	agent, conf := keywordRoute(message)
	if agent == "voicing" {
		resp, err := s.voicing(message)
		if err != nil {
			return orchestratorAnswer{}, err
		}
		return orchestratorAnswer{
			Text:         resp.Text,
			Routing:      &Routing{AgentID: agent, Confidence: conf, Method: "keyword"},
			DiagramCount: resp.DiagramCount,
		}, nil
	}
	// The other agents answer through the model.
	if _, err := s.model.chat(ctx, message, nil); err != nil {
		return orchestratorAnswer{}, err
	}
	s.log.Log(LevelWarning, catStandIn, 0, "The model answered: the "+agent+" agent's answer is not modelled, so the request takes the error fallback.", nil)
	return orchestratorAnswer{}, errNotModelled
}
