package transport

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"sync"

	"course/stream/signalr"
	"course/stream/websocket"
	"course/stream/wire"
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
