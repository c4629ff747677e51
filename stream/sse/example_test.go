package sse_test

import (
	"fmt"
	"strings"

	"course/stream/sse"
)

func Example() {
	stream := ": keep-alive\r\n" +
		"event: routing\r\n" +
		"data: {\"agent\":\"theory\"}\r\n" +
		"\r\n" +
		"id: 1\n" +
		"data: Cmaj7 voicings:\n" +
		"data: x32000\n" +
		"\n" +
		"data: [DONE]\n" +
		"\n"
	for ev, err := range sse.Read(strings.NewReader(stream)) {
		if err != nil {
			fmt.Println("error:", err)
			return
		}
		fmt.Printf("%s id=%q %q\n", ev.Type, ev.LastEventID, ev.Data)
	}
	// Output:
	// routing id="" "{\"agent\":\"theory\"}"
	// message id="1" "Cmaj7 voicings:\nx32000"
	// message id="1" "[DONE]"
}
