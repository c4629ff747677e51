package transport

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"course/stream/signalr"
	"course/stream/sse"
	"course/stream/websocket"
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

func serveBitSSE(_ *foundryStore, held bool) (*Server, error) {
	b := NewBroker()
	mux := http.NewServeMux()
	mux.HandleFunc("POST "+BitSSEPath, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		flusher, _ := w.(http.Flusher)
		_ = bitApprovalReply(r.Context(), b, "", held, func(e string) error {
			if _, err := io.WriteString(w, "data: "+e+"\n\n"); err != nil {
				return err
			}
			if flusher != nil {
				flusher.Flush()
			}
			return nil
		})
	})
	// MapBitAiApprovals: 204 when taken; the refusals' statuses are the course's.
	mux.HandleFunc("POST "+ApprovalsPath, func(w http.ResponseWriter, r *http.Request) {
		var d struct {
			ToolCallID string `json:"toolCallId"`
			Approved   bool   `json:"approved"`
		}
		if err := json.NewDecoder(io.LimitReader(r.Body, 1<<16)).Decode(&d); err != nil {
			http.Error(w, "the decision is not JSON", http.StatusBadRequest)
			return
		}
		switch err := b.Decide(d.ToolCallID, "", d.Approved); {
		case errors.Is(err, ErrUnknownCall):
			http.Error(w, err.Error(), http.StatusNotFound)
		case err != nil:
			http.Error(w, err.Error(), http.StatusConflict)
		default:
			w.WriteHeader(http.StatusNoContent)
		}
	})
	return serveLoopback(mux, BitSSEPath, false)
}

func serveBitWebSocket(_ *foundryStore, held bool) (*Server, error) {
	b := NewBroker()
	var conns sync.Mutex
	next := 0
	mux := http.NewServeMux()
	mux.HandleFunc(WebSocketPath, func(w http.ResponseWriter, r *http.Request) {
		ws, err := websocket.Accept(w, r)
		if err != nil {
			return
		}
		defer ws.CloseNow()
		conns.Lock()
		next++
		owner := "ws-" + strconv.Itoa(next)
		conns.Unlock()
		ctx, cancel := context.WithTimeout(r.Context(), serveBound)
		defer cancel()
		if m, err := ws.Read(ctx); err != nil || m.Type != websocket.Text {
			return
		}
		// The decisions come up while the reply goes down; a refused one is dropped, since the
		// documentation gives the socket no answer to send.
		reading := make(chan struct{})
		defer func() {
			_ = ws.CloseNow()
			<-reading
		}()
		go func() {
			defer close(reading)
			for {
				m, err := ws.Read(ctx)
				if err != nil {
					cancel()
					return
				}
				var d struct {
					Type       string `json:"type"`
					ToolCallID string `json:"toolCallId"`
					Approved   bool   `json:"approved"`
				}
				if json.Unmarshal(m.Data, &d) == nil && d.Type == "tool_call.approval" {
					_ = b.Decide(d.ToolCallID, owner, d.Approved)
				}
			}
		}()
		if bitApprovalReply(ctx, b, owner, held, func(e string) error { return ws.Write(ctx, websocket.Text, []byte(e)) }) == nil {
			_ = ws.Close(websocket.CloseNormal, "")
		}
	})
	return serveLoopback(mux, WebSocketPath, true)
}

func serveBitHub(_ *foundryStore, held bool) (*Server, error) { return serveBitHubWith(held, false) }

// serveBitHubWith is Bit's hub with the approval, its records split across messages with split.
func serveBitHubWith(held, split bool) (*Server, error) {
	b := NewBroker()
	hub := signalr.NewHub(func(ctx context.Context, _ string, _ []json.RawMessage, yield func(any) error) error {
		return bitApprovalReply(ctx, b, signalr.ConnectionID(ctx), held, func(e string) error { return yield(json.RawMessage(e)) })
	}, signalr.HubOptions{KeepOpen: true, SplitRecords: split, Methods: map[string]signalr.MethodFunc{
		BitApprovalMethod: func(ctx context.Context, args []json.RawMessage) (any, error) {
			var id string
			var approved bool
			if len(args) != 2 || json.Unmarshal(args[0], &id) != nil || json.Unmarshal(args[1], &approved) != nil {
				return nil, errors.New("SubmitApprovalAsync takes a tool call id and a decision")
			}
			return nil, b.Decide(id, signalr.ConnectionID(ctx), approved)
		},
	}})
	mux := http.NewServeMux()
	mux.Handle(HubPath, hub)
	mux.Handle(HubPath+"/negotiate", hub)
	s, err := serveLoopback(mux, HubPath, false)
	if err == nil {
		s.hub = hub
	}
	return s, err
}

// foundryStore stands for the Foundry service behind the web app: the conversation keeps the
// pending MCP approval, so any instance of the web app can resume it
// (backend/WebApp.Api/Services/AgentFrameworkService.cs:332-352 at f6cb362).
type foundryStore struct {
	mu      sync.Mutex
	pending map[string]bool // approval request id to whether it was answered
	asked   chan struct{}   // closed when the approval's answer arrives
}

func newFoundryStore() *foundryStore {
	return &foundryStore{pending: map[string]bool{}, asked: make(chan struct{})}
}

const (
	foundryApprovalID = "mcpr_1"
	foundryResponseID = "resp_1"
)

// foundryApprovalEvent is WriteMcpApprovalRequestEvent's event (Program.cs:303-318 at f6cb362).
func foundryApprovalEvent() string {
	return `{"type":"mcpApprovalRequest","approvalRequest":{"id":"` + foundryApprovalID + `","toolName":"` + approvalTool +
		`","serverLabel":"clock","arguments":"{}","previousResponseId":"` + foundryResponseID + `"}}`
}

// serveFoundry is the web app's /api/chat/stream with MCP approvals: a first request streams
// the text and the approval request, then usage and done; the decision is a new request naming
// the approval and the response to continue, and streams the rest as a second reply. With held
// the first reply ends only once the decision has arrived.
func serveFoundry(store *foundryStore, held bool) (*Server, error) {
	mux := http.NewServeMux()
	mux.HandleFunc("POST "+FoundryPath, func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			ConversationID     string `json:"conversationId"`
			PreviousResponseID string `json:"previousResponseId"`
			McpApproval        *struct {
				ApprovalRequestID string `json:"approvalRequestId"`
				Approved          bool   `json:"approved"`
			} `json:"mcpApproval"`
		}
		if err := json.NewDecoder(io.LimitReader(r.Body, 1<<16)).Decode(&req); err != nil {
			http.Error(w, "the request is not JSON", http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		flusher, _ := w.(http.Flusher)
		emit := func(e string) {
			_, _ = io.WriteString(w, "data: "+e+"\n\n")
			if flusher != nil {
				flusher.Flush()
			}
		}
		emit(`{"type":"conversationId","conversationId":"` + wire.DefaultConversationID + `"}`)
		usage := `{"type":"usage","duration":0,"promptTokens":0,"completionTokens":1,"totalTokens":1}`
		if req.McpApproval == nil {
			emit(`{"type":"chunk","content":` + jsonQuote(ApprovalBefore) + `}`)
			store.mu.Lock()
			store.pending[foundryApprovalID] = false
			store.mu.Unlock()
			emit(foundryApprovalEvent())
			if held {
				select {
				case <-store.asked:
				case <-r.Context().Done():
					return
				}
			}
			emit(usage)
			emit(`{"type":"done"}`)
			return
		}
		store.mu.Lock()
		answered, known := store.pending[req.McpApproval.ApprovalRequestID]
		ok := known && !answered && req.PreviousResponseID == foundryResponseID
		if ok {
			store.pending[req.McpApproval.ApprovalRequestID] = true
			close(store.asked)
		}
		store.mu.Unlock()
		if !ok {
			// The service refuses the input item; the endpoint's catch writes the error event.
			emit(`{"type":"error","message":` + jsonQuote(wire.FoundryErrorMessage) + `}`)
			return
		}
		text := ApprovalDenied
		if req.McpApproval.Approved {
			text = ApprovalApproved
		}
		emit(`{"type":"chunk","content":` + jsonQuote(text) + `}`)
		emit(usage)
		emit(`{"type":"done"}`)
	})
	return serveLoopback(mux, FoundryPath, false)
}

func jsonQuote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

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

// bitShows reads one Bit event for a run: the text it adds, whether it is the approval request,
// whether it ends the reply, and the error it carries.
func bitShows(e []byte, run *ApprovalRun, answer *strings.Builder) (request, end bool) {
	obj, ok := wire.ParseObject(string(e), nil)
	if !ok {
		return false, false
	}
	switch jsonString(obj.Get("type")) {
	case "text.delta":
		answer.WriteString(jsonText(obj.Get("text")))
	case "tool_call.approval_requested":
		run.Surfaced = true
		return true, false
	case "finish":
		return false, true
	case "error":
		run.Err = errors.New(jsonString(obj.Get("message")))
		return false, true
	}
	return false, false
}

// postJSON posts v and names the answer: "taken" for a 2xx, else the status and its first line.
func postJSON(ctx context.Context, url string, v any) (string, *http.Response, error) {
	body, _ := json.Marshal(v)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return "", nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", nil, err
	}
	if resp.StatusCode/100 == 2 {
		return "taken", resp, nil
	}
	msg, _ := io.ReadAll(io.LimitReader(resp.Body, 200))
	_ = resp.Body.Close()
	return fmt.Sprintf("refused: %d %s", resp.StatusCode, strings.TrimSpace(string(msg))), nil, nil
}

func runBitSSE(ctx context.Context, a, decideAt *Server, decisions []bool) ApprovalRun {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var run ApprovalRun
	_, resp, err := postJSON(ctx, a.URL, BitRequest("what time is it"))
	if err != nil || resp == nil {
		run.Err = fmt.Errorf("the stream: %v", err)
		return run
	}
	defer resp.Body.Close()
	var answer strings.Builder
	rd := sse.NewReader(resp.Body)
	for {
		ev, err := rd.Next()
		if err != nil {
			if !errors.Is(err, io.EOF) {
				run.Err = err
			}
			break
		}
		request, end := bitShows([]byte(ev.Data), &run, &answer)
		if end {
			break
		}
		if !request {
			continue
		}
		refused := false
		for _, approved := range decisions {
			said, r, err := postJSON(ctx, decideAt.Base+ApprovalsPath, map[string]any{"toolCallId": approvalCallID, "approved": approved})
			if err != nil {
				said = "refused: " + err.Error()
			}
			if r != nil {
				_ = r.Body.Close()
			}
			run.Answers = append(run.Answers, said)
			refused = refused || (len(run.Answers) == 1 && said != "taken")
		}
		if refused {
			// Nothing will continue the reply: the page stops it.
			run.Err = ErrStillWaiting
			break
		}
	}
	run.Shown = answer.String()
	return run
}

// ErrStillWaiting ends a run whose decision was refused: the reply waits for a decision that
// will not come, and the client gives up on it.
var ErrStillWaiting = errors.New("the reply waits for a decision that never comes")

func runFoundry(ctx context.Context, a, decideAt *Server, decisions []bool) ApprovalRun {
	var run ApprovalRun
	var answer strings.Builder
	// read reads one reply; on the approval request it sends the decisions, each a new request
	// whose reply is read in turn (processStream on its own assistant message).
	var read func(url string, body any, depth int)
	read = func(url string, body any, depth int) {
		_, resp, err := postJSON(ctx, url, body)
		if err != nil || resp == nil {
			run.Err = fmt.Errorf("the stream: %v", err)
			return
		}
		defer resp.Body.Close()
		rd := sse.NewReader(resp.Body)
		for {
			ev, err := rd.Next()
			if err != nil {
				return
			}
			obj, ok := wire.ParseObject(ev.Data, nil)
			if !ok {
				continue
			}
			switch jsonString(obj.Get("type")) {
			case "chunk":
				answer.WriteString(jsonString(obj.Get("content")))
			case "error":
				if depth > 0 {
					run.Answers[len(run.Answers)-1] = "refused: error event"
					return
				}
				run.Err = errors.New(wire.FoundryClientError)
				return
			case "done":
				return
			case "mcpApprovalRequest":
				run.Surfaced = true
				for _, approved := range decisions {
					run.Answers = append(run.Answers, "taken")
					read(decideAt.Base+FoundryPath, map[string]any{
						"message": map[bool]string{true: "Approved", false: "Rejected"}[approved], "conversationId": wire.DefaultConversationID,
						"previousResponseId": foundryResponseID, "mcpApproval": map[string]any{"approvalRequestId": foundryApprovalID, "approved": approved},
					}, depth+1)
				}
			}
		}
	}
	read(a.URL, map[string]any{"message": "what time is it", "conversationId": nil}, 0)
	run.Shown = answer.String()
	return run
}

func runBitWebSocket(ctx context.Context, a *Server, decisions []bool) ApprovalRun {
	var run ApprovalRun
	c, err := websocket.Dial(ctx, a.URL, websocket.DialOptions{})
	if err != nil {
		run.Err = err
		return run
	}
	defer c.CloseNow()
	if err := c.Write(ctx, websocket.Text, BitRequest("what time is it")); err != nil {
		run.Err = err
		return run
	}
	var answer strings.Builder
	for {
		m, err := c.Read(ctx)
		if err != nil {
			var ce *websocket.CloseError
			if !errors.As(err, &ce) || ce.Code != websocket.CloseNormal {
				run.Err = err
			}
			break
		}
		request, end := bitShows(m.Data, &run, &answer)
		if end {
			break
		}
		if request {
			for _, approved := range decisions {
				if err := c.Write(ctx, websocket.Text, bitDecision(approvalCallID, approved)); err != nil {
					run.Err = err
				}
				run.Answers = append(run.Answers, "(no answer)")
			}
		}
	}
	run.Shown = answer.String()
	return run
}

func runBitHub(ctx context.Context, a *Server, decisions []bool) ApprovalRun {
	var run ApprovalRun
	c, err := signalr.Dial(ctx, a.URL, signalr.Options{})
	if err != nil {
		run.Err = err
		return run
	}
	defer c.Conn().CloseNow()
	var answer strings.Builder
	var h hubStream
	if err := c.Send(ctx, h.invocation(Target{Method: BitHubMethod, Request: BitRequest("what time is it")})); err != nil {
		run.Err = err
		return run
	}
	asked := map[string]int{} // invocation id of each decision to its place in Answers
	for {
		rec, err := c.ReadRecord(ctx)
		if err != nil {
			run.Err = err
			break
		}
		if rec.Type == signalr.TypeCompletion && rec.InvocationID != h.id {
			if i, ok := asked[rec.InvocationID]; ok {
				run.Answers[i] = "taken"
				if rec.Error != "" {
					run.Answers[i] = "refused: " + rec.Error
				}
			}
			continue
		}
		if rec.Type == signalr.TypeStreamItem && rec.InvocationID == h.id {
			request, end := bitShows(rec.Item, &run, &answer)
			if end {
				break
			}
			if request {
				for _, approved := range decisions {
					id := strconv.Itoa(2 + len(asked))
					asked[id] = len(run.Answers)
					run.Answers = append(run.Answers, "(no answer)")
					if err := c.Send(ctx, map[string]any{"type": signalr.TypeInvocation, "invocationId": id, "target": BitApprovalMethod, "arguments": []any{approvalCallID, approved}}); err != nil {
						run.Err = err
					}
				}
			}
			continue
		}
		if rec.Type == signalr.TypeCompletion || rec.Type == signalr.TypeClose {
			break
		}
	}
	// The answers to the decisions may follow the last item: read them before leaving.
	for pendingAnswers(run.Answers) && run.Err == nil {
		rec, err := c.ReadRecord(ctx)
		if err != nil {
			break
		}
		if i, ok := asked[rec.InvocationID]; ok && rec.Type == signalr.TypeCompletion {
			run.Answers[i] = "taken"
			if rec.Error != "" {
				run.Answers[i] = "refused: " + rec.Error
			}
		}
	}
	_ = c.Close()
	run.Shown = answer.String()
	return run
}

func pendingAnswers(answers []string) bool {
	for _, a := range answers {
		if a == "(no answer)" {
			return true
		}
	}
	return false
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
