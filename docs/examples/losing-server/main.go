// Command losing-server is the small chat server of docs/probe.md's first example: it streams an
// answer in two tokens and loses text on the way, as a hand-written SSE writer easily does. It
// writes "data:" with no space after the colon, sends a token with a blank line inside it after
// one "data: ", and never sends [DONE]. The answer it meant to send is answer.txt.
//
//	go run ./docs/examples/losing-server            # listens on 127.0.0.1:8080
//	go run ./docs/examples/losing-server -addr 127.0.0.1:0
package main

import (
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"time"
)

// tokens are what the server streams, one event each: the second holds the answer's blank line
// and its two list items.
var tokens = []string{"Two", " voicings:\n\n- x32010\n- 320003"}

// gap is the time between two tokens, as a model's tokens are spread out.
const gap = 40 * time.Millisecond

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "where to listen")
	flag.Parse()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("listening on http://%s/chat/stream\n", ln.Addr())
	http.HandleFunc("/chat/stream", stream)
	log.Fatal(http.Serve(ln, nil))
}

// stream writes each token after "data:" and a blank line, the way a writer does that forgets
// both the space after the colon and the lines inside a token.
func stream(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/event-stream")
	flusher, _ := w.(http.Flusher)
	for _, token := range tokens {
		time.Sleep(gap)
		fmt.Fprintf(w, "data:%s\n\n", token)
		if flusher != nil {
			flusher.Flush()
		}
	}
}
