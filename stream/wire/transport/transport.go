// Package transport carries the answers of stream/wire's systems over the two transports
// besides server-sent events: a WebSocket, and a SignalR hub over a WebSocket. Its writers are
// real servers started on loopback (Bit.BlazorUI.AI's WebSocket endpoint and hub as documented,
// bitplatform's Boilerplate chat hub, a hub that splits records), its readers real clients
// (the course's own, coder/websocket) and Go models of the npm clients (ws,
// @microsoft/signalr) that a test holds to the packages, so that each cell of `course matrix
// --transport` is computed from the bytes that crossed a socket.
package transport

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"course/internal/keyed"
	"course/stream/signalr"
	"course/stream/websocket"
	"course/stream/wire"
)

// Kind is how an answer travels from the server to the browser: server-sent events, a
// WebSocket, or a SignalR hub over a WebSocket.
type Kind int

// The three transports Bit.BlazorUI.AI streams a reply over.
const (
	SSE Kind = iota
	WebSocket
	SignalR
)

// String names the transport as --transport takes it.
func (t Kind) String() string {
	switch t {
	case SSE:
		return "sse"
	case WebSocket:
		return "websocket"
	case SignalR:
		return "signalr"
	}
	return fmt.Sprintf("Kind(%d)", int(t))
}

// Names are the values --transport takes: one transport, or all of them.
var Names = []string{"sse", "websocket", "signalr", "all"}

// KindsByName is the transports --transport names, in the order the matrix prints them.
func KindsByName(name string) ([]Kind, error) {
	switch name {
	case "sse":
		return []Kind{SSE}, nil
	case "websocket":
		return []Kind{WebSocket}, nil
	case "signalr":
		return []Kind{SignalR}, nil
	case "all":
		return []Kind{SSE, WebSocket, SignalR}, nil
	}
	return nil, fmt.Errorf("--transport %q: use %s", name, strings.Join(Names, ", "))
}

// The paths the writers serve at: Bit's documentation maps its endpoints and hub where the app
// says, so these are the course's.
const (
	WebSocketPath = "/api/ai/ws"
	HubPath       = "/hubs/ai"
)

// The Boilerplate hub's in-band markers and its follow-up list, as the chat panel tests them
// (bitplatform src/Templates/Boilerplate/Bit.Boilerplate/src/Shared/Infrastructure/Services/SharedAppMessages.cs:98-112 at 344755e).
const (
	BoilerplateSuccess  = "MESSAGE_PROCESS_SUCCESS"
	BoilerplateError    = "MESSAGE_PROCESS_ERROR"
	boilerplateFollowUp = "FollowUpSuggestions"
)

// Writer is one server's way of sending an answer over a WebSocket or a SignalR hub,
// run for real: Serve starts it on loopback, and each reader connects to it.
type Writer struct {
	// Key selects the writer on the command line, among the writers of its transport.
	Key string
	// Name is what the matrix prints.
	Name string
	// Documented marks a system modelled from its documentation only, its source unread.
	Documented bool
	// Transport is the transport the writer speaks.
	Transport Kind
	// Format is how the writer's own client reads what arrives.
	Format wire.Format
	// Method is the hub method a client streams, for a SignalR writer.
	Method string
	// Upload marks a hub method that takes the user's messages as a stream from the client.
	Upload bool
	// handler serves in's answer, or the writer's failure when fail is set.
	handler func(in wire.Input, fail bool) http.Handler
	// hub is set for the writers served by a signalr.Hub, whose connections Close waits for.
	hub bool
}

// Label is the writer's name as the matrix prints it, marked when it is modelled from documentation.
func (w Writer) Label() string {
	if w.Documented {
		return w.Name + " (as documented)"
	}
	return w.Name
}

// Path is where the writer serves: its WebSocket endpoint or its hub.
func (w Writer) Path() string {
	if w.Transport == SignalR {
		return HubPath
	}
	return WebSocketPath
}

// Writers lists the WebSocket and SignalR writers, in the order the matrix prints them.
var Writers = []Writer{
	{Key: "bit", Name: "Bit.BlazorUI.AI MapBitAiWebSocket", Documented: true, Transport: WebSocket, Format: wire.FormatBit, handler: bitWebSocket},
	{Key: "bit", Name: "Bit.BlazorUI.AI BitAiHub", Documented: true, Transport: SignalR, Format: wire.FormatBit, Method: BitHubMethod,
		handler: func(in wire.Input, fail bool) http.Handler { return bitHub(in, fail, signalr.HubOptions{}) }, hub: true},
	{Key: "boilerplate", Name: "bitplatform Boilerplate AppHub", Transport: SignalR, Format: wire.FormatBoilerplate, Method: "StartChat", Upload: true,
		handler: boilerplateHub, hub: true},
	{Key: "split", Name: "BitAiHub, records split (SignalR#2487)", Transport: SignalR, Format: wire.FormatBit, Method: BitHubMethod,
		handler: func(in wire.Input, fail bool) http.Handler {
			return bitHub(in, fail, signalr.HubOptions{SplitRecords: true})
		}, hub: true},
}

// BitHubMethod is the streaming method of a hub derived from BitAiHub: the documentation says
// the reply is produced in StreamAsync, and SignalR names a hub method by its C# name.
const BitHubMethod = "StreamAsync"

// WritersOf are the writers of transport t with the given keys, in the order given; no
// keys means all of them.
func WritersOf(t Kind, keys []string) ([]Writer, error) {
	var of []Writer
	for _, w := range Writers {
		if w.Transport == t {
			of = append(of, w)
		}
	}
	return keyed.All(of, t.String()+" writer", keys, func(w Writer) string { return w.Key })
}

// WriterKeys are the keys of transport t's writers.
func WriterKeys(t Kind) []string {
	ws, _ := WritersOf(t, nil)
	return keyed.Keys(ws, func(w Writer) string { return w.Key })
}

// BitRequest is the request a Bit.BlazorUI.AI client sends: the transcript as message
// snapshots. The documentation names no field, so these are the course's.
func BitRequest(question string) json.RawMessage {
	b, _ := json.Marshal(map[string]any{"messages": []any{map[string]any{"role": "user", "text": question}}})
	return b
}

// BoilerplateRequest is the StartChatRequest the Boilerplate chat panel sends, with the fields
// a test run can fill (Client.Core/Components/Layout/AppAiChatPanel.razor.cs:166-175 at 344755e).
func BoilerplateRequest() json.RawMessage {
	return json.RawMessage(`{"CultureId":1033,"TimeZoneId":"UTC","DeviceInfo":"course","ChatMessagesHistory":[],"ServerApiAddress":null}`)
}

// bitWebSocket is MapBitAiWebSocket as the documentation describes it: the request arrives as
// the first message, each event goes down as one text message, and the server closes the socket
// after the last. A failure is the terminal error event, then the same normal close (the close
// code is the course's assumption).
func bitWebSocket(in wire.Input, fail bool) http.Handler {
	events := wire.BitEvents(in.Chunks)
	if fail {
		events = wire.BitFailureEvents()
	}
	return bitSocket(events, sendTexts)
}

// bitSocket is a connection of Bit's WebSocket endpoint: it takes the request as the first text
// message, puts the events on the wire with send, and closes normally once they are sent.
func bitSocket(events []string, send func(ctx context.Context, ws *websocket.Conn, events []string) error) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := websocket.Accept(w, r)
		if err != nil {
			return
		}
		defer ws.CloseNow()
		ctx, cancel := context.WithTimeout(r.Context(), serveBound)
		defer cancel()
		if m, err := ws.Read(ctx); err != nil || m.Type != websocket.Text {
			return
		}
		if send(ctx, ws, events) == nil {
			_ = ws.Close(websocket.CloseNormal, "")
		}
	})
}

// sendTexts sends each event as one text message.
func sendTexts(ctx context.Context, ws *websocket.Conn, events []string) error {
	for _, e := range events {
		if err := ws.Write(ctx, websocket.Text, []byte(e)); err != nil {
			return err
		}
	}
	return nil
}

// serveBound bounds one connection of a writer, so a reader that never leaves costs nothing
// past it.
const serveBound = time.Minute

// bitHub is a hub derived from BitAiHub as documented: StreamAsync streams the reply's events,
// each item the event's JSON object as the package writes it (so the hub protocol's settings
// change nothing), then the Completion; a failure is the terminal error event as the last item.
func bitHub(in wire.Input, fail bool, opts signalr.HubOptions) http.Handler {
	events := wire.BitEvents(in.Chunks)
	if fail {
		events = wire.BitFailureEvents()
	}
	items := make([]any, len(events))
	for i, e := range events {
		items[i] = json.RawMessage(e)
	}
	opts.KeepOpen = true
	return signalr.NewHub(signalr.Items(items...), opts)
}

// boilerplateHub is the Boilerplate template's AppHub.StartChat: the user's messages come in as
// a stream from the client, and for each the hub streams the model's text pieces as strings,
// then the marker MESSAGE_PROCESS_SUCCESS, then the follow-up suggestions serialized as one JSON
// string; a failure is the marker MESSAGE_PROCESS_ERROR. The stream completes when the client
// ends its own (bitplatform src/Templates/Boilerplate/Bit.Boilerplate/src/Server/Boilerplate.Server.Api/Infrastructure/SignalR/AppHub.Chatbot.cs:31-93,
// AppChatbot.cs:93-165 at 344755e).
func boilerplateHub(in wire.Input, fail bool) http.Handler {
	followUps, _ := json.Marshal(map[string][]string{boilerplateFollowUp: {"Which scale fits Am?", "What about a ii-V-I?"}})
	return signalr.NewHub(func(ctx context.Context, _ string, _ []json.RawMessage, yield func(any) error) error {
		ups := signalr.Uploads(ctx)
		if len(ups) != 1 {
			return fmt.Errorf("StartChat expects 1 stream from the client, and %d came", len(ups))
		}
		for {
			var msg json.RawMessage
			select {
			case m, ok := <-ups[0]:
				if !ok {
					return nil
				}
				msg = m
			case <-ctx.Done():
				return ctx.Err()
			}
			_ = msg
			var pieces []string
			if fail {
				pieces = []string{BoilerplateError}
			} else {
				pieces = append(append(pieces, in.Chunks...), BoilerplateSuccess, string(followUps))
			}
			for _, p := range pieces {
				if err := yield(p); err != nil {
					return err
				}
			}
		}
	}, signalr.HubOptions{KeepOpen: true})
}

// Server is a writer serving on loopback.
type Server struct {
	// URL is the writer's endpoint: ws://HOST:PORT/PATH for a WebSocket, http://HOST:PORT/PATH for a hub.
	URL string
	// Base is http://HOST:PORT, for the endpoints beside it (an approvals endpoint).
	Base     string
	srv      *http.Server
	hub      *signalr.Hub
	done     chan struct{}
	handlers sync.WaitGroup // the handlers running, which http.Server.Close does not wait for

	mu     sync.Mutex
	taken  []net.Conn // connections the handlers took over, which http.Server.Close leaves open
	closed bool
}

// Serve starts the writer on a free port of 127.0.0.1 with in's answer, or its failure when
// fail is set.
func (w Writer) Serve(in wire.Input, fail bool) (*Server, error) {
	return w.ServeAt("127.0.0.1:0", in, fail)
}

// ServeAt is Serve listening at addr, for a server a user points a client at.
func (w Writer) ServeAt(addr string, in wire.Input, fail bool) (*Server, error) {
	h := w.handler(in, fail)
	mux := http.NewServeMux()
	mux.Handle(w.Path(), h)
	if w.Transport == SignalR {
		mux.Handle(w.Path()+"/negotiate", h)
	}
	s, err := serveOn(addr, mux, w.Path(), w.Transport == WebSocket)
	if err != nil {
		return nil, err
	}
	if hub, ok := h.(*signalr.Hub); ok {
		s.hub = hub
	}
	return s, nil
}

// serveLoopback serves h on a free port of 127.0.0.1; the URL is path there, as ws:// when ws.
func serveLoopback(h http.Handler, path string, ws bool) (*Server, error) {
	return serveOn("127.0.0.1:0", h, path, ws)
}

// serveOn serves h at addr; the URL is path there, as ws:// when ws.
func serveOn(addr string, h http.Handler, path string, ws bool) (*Server, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("wire: listen on %s: %w", addr, err)
	}
	s := &Server{Base: "http://" + ln.Addr().String(), done: make(chan struct{})}
	s.URL = s.Base + path
	if ws {
		s.URL = "ws://" + ln.Addr().String() + path
	}
	counted := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Counted before a hijack: the server stops counting a handler that takes its connection.
		s.mu.Lock()
		if s.closed {
			s.mu.Unlock()
			http.Error(w, "the server is closing", http.StatusServiceUnavailable)
			return
		}
		s.handlers.Add(1)
		s.mu.Unlock()
		defer s.handlers.Done()
		h.ServeHTTP(w, r)
	})
	s.srv = &http.Server{Handler: counted, ReadHeaderTimeout: 10 * time.Second, ConnState: s.track}
	go func() {
		defer close(s.done)
		_ = s.srv.Serve(ln)
	}()
	return s, nil
}

// track keeps the connections a handler hijacks, so Close can end them.
func (s *Server) track(c net.Conn, state http.ConnState) {
	if state != http.StateHijacked {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		_ = c.Close()
		return
	}
	s.taken = append(s.taken, c)
}

// Close stops the server and ends every connection it still holds, then waits for its handlers.
func (s *Server) Close() {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	_ = s.srv.Close()
	<-s.done
	s.mu.Lock()
	taken := s.taken
	s.taken = nil
	s.mu.Unlock()
	for _, c := range taken {
		_ = c.Close()
	}
	s.handlers.Wait()
	if s.hub != nil {
		s.hub.Wait()
	}
}

// Hazard is an input that troubles a WebSocket or SignalR pair: the chunks a model's
// tokens would give.
type Hazard struct {
	Title  string
	Chunks []string
}

// Hazards are the inputs the transports invite trouble from: a message past coder's
// default read limit of 32 KiB, and the Boilerplate panel's in-band words inside the answer.
// They are built when asked for, since the long chunk would cost every start of the program.
func Hazards() []Hazard {
	return []Hazard{
		{Title: "a chunk of 40000 characters", Chunks: []string{strings.Repeat("Am7 D7 G.\n", 4000)}},
		{Title: "a chunk that is " + BoilerplateSuccess, Chunks: []string{"The panel stops at the next word: ", BoilerplateSuccess, ", and the rest is lost.\n"}},
		{Title: "a chunk that mentions " + boilerplateFollowUp, Chunks: []string{"Ask for FollowUpSuggestions ", "to get more ideas.\n"}},
	}
}
