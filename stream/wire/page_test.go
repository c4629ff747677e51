package wire

import (
	"slices"
	"strings"
	"testing"
)

func TestGaApi746Writer(t *testing.T) {
	for _, tc := range []struct {
		data, want string
	}{
		{"a", "data: a\n\n"},
		{"a\nb", "data: a\ndata: b\n\n"},
		{"a\r\nb", "data: a\r\ndata: b\n\n"},
		{"", "data: \n\n"},
		{"x\n\n", "data: x\ndata: \ndata: \n\n"},
		{"  indented\n", "data:   indented\ndata: \n\n"},
	} {
		if got := string(GaApi746.Event(tc.data)); got != tc.want {
			t.Errorf("GaApi746.Event(%q) = %q, want %q", tc.data, got, tc.want)
		}
	}
	if GaApi746.Name != "GaApi (#746)" || ChatService746.Name != "chatService (#746)" {
		t.Errorf("names: %q, %q", GaApi746.Name, ChatService746.Name)
	}
}

// TestGaApi746DiffersFromGaChatbotOnlyInCR checks that the fixed writer is GaChatbot.Api's
// writer without the CR removal.
func TestGaApi746DiffersFromGaChatbotOnlyInCR(t *testing.T) {
	for _, data := range []string{"a\nb", "- x\n\n- y.\n", "a\r\nb", "\r"} {
		fixed, host := string(GaApi746.Event(data)), string(GaChatbotEvent(data))
		if strings.ReplaceAll(fixed, "\r", "") != host {
			t.Errorf("%q: fixed %q, host %q", data, fixed, host)
		}
		if strings.Contains(data, "\r") == (fixed == host) {
			t.Errorf("%q: fixed %q and host %q should differ exactly when the data holds CR", data, fixed, host)
		}
	}
}

// fixText is an answer with what the readers stumble on: a blank line, list items, indentation
// and a trailing line break.
const fixText = "Over the chords:\n\n- one. Two.\n- three!\n    indented?\n\nLast line.\n"

// TestFixedPairIsExact runs #743's chunks through the fixed writer: every reader that joins an
// event's lines gets the text back, and chatService's unfixed reader still loses lines.
func TestFixedPairIsExact(t *testing.T) {
	chunks := Split743(fixText)
	if len(chunks) < 4 {
		t.Fatalf("Split743 gave %d chunks: %q", len(chunks), chunks)
	}
	stream := GaApi746.Stream(chunks)
	for _, rd := range []Reader{Standard, GaChatbotPage, ChatService746, GaChatbotPageFixed} {
		got, err := rd.Read(stream)
		if err != nil || got != fixText {
			t.Errorf("%s: %q, %v; want %q", rd.Name, got, err, fixText)
		}
	}
	got, err := ReadChatService(stream)
	if err != nil || got == fixText {
		t.Errorf("unfixed chatService gave %q, %v; it keeps one trimmed line per event", got, err)
	}
}

func TestReadChatServiceJoined(t *testing.T) {
	for _, tc := range []struct {
		name, stream, want, wantErr string
	}{
		{name: "lines joined", stream: "data: a\ndata: b\n\ndata: [DONE]\n\n", want: "a\nb"},
		{name: "one space dropped, no trim", stream: "data:  a \ndata:b\n\n", want: " a \nb"},
		{name: "blank line kept", stream: "data: a\ndata: \ndata: b\n\n", want: "a\n\nb"},
		{name: "other fields ignored", stream: "event: x\ndata: a\nid: 1\n\n", want: "a"},
		{name: "routing skipped", stream: "data: {\"type\":\"routing\"}\n\ndata: a\n\n", want: "a"},
		{name: "error thrown", stream: "data: a\n\ndata: {\"error\":\"boom\"}\n\n", wantErr: "boom"},
		{name: "bad JSON thrown", stream: "data: {x\n\n", wantErr: "JSON.parse"},
		{name: "remainder trimmed", stream: "data: a\n\n  tail  ", want: "atail"},
		{name: "after [DONE] in the same buffer", stream: "data: [DONE]\n\ndata: late\n\n", want: "late"},
		{name: "CRLF stays in the data", stream: "data: a\r\ndata: b\n\n", want: "a\r\nb"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ReadChatServiceJoined([]byte(tc.stream))
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("got %q, %v; want an error with %q", got, err, tc.wantErr)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("got %q, %v; want %q", got, err, tc.want)
			}
		})
	}
}

func TestReadGaChatbotPageFixed(t *testing.T) {
	const failure = "data: {\"error\":\"Failed to process message. Please try again.\"}\n\n"
	for _, tc := range []struct {
		name, stream, want, wantErr string
	}{
		{name: "error alone", stream: failure, wantErr: "Failed to process message. Please try again."},
		{name: "text then error", stream: "data: a\n\n" + failure, want: "a", wantErr: "Failed to process message. Please try again."},
		{name: "non-string error", stream: "data: {\"error\":null}\n\n", wantErr: "null"},
		{name: "routing then text", stream: "data: {\"type\":\"routing\",\"agentId\":\"v\"}\n\ndata: a\ndata: b\n\ndata: [DONE]\n\n", want: "a\nb"},
		{name: "second routing is text", stream: "data: {\"type\":\"routing\"}\n\ndata: {\"type\":\"routing\"}\n\n", want: "{\"type\":\"routing\"}"},
		{name: "JSON without error is text", stream: "data: {\"a\":1}\n\n", want: "{\"a\":1}"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ReadGaChatbotPageFixed([]byte(tc.stream))
			if got != tc.want {
				t.Errorf("answer %q, want %q", got, tc.want)
			}
			switch {
			case tc.wantErr == "" && err != nil:
				t.Errorf("error %v", err)
			case tc.wantErr != "" && (err == nil || err.Error() != tc.wantErr):
				t.Errorf("error %v, want %q", err, tc.wantErr)
			}
			if tc.wantErr == "" {
				before, _ := ReadGaChatbotPage([]byte(tc.stream))
				if before != got {
					t.Errorf("without an error event the fix changed the answer: %q before, %q after", before, got)
				}
			}
		})
	}
	before, err := ReadGaChatbotPage([]byte(failure))
	if err != nil || before != strings.TrimSuffix(strings.TrimPrefix(failure, "data: "), "\n\n") {
		t.Errorf("the unfixed page should render the error JSON: %q, %v", before, err)
	}
}

func TestAskOnPage(t *testing.T) {
	prior := []ChatTurn{{"user", "hi"}, {"assistant", "hello"}}
	const failure = "data: {\"error\":\"Failed to process message. Please try again.\"}\n\n"
	for _, tc := range []struct {
		name        string
		stream      string
		read        func([]byte) (string, error)
		wantBubble  string
		wantAppends []ChatTurn
	}{
		{"answer", "data: a\n\ndata: [DONE]\n\n", ReadGaChatbotPage, "a", []ChatTurn{{"user", "q"}, {"assistant", "a"}}},
		{"empty", "data: [DONE]\n\n", ReadGaChatbotPage, "", []ChatTurn{{"user", "q"}, {"assistant", EmptyAnswer}}},
		{"error as answer", failure, ReadGaChatbotPage, `{"error":"Failed to process message. Please try again."}`,
			[]ChatTurn{{"user", "q"}, {"assistant", `{"error":"Failed to process message. Please try again."}`}}},
		{"error thrown", failure, ReadGaChatbotPageFixed, "Request failed: Failed to process message. Please try again.", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			history := slices.Clip(slices.Clone(prior))
			v := AskOnPage(history, "q", []byte(tc.stream), tc.read)
			if v.Bubble != tc.wantBubble {
				t.Errorf("bubble %q, want %q", v.Bubble, tc.wantBubble)
			}
			if want := append(slices.Clone(prior), tc.wantAppends...); !slices.Equal(v.History, want) {
				t.Errorf("history %q, want %q", v.History, want)
			}
			if !slices.Equal(history, prior) {
				t.Errorf("the caller's history changed: %q", history)
			}
		})
	}
}
