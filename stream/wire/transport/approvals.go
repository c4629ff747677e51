package transport

import (
	"context"
	"encoding/json"
	"errors"
	"sync"

	"course/stream/wire"
)

// The reply every approval flow streams: a sentence, the request to run a tool, and, once the
// user decides, the tool's answer or the note that it did not run.
const (
	ApprovalBefore   = "I will read the clock first.\n"
	ApprovalApproved = "It is 12:00.\n"
	ApprovalDenied   = "The clock was not read.\n"
	// ApprovalAnswer is the whole answer when the call is approved.
	ApprovalAnswer = ApprovalBefore + ApprovalApproved

	approvalCallID = "call_1"
	approvalTool   = "get_time"
)

// The broker's refusals, as an approvals endpoint or a hub says them.
var (
	ErrUnknownCall = errors.New("no such tool call")
	ErrNotYours    = errors.New("asked of another connection")
	ErrDecided     = errors.New("already decided")
)

// Broker is BitAiApprovalBroker as Bit.BlazorUI.AI documents it: an endpoint tells it of a
// call before it sends the call's event, so a decision that arrives before the reply waits for
// it is kept; the WebSocket and the hub take a decision only from the connection that was
// asked, and any transport takes it only once.
type Broker struct {
	mu    sync.Mutex
	calls map[string]*pendingCall
}

type pendingCall struct {
	owner    string // the connection that was asked; "" lets anyone with the id answer
	decided  bool
	approved bool
	done     chan struct{} // closed once decided
}

// NewBroker returns a broker with no calls.
func NewBroker() *Broker { return &Broker{calls: map[string]*pendingCall{}} }

// Expect registers call id, asked of owner.
func (b *Broker) Expect(id, owner string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.calls[id] = &pendingCall{owner: owner, done: make(chan struct{})}
}

// Decide records the decision on call id from connection from.
func (b *Broker) Decide(id, from string, approved bool) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	c := b.calls[id]
	switch {
	case c == nil:
		return ErrUnknownCall
	case c.owner != "" && c.owner != from:
		return ErrNotYours
	case c.decided:
		return ErrDecided
	}
	c.decided, c.approved = true, approved
	close(c.done)
	return nil
}

// decided is closed once call id is decided; nil for a call never expected.
func (b *Broker) decided(id string) <-chan struct{} {
	b.mu.Lock()
	defer b.mu.Unlock()
	if c := b.calls[id]; c != nil {
		return c.done
	}
	return nil
}

// Wait is WaitAsync: the decision on call id, kept if it came first.
func (b *Broker) Wait(ctx context.Context, id string) (bool, error) {
	done := b.decided(id)
	if done == nil {
		return false, ErrUnknownCall
	}
	select {
	case <-done:
	case <-ctx.Done():
		return false, ctx.Err()
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.calls[id].approved, nil
}

// bitApprovalRequest is the course's form of BitAiToolApprovalRequestedEvent: the
// documentation names the event and the "tool_call.*" family of types, not its fields.
func bitApprovalRequest() string {
	return `{"type":"tool_call.approval_requested","toolCallId":"` + approvalCallID + `","toolName":"` + approvalTool + `","arguments":{}}`
}

// bitDecision is the decision a Bit client sends up its WebSocket (the course's form).
func bitDecision(id string, approved bool) []byte {
	b, _ := json.Marshal(map[string]any{"type": "tool_call.approval", "toolCallId": id, "approved": approved})
	return b
}

// BitApprovalMethod is the hub method a Bit client invokes with its decision (the course's name).
const BitApprovalMethod = "SubmitApprovalAsync"

// bitApprovalReply streams the reply with its approval: the broker hears of the call before its
// event is sent, and with held the reply reaches WaitAsync only once the decision has arrived,
// the order a fast client can give.
func bitApprovalReply(ctx context.Context, b *Broker, owner string, held bool, emit func(event string) error) error {
	if err := emit(wire.BitTextDelta(ApprovalBefore)); err != nil {
		return err
	}
	b.Expect(approvalCallID, owner)
	if err := emit(bitApprovalRequest()); err != nil {
		return err
	}
	if held {
		select {
		case <-b.decided(approvalCallID):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	approved, err := b.Wait(ctx, approvalCallID)
	if err != nil {
		return err
	}
	text := ApprovalDenied
	if approved {
		text = ApprovalApproved
	}
	if err := emit(wire.BitTextDelta(text)); err != nil {
		return err
	}
	return emit(wire.BitFinish)
}

// ApprovalFlow is one way a tool-call approval travels: its request in the stream, the decision
// back to the server.
type ApprovalFlow struct {
	// Key names the flow in the matrix.
	Key string
	// Name is the system and transport.
	Name string
	// Transport is how the reply travels.
	Transport Kind
	// Back is where the decision goes.
	Back string
	// Documented marks a flow modelled from documentation only.
	Documented bool
	// serve starts one instance of the server; instances of a flow share store, which stands for
	// what the system keeps outside a server (the Foundry service's conversation).
	serve func(store *foundryStore, held bool) (*Server, error)
}

// ApprovalFlows are the four flows, in the order the matrix prints them.
var ApprovalFlows = []ApprovalFlow{
	{Key: "bit-sse", Name: "Bit.BlazorUI.AI, server-sent events", Transport: SSE, Back: "POST " + ApprovalsPath, Documented: true, serve: serveBitSSE},
	{Key: "foundry", Name: "Foundry web app, server-sent events", Transport: SSE, Back: "a new POST " + FoundryPath, serve: serveFoundry},
	{Key: "bit-ws", Name: "Bit.BlazorUI.AI, WebSocket", Transport: WebSocket, Back: "up the same socket", Documented: true, serve: serveBitWebSocket},
	{Key: "bit-signalr", Name: "Bit.BlazorUI.AI, SignalR", Transport: SignalR, Back: BitApprovalMethod + " on the hub", Documented: true, serve: serveBitHub},
}

// ApprovalStreams are the flows over a WebSocket or SignalR, and Bit's hub with its records
// split across messages, for the grid of which readers surface the request.
var ApprovalStreams = []ApprovalFlow{
	ApprovalFlows[2], ApprovalFlows[3],
	{Key: "split", Name: "BitAiHub, records split (SignalR#2487)", Transport: SignalR, Back: BitApprovalMethod + " on the hub",
		serve: func(_ *foundryStore, held bool) (*Server, error) { return serveBitHubWith(held, true) }},
}

// The SSE endpoints: Bit's stream and MapBitAiApprovals' endpoint (the course's paths), and the
// Foundry web app's one endpoint (backend/WebApp.Api/Program.cs:167-250 at f6cb362).
const (
	BitSSEPath    = "/api/ai/sse"
	ApprovalsPath = "/api/ai/approvals"
	FoundryPath   = "/api/chat/stream"
)

// Scenario is when and where a decision reaches the server.
type Scenario int

// The scenarios the matrix runs every flow through.
const (
	// InTurn: the user decides once the request is on screen.
	InTurn Scenario = iota
	// BeforeWait: the decision reaches the server before the reply waits for it.
	BeforeWait
	// Twice: the user approves, then sends the opposite decision.
	Twice
	// OtherInstance: the decision reaches another instance of the server, as it may behind a
	// load balancer without sticky sessions.
	OtherInstance
)

// Scenarios lists them in the matrix's order, with the column heads it prints.
var Scenarios = []struct {
	Scenario Scenario
	Head     string
}{
	{InTurn, "in turn"},
	{BeforeWait, "before the reply waits"},
	{Twice, "a second decision"},
	{OtherInstance, "to another instance"},
}

// ApprovalRun is what one run of a flow came to.
type ApprovalRun struct {
	// Surfaced is whether the client's application saw the request.
	Surfaced bool
	// Answers are what the server said to each decision, in the client's terms: "taken",
	// "refused: ..." or "(no answer)" where the transport gives none; Same says the decision
	// cannot go elsewhere (it travels on the reply's own connection).
	Answers []string
	Same    bool
	// Shown is what the user ended with, and Err how the reading ended when it did not end well.
	Shown string
	Err   error
}

// RunApproval runs flow f through scenario sc with the course's own client of its transport:
// it starts the server (two instances for OtherInstance), reads the reply, decides when the
// request arrives, and reads on to the end.
func RunApproval(ctx context.Context, f ApprovalFlow, sc Scenario) ApprovalRun {
	store := newFoundryStore()
	a, err := f.serve(store, sc == BeforeWait)
	if err != nil {
		return ApprovalRun{Err: err}
	}
	defer a.Close()
	decideAt := a
	if sc == OtherInstance && f.Transport == SSE {
		b, err := f.serve(store, false)
		if err != nil {
			return ApprovalRun{Err: err}
		}
		defer b.Close()
		decideAt = b
	}
	decisions := []bool{true}
	if sc == Twice {
		decisions = []bool{true, false}
	}
	var run ApprovalRun
	switch f.Key {
	case "bit-sse":
		run = runBitSSE(ctx, a, decideAt, decisions)
	case "foundry":
		run = runFoundry(ctx, a, decideAt, decisions)
	case "bit-ws":
		run = runBitWebSocket(ctx, a, decisions)
	case "bit-signalr":
		run = runBitHub(ctx, a, decisions)
	}
	run.Same = sc == OtherInstance && f.Transport != SSE
	return run
}

// ApprovalTarget points a reader at flow f's server (WebSocket or SignalR) so that its
// application approves the call when the request arrives, for the matrix's grid of which
// readers surface the request.
func ApprovalTarget(f ApprovalFlow, s *Server) Target {
	t := Target{URL: s.URL, Method: BitHubMethod, Request: BitRequest("what time is it")}
	t.React = func(v []byte) []Reply {
		obj, ok := wire.ParseObject(string(v), nil)
		if !ok || jsonString(obj.Get("type")) != "tool_call.approval_requested" {
			return nil
		}
		if f.Transport == WebSocket {
			return []Reply{{Message: bitDecision(approvalCallID, true)}}
		}
		return []Reply{{Method: BitApprovalMethod, Args: []any{approvalCallID, true}}}
	}
	return t
}

// Serve starts one instance of the flow's server.
func (f ApprovalFlow) Serve() (*Server, error) { return f.serve(newFoundryStore(), false) }

// Surfaced reports whether a delivery holds the flow's approval request.
func Surfaced(d Delivery) bool {
	for _, v := range d.Values {
		if obj, ok := wire.ParseObject(string(v), nil); ok && jsonString(obj.Get("type")) == "tool_call.approval_requested" {
			return true
		}
	}
	return false
}
