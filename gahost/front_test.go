package gahost

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
	"unicode/utf16"
)

// exchange sends raw to the host at addr over a fresh connection, from a goroutine so that a
// host that stops reading cannot block the test, reads want responses, and reports whether
// the host then closed the connection (instead of waiting for more).
func exchange(t *testing.T, addr, raw string, want int) (statuses []int, headers []http.Header, closed bool) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	go func() { _, _ = io.WriteString(conn, raw) }()
	// The deadline bounds a host that never answers; a host that closes ends the read at once.
	_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	br := bufio.NewReader(conn)
	for range want {
		resp, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatalf("after %d responses %v: %v", len(statuses), statuses, err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.Close {
			resp.Header.Set("Connection", "close") // ReadResponse moves it to resp.Close
		}
		statuses = append(statuses, resp.StatusCode)
		headers = append(headers, resp.Header)
	}
	// What comes next tells a closed connection (EOF) from one kept open (the deadline, or a
	// response to a request that should never have been read).
	_ = conn.SetReadDeadline(time.Now().Add(2 * time.Second))
	extra, err := br.ReadByte()
	if err == nil {
		rest, _ := br.Peek(br.Buffered())
		t.Errorf("more after %d responses: %q", want, append([]byte{extra}, rest...))
	}
	return statuses, headers, err == io.EOF
}

// padRequestLine returns a GET /api request line of exactly n bytes with its CRLF.
func padRequestLine(n int) string {
	base := "GET /api?p= HTTP/1.1\r\n"
	return "GET /api?p=" + strings.Repeat("a", n-len(base)) + " HTTP/1.1\r\n"
}

// padHeaders returns header lines of exactly n bytes with their CRLFs, Host first.
func padHeaders(n int) string {
	host := "Host: x\r\n"
	return host + "X-Pad: " + strings.Repeat("a", n-len(host)-len("X-Pad: \r\n")) + "\r\n"
}

// TestKestrelHeadLimits sends request lines and headers at and past Kestrel's defaults
// (MaxRequestLineSize 8 KiB, MaxRequestHeadersTotalSize 32 KiB, MaxRequestHeaderCount 100):
// at the limit the request is served; past it the answer is 414 or 431 and the connection ends.
func TestKestrelHeadLimits(t *testing.T) {
	addr := runHost(t)
	manyHeaders := func(n int) string {
		var b strings.Builder
		b.WriteString("Host: x\r\n")
		for i := 1; i < n; i++ {
			fmt.Fprintf(&b, "X-%d: y\r\n", i)
		}
		return b.String()
	}
	for _, tc := range []struct {
		name   string
		raw    string
		status int
	}{
		{"request line of 8 KiB", padRequestLine(8192) + "Host: x\r\n\r\n", 200},
		{"request line of 8 KiB and a byte", padRequestLine(8193) + "Host: x\r\n\r\n", 414},
		{"URI of 1 MiB", padRequestLine(1<<20) + "Host: x\r\n\r\n", 414},
		{"headers of 32 KiB", "GET /api HTTP/1.1\r\n" + padHeaders(32768) + "\r\n", 200},
		{"headers of 32 KiB and a byte", "GET /api HTTP/1.1\r\n" + padHeaders(32769) + "\r\n", 431},
		{"a header of 1 MiB", "GET /api HTTP/1.1\r\n" + padHeaders(1<<20) + "\r\n", 431},
		{"100 headers", "GET /api HTTP/1.1\r\n" + manyHeaders(100) + "\r\n", 200},
		{"101 headers", "GET /api HTTP/1.1\r\n" + manyHeaders(101) + "\r\n", 431},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// A request that is served is followed by another on the same connection, with
			// Connection: close, so that both kinds of request end with the connection closed.
			raw, want := tc.raw, 1
			if tc.status == 200 {
				raw += "GET /api HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
				want = 2
			}
			statuses, headers, closed := exchange(t, addr, raw, want)
			if statuses[0] != tc.status || !closed {
				t.Fatalf("HTTP %v, closed %v; want %d", statuses, closed, tc.status)
			}
			if tc.status != 200 && (headers[0].Get("Connection") != "close" || headers[0].Get("Content-Length") != "0") {
				t.Errorf("rejection headers %v", headers[0])
			}
			if tc.status == 200 && statuses[1] != 200 {
				t.Errorf("the request after it: HTTP %d", statuses[1])
			}
		})
	}
}

// TestKestrelFraming sends what Kestrel refuses to frame: Content-Length beside
// Transfer-Encoding (a smuggled request follows), a folded Transfer-Encoding, a final coding
// other than chunked, two Content-Lengths. Each gets 400 and the end of the connection, and the
// request smuggled behind it is never answered.
func TestKestrelFraming(t *testing.T) {
	addr := runHost(t)
	const post = "POST /api/chatbot/chat HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
	const smuggled = "GET /api HTTP/1.1\r\nHost: x\r\n\r\n"
	for _, tc := range []struct{ name, headers, body string }{
		{"Content-Length, then Transfer-Encoding", "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n", "0\r\n\r\n"},
		{"Transfer-Encoding, then Content-Length", "Transfer-Encoding: chunked\r\nContent-Length: 5\r\n", "0\r\n\r\n"},
		{"folded Transfer-Encoding", "Transfer-Encoding:\r\n chunked\r\n", "0\r\n\r\n"},
		{"folded other header", "X-A: 1\r\n\tfolded\r\nContent-Length: 0\r\n", ""},
		{"final coding not chunked", "Transfer-Encoding: chunked, identity\r\n", "0\r\n\r\n"},
		{"two Content-Lengths", "Content-Length: 0\r\nContent-Length: 0\r\n", ""},
		{"Content-Length with a sign", "Content-Length: +0\r\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			statuses, headers, closed := exchange(t, addr, post+tc.headers+"\r\n"+tc.body+smuggled, 1)
			if statuses[0] != http.StatusBadRequest || !closed || headers[0].Get("Connection") != "close" {
				t.Errorf("HTTP %v, closed %v, headers %v; want 400 and the connection closed", statuses, closed, headers[0])
			}
		})
	}
}

// TestBrokenChunkedBody sends a chunk size that is not a number: the request is answered 400
// at once, not when the read deadline passes, and the connection ends before the request after
// it.
func TestBrokenChunkedBody(t *testing.T) {
	addr := runHost(t)
	raw := "POST " + chatPath + " HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n" +
		"zz\r\n{}\r\n0\r\n\r\nGET /api HTTP/1.1\r\nHost: x\r\n\r\n"
	statuses, _, closed := exchange(t, addr, raw, 1)
	if statuses[0] != http.StatusBadRequest || !closed {
		t.Errorf("HTTP %v, closed %v; want 400 and the connection closed", statuses, closed)
	}
}

// TestKestrelFramingKeepsGoodStreams pipelines bodies framed every lawful way (a chunked body
// with an extension and a trailer, a Content-Length body, no body), then a bad request: the good
// ones are all answered in order, and only then the bad one gets its 400.
func TestKestrelFramingKeepsGoodStreams(t *testing.T) {
	addr := runHost(t)
	body := `{"message":"` + voicingQuestion + `"}`
	chunked := fmt.Sprintf("%x;ext=1\r\n%s\r\n0\r\nX-Trailer: t\r\n\r\n", len(body), body)
	raw := "POST " + streamPath + " HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n" + chunked +
		"POST " + chatPath + " HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: " + fmt.Sprint(len(body)) + "\r\n\r\n" + body +
		"GET /api HTTP/1.1\r\nHost: x\r\n\r\n" +
		"GET /api HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 0\r\n\r\n"
	statuses, _, closed := exchange(t, addr, raw, 4)
	if fmt.Sprint(statuses) != "[200 200 200 400]" || !closed {
		t.Errorf("HTTP %v, closed %v; want [200 200 200 400] and the connection closed", statuses, closed)
	}
}

// TestBodyEncodings posts the voicing question with a UTF-8 byte order mark, and in UTF-16 under
// each name .NET gives it, as MVC's JSON input formatter reads them; charsets the formatter does
// not support get 415, and UTF-16 that cannot be decoded is an exception the formatter does not
// catch.
func TestBodyEncodings(t *testing.T) {
	addr := "http://" + runHost(t)
	question := `{"message":"` + voicingQuestion + `"}`
	utf16LE := func(s string, bom bool) string {
		var b []byte
		if bom {
			b = append(b, 0xFF, 0xFE)
		}
		for _, u := range utf16.Encode([]rune(s)) {
			b = append(b, byte(u), byte(u>>8))
		}
		return string(b)
	}
	for _, tc := range []struct {
		name, contentType, body string
		status                  int
		pattern                 string
	}{
		{"UTF-8 with a byte order mark", "application/json", "\xEF\xBB\xBF" + question, 200, `"agentId":"voicing"`},
		{"UTF-8 named unicode-1-1-utf-8", "application/json; charset=unicode-1-1-utf-8", question, 200, `"agentId":"voicing"`},
		{"UTF-16", "application/json; charset=utf-16", utf16LE(question, false), 200, `"agentId":"voicing"`},
		{"UTF-16 with a byte order mark", "application/json; charset=UTF-16", utf16LE(question, true), 200, `"agentId":"voicing"`},
		{"UTF-16 named unicode", "application/json; charset=unicode", utf16LE(question, false), 200, `"agentId":"voicing"`},
		{"UTF-16 named utf-16le", "text/json; charset=utf-16le", utf16LE(question, false), 200, `"agentId":"voicing"`},
		{"UTF-16 big-endian", "application/json; charset=utf-16BE", question, 415, `"status":415`},
		{"UTF-32", "application/json; charset=utf-32", question, 415, `"status":415`},
		{"Latin-1", "application/json; charset=iso-8859-1", question, 415, `"status":415`},
		{"ASCII", "application/json; charset=us-ascii", question, 415, `"status":415`},
		{"an unknown charset", "application/json; charset=klingon", question, 415, `"status":415`},
		{"UTF-16 with an odd byte", "application/json; charset=utf-16", utf16LE(question, false) + "x", 500, `"status":500`},
		{"UTF-16 with an unpaired surrogate", "application/json; charset=utf-16", utf16LE(`{"message":"`, false) + "\x00\xD8" + utf16LE(`a"}`, false), 500, `"status":500`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := post(t, addr+chatPath, tc.contentType, tc.body)
			if r.status != tc.status || !strings.Contains(string(r.body), strings.Trim(tc.pattern, "`")) {
				t.Errorf("HTTP %d %.300s\nwant %d with %s", r.status, r.body, tc.status, tc.pattern)
			}
			s := post(t, addr+streamPath, tc.contentType, tc.body)
			if tc.status == 200 {
				if s.status != 200 || !strings.HasPrefix(string(s.body), `data: {"type":"routing","agentId":"voicing"`) {
					t.Errorf("stream: HTTP %d %.200q", s.status, s.body)
				}
			} else if s.status != tc.status {
				t.Errorf("stream: HTTP %d, want %d", s.status, tc.status)
			}
		})
	}
}
