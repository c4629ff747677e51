// Command socket-server is the small chat server of docs/probe.md's WebSocket and SignalR
// examples. It streams one answer two ways, each with a mistake a hand-written server easily
// makes beside two things the protocols allow:
//
//   - ws://ADDR/chat/ws, events as Bit.BlazorUI.AI's WebSocket endpoint sends them, one JSON
//     event per message, the socket closed after the last; but one event's JSON goes out in two
//     messages, as a writer does that flushes a buffer whenever it fills. One message is sent in
//     two frames, with a ping between them: legal.
//   - http://ADDR/hubs/chat, a SignalR hub whose streaming method yields the answer's pieces as
//     strings, then MESSAGE_PROCESS_SUCCESS, as bitplatform's Boilerplate chat hub ends each
//     reply; it pings before every other item, as a hub's keep-alive does: legal.
//
// The answer it means to send is answer.txt.
//
//	go run ./docs/examples/socket-server            # listens on 127.0.0.1:8081
//	go run ./docs/examples/socket-server -addr 127.0.0.1:0
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"time"

	"course/stream/signalr"
	"course/stream/websocket"
)

// pieces are the answer's text as the server streams it.
var pieces = []string{"Two voicings", " of C: x32010", " and x35553."}

// gap is the time between two pieces, as a model's tokens are spread out.
const gap = 40 * time.Millisecond

func main() {
	addr := flag.String("addr", "127.0.0.1:8081", "where to listen")
	flag.Parse()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("listening on %s\n", ln.Addr())
	mux := http.NewServeMux()
	mux.HandleFunc("/chat/ws", chatSocket)
	// One hub answers negotiate at /hubs/chat/negotiate and the socket at /hubs/chat.
	hub := signalr.NewHub(stream, signalr.HubOptions{PingEvery: 2})
	mux.Handle("/hubs/chat/", hub)
	mux.Handle("/hubs/chat", hub)
	log.Fatal(http.Serve(ln, mux))
}

// chatSocket reads the request, the first message, then sends one text.delta event a piece
// and a finish event, and closes.
func chatSocket(w http.ResponseWriter, r *http.Request) {
	c, err := websocket.Accept(w, r)
	if err != nil {
		return
	}
	defer c.CloseNow()
	ctx, cancel := context.WithTimeout(r.Context(), time.Minute)
	defer cancel()
	if _, err := c.Read(ctx); err != nil {
		return
	}
	for i, p := range pieces {
		time.Sleep(gap)
		ev, _ := json.Marshal(map[string]string{"type": "text.delta", "text": p})
		switch i {
		case 1:
			// The buffer filled inside the event: its JSON goes out in two messages.
			cut := len(ev) / 2
			_ = c.Write(ctx, websocket.Text, ev[:cut])
			_ = c.Write(ctx, websocket.Text, ev[cut:])
		case 2:
			// One message in two frames, a ping between them.
			_ = c.WriteFrame(false, websocket.OpText, ev[:10], false)
			_ = c.Ping(nil)
			_ = c.WriteFrame(true, websocket.OpContinuation, ev[10:], false)
		default:
			_ = c.Write(ctx, websocket.Text, ev)
		}
	}
	_ = c.Write(ctx, websocket.Text, []byte(`{"type":"finish","finishReason":"stop"}`))
	_ = c.Close(websocket.CloseNormal, "")
}

// stream is the hub method: the pieces as strings, then the in-band end marker.
func stream(ctx context.Context, _ string, _ []json.RawMessage, yield func(any) error) error {
	for _, p := range append(pieces, "MESSAGE_PROCESS_SUCCESS") {
		select {
		case <-time.After(gap):
		case <-ctx.Done():
			return ctx.Err()
		}
		if err := yield(p); err != nil {
			return err
		}
	}
	return nil
}
