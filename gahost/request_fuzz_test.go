package gahost

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
	"unicode/utf8"

	"course/internal/dotnet"
)

// FuzzDecodeChatRequest feeds any body and content type to the request decoding: it never
// panics, it answers 400, 413 or 415 with a problem body that is JSON (or 500 for UTF-16 that
// cannot be decoded), or it binds a request that keeps the controller's limits.
func FuzzDecodeChatRequest(f *testing.F) {
	for _, body := range []string{
		`{"message":"Show me Cmaj7 voicings"}`,
		`{"Message":" which arpeggio fits Am F C G ","conversationHistory":[{"role":"user","content":"hi"},{"content":" "}]}`,
		`{"message":""}`,
		`{"message":1,"useSemanticSearch":"yes"}`,
		`{"message":"a","conversationHistory":[null,{"role":null}]}`,
		`null`,
		`{"message":"\ud800\u00e9\xff"}`,
		strings.Repeat("[", 10001) + strings.Repeat("]", 10001),
		`{"message":"hi","pad":` + strings.Repeat("[", 32) + strings.Repeat("]", 32) + `}`,
		`{"pad":"\"[[[[","message":"hi","conversationHistory":[{"content":"` + "\xc3(" + `"}]}`,
		`{"message":"` + strings.Repeat("é", 2001) + `"}`,
	} {
		f.Add([]byte(body), "application/json")
	}
	f.Add([]byte(`{"message":"x"}`), "text/plain")
	f.Add([]byte(`{"message":"x"}`), "application/problem+json; charset=utf-8")
	f.Add([]byte("\xEF\xBB\xBF{\"message\":\"x\"}"), "application/json")
	f.Add([]byte("\xFF\xFE{\x00}\x00"), "application/json; charset=utf-16")
	f.Add([]byte("{\x00\"\x00"), "text/json; charset=unicode")
	f.Fuzz(func(t *testing.T, body []byte, contentType string) {
		r := httptest.NewRequest("POST", "/api/chatbot/chat", strings.NewReader(string(body)))
		r.Header.Set("Content-Type", contentType)
		req, rej := decodeChatRequest(r)
		if rej != nil {
			switch {
			case rej.status == 400, rej.status == 413, rej.status == 415:
			case rej.status == 500 && rej.exception != nil:
				if enc, _ := inputEncoding(contentType); enc != "utf-16" {
					t.Fatalf("an exception reading %s: %v", enc, rej.exception)
				}
				return
			default:
				t.Fatalf("rejected with status %d", rej.status)
			}
			if p := problemBody(rej.status, rej.errors, "t", "s"); !json.Valid(p) || !utf8.Valid(p) {
				t.Fatalf("problem body is not valid JSON: %q", p)
			}
			return
		}
		if !utf8.ValidString(req.Message) {
			t.Fatalf("bound a message of ill-formed UTF-8: %q", req.Message)
		}
		if enc, _ := inputEncoding(contentType); enc == "utf-16" {
			decoded, err := decodeUTF16(body)
			if err != nil {
				t.Fatalf("bound a body that is not UTF-16: %v", err)
			}
			body = decoded
		}
		if tooDeepAt(body) >= 0 {
			t.Fatalf("bound a body nested deeper than %d", maxJSONDepth)
		}
		if dotnet.IsNullOrWhiteSpace(req.Message) || dotnet.UTF16Len(req.Message) > maxMessageLen {
			t.Fatalf("bound a message the controller rejects: %q", req.Message)
		}
		if len(req.History) > maxHistory {
			t.Fatalf("bound %d turns of history", len(req.History))
		}
		for _, h := range req.History {
			if dotnet.IsNullOrWhiteSpace(h.Content) || !utf8.ValidString(h.Content) || !utf8.ValidString(h.Role) {
				t.Fatalf("kept a blank turn: %+v", h)
			}
		}
	})
}
