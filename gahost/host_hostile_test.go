package gahost

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"
)

// endlessReader yields 'x' forever, a body with no length and no end.
type endlessReader struct{}

func (endlessReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'x'
	}
	return len(p), nil
}

// TestHostileBodies sends bodies past the limit, nested past System.Text.Json's depth, and
// holding ill-formed UTF-8, to both endpoints: each gets its defined rejection, and none
// leaves the host unable to answer.
func TestHostileBodies(t *testing.T) {
	t.Parallel() // a 413 closes its connection after net/http's half-second linger
	h := startHost(t, Config{})
	nested := func(n int) string {
		return `{"message":"` + voicingQuestion + `","pad":` + strings.Repeat("[", n) + strings.Repeat("]", n) + `}`
	}
	depthError := `"\$":\["The maximum configured depth of 32 has been exceeded\. Path: \$ \| BytePosition: \d+\."\],"request"`
	utf8Error := func(path string) string {
		return `"` + regexp.QuoteMeta(path) + `":\["Cannot transcode invalid UTF-8 JSON text to UTF-16 string\. Path: ` + regexp.QuoteMeta(path) + `\."\]`
	}
	for _, tc := range []struct {
		name    string
		body    func() io.Reader
		status  int
		pattern string
	}{
		{"endless body without a length", func() io.Reader { return io.LimitReader(endlessReader{}, 64<<20) }, 413, `"title":"Content Too Large"`},
		{"31 levels under the root", func() io.Reader { return strings.NewReader(nested(31)) }, 200, `"agentId":"voicing"`},
		{"32 levels under the root", func() io.Reader { return strings.NewReader(nested(32)) }, 400, depthError},
		{"half a million levels", func() io.Reader { return strings.NewReader(nested(MaxBodyBytes / 2)[:MaxBodyBytes]) }, 400, depthError},
		{"ill-formed UTF-8 in the message", func() io.Reader { return strings.NewReader("{\"message\":\"Show me Cmaj7 \xff\xfe voicings\"}") }, 400, utf8Error("$.message")},
		{"ill-formed UTF-8 in a turn", func() io.Reader {
			return strings.NewReader(`{"message":"hi","conversationHistory":[{"role":"user","content":"ok"},{"role":"user","content":"` + "\xe2\x82" + `"}]}`)
		}, 400, utf8Error("$.conversationHistory[1].content")},
		{"ill-formed UTF-8 in a property nobody binds", func() io.Reader {
			return strings.NewReader(`{"note":"` + "\xc0\xaf" + `","message":"` + voicingQuestion + `"}`)
		}, 200, `"agentId":"voicing"`},
	} {
		for _, path := range []string{chatPath, streamPath} {
			t.Run(tc.name+path, func(t *testing.T) {
				resp, err := http.Post(h.url+path, "application/json", tc.body())
				if err != nil {
					t.Fatal(err)
				}
				body, err := io.ReadAll(resp.Body)
				resp.Body.Close()
				if err != nil {
					t.Fatal(err)
				}
				if path == streamPath && tc.status == 200 {
					// The stream's routing event carries what /chat's body does.
					if resp.StatusCode != 200 || !strings.HasPrefix(string(body), `data: {"type":"routing","agentId":"voicing"`) {
						t.Fatalf("HTTP %d %.200q", resp.StatusCode, body)
					}
					return
				}
				if resp.StatusCode != tc.status || !regexp.MustCompile(tc.pattern).Match(body) {
					t.Fatalf("HTTP %d %.300s\nwant %d matching %s", resp.StatusCode, body, tc.status, tc.pattern)
				}
				if tc.status != 200 && !json.Valid(body) {
					t.Fatalf("problem body is not JSON: %.300q", body)
				}
			})
		}
	}
	if r := ask(t, h, chatPath, voicingQuestion); r.status != http.StatusOK {
		t.Fatalf("after the hostile bodies: HTTP %d", r.status)
	}
}

// runHost runs Run on a free port with the model on a closed port and returns the host's
// address; the host stops when the test ends.
func runHost(t *testing.T) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	stdoutR, stdoutW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, []string{"--urls", "http://127.0.0.1:0", "--Ollama:BaseUrl=" + closedPort(t), "--Ollama:Endpoint=" + closedPort(t)}, stdoutW, io.Discard)
		stdoutW.Close()
	}()
	t.Cleanup(func() {
		cancel()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Error("Run did not return after cancel")
		}
	})
	sc := bufio.NewScanner(stdoutR)
	addr := ""
	for addr == "" && sc.Scan() {
		if m := regexp.MustCompile(`Now listening on: http://(127\.0\.0\.1:\d+)$`).FindStringSubmatch(sc.Text()); m != nil {
			addr = m[1]
		}
	}
	go func() { _, _ = io.Copy(io.Discard, stdoutR) }()
	if addr == "" {
		t.Fatal("the host printed no listening line")
	}
	return addr
}

// TestSlowClients holds connections that never finish sending: the server closes one whose
// headers stall, answers 408 to one whose body stalls, and goes on answering others meanwhile.
func TestSlowClients(t *testing.T) {
	savedHeader, savedBody := headerReadTimeout, bodyReadTimeout
	headerReadTimeout, bodyReadTimeout = 300*time.Millisecond, 600*time.Millisecond
	t.Cleanup(func() { headerReadTimeout, bodyReadTimeout = savedHeader, savedBody })
	addr := runHost(t)

	dial := func(t *testing.T, sent string) net.Conn {
		t.Helper()
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.Close() })
		if _, err := io.WriteString(conn, sent); err != nil {
			t.Fatal(err)
		}
		return conn
	}
	// Both connections stall at once; the deadline on reading their end bounds the test if the
	// server never lets go.
	headers := dial(t, "POST "+chatPath+" HTTP/1.1\r\nHost: x\r\nContent-Type: appl")
	body := dial(t, "POST "+streamPath+" HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"message\":")
	start := time.Now()
	for _, c := range []net.Conn{headers, body} {
		_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
	}

	if r := post(t, "http://"+addr+chatPath, "application/json", `{"message":"`+voicingQuestion+`"}`); r.status != http.StatusOK {
		t.Errorf("a prompt client behind the slow ones: HTTP %d", r.status)
	}

	got, err := io.ReadAll(headers)
	if err != nil || len(got) != 0 {
		t.Errorf("stalled headers: read %q, %v; want the connection closed", got, err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(body), nil)
	if err != nil {
		t.Fatalf("stalled body: %v", err)
	}
	problem, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestTimeout || !strings.Contains(string(problem), `"title":"Request Timeout","status":408`) {
		t.Errorf("stalled body: HTTP %d %s", resp.StatusCode, problem)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("the slow clients held on for %v", d)
	}
}

// TestLongStreamOutlivesReadTimeout checks that the read deadline ends with the request: a
// stream answered after it has passed is still delivered whole.
func TestLongStreamOutlivesReadTimeout(t *testing.T) {
	savedHeader, savedBody := headerReadTimeout, bodyReadTimeout
	headerReadTimeout, bodyReadTimeout = 100*time.Millisecond, 200*time.Millisecond
	t.Cleanup(func() { headerReadTimeout, bodyReadTimeout = savedHeader, savedBody })
	hold := make(chan struct{})
	model := startModel(t, &modelStub{answer: "Late but whole.", hold: hold})
	t.Setenv("Ollama__BaseUrl", model)
	t.Setenv("Ollama__Endpoint", model)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stdoutR, stdoutW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, []string{"--urls", "http://127.0.0.1:0"}, stdoutW, io.Discard)
		stdoutW.Close()
	}()
	sc := bufio.NewScanner(stdoutR)
	addr := ""
	for addr == "" && sc.Scan() {
		if m := regexp.MustCompile(`Now listening on: (http://127\.0\.0\.1:\d+)$`).FindStringSubmatch(sc.Text()); m != nil {
			addr = m[1]
		}
	}
	go func() { _, _ = io.Copy(io.Discard, stdoutR) }()
	go func() { time.Sleep(4 * bodyReadTimeout); close(hold) }()
	r := post(t, addr+streamPath, "application/json", `{"message":"`+arpeggioQuestion+`"}`)
	if r.status != http.StatusOK || !strings.Contains(string(r.body), "data: Late but whole.\n\n") || !strings.HasSuffix(string(r.body), "data: [DONE]\n\n") {
		t.Errorf("HTTP %d %q", r.status, r.body)
	}
	cancel()
	<-done
}

// TestDeclaredOversizedBody sends, on a raw connection, a request that declares a body of a
// billion bytes and sends 36: the host answers 413 at once, as Kestrel does for a declared length
// over its limit, and closes the connection, rather than wait out the read timeout for the rest.
func TestDeclaredOversizedBody(t *testing.T) {
	t.Parallel() // a 413 closes its connection after net/http's half-second linger
	h := startHost(t, Config{})
	for _, path := range []string{chatPath, streamPath} {
		t.Run(path, func(t *testing.T) {
			conn, err := net.Dial("tcp", strings.TrimPrefix(h.url, "http://"))
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			// Well under the host's 30 s read timeout, past which it answers 408 instead.
			conn.SetDeadline(time.Now().Add(10 * time.Second))
			body := `{"message":"Show me Cmaj7 voicings"}`
			req := "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000000000\r\n\r\n" + body
			if _, err := io.WriteString(conn, req); err != nil {
				t.Fatal(err)
			}
			br := bufio.NewReader(conn)
			resp, err := http.ReadResponse(br, nil)
			if err != nil {
				t.Fatalf("no answer to a declared billion bytes: %v", err)
			}
			problem, err := io.ReadAll(resp.Body)
			if err != nil || resp.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(string(problem), `"title":"Content Too Large"`) {
				t.Fatalf("HTTP %d %.300s (%v), want 413 with its problem body", resp.StatusCode, problem, err)
			}
			if !resp.Close {
				t.Errorf("the answer does not close the connection: %v", resp.Header)
			}
			if n, err := io.Copy(io.Discard, br); err != nil || n != 0 {
				t.Errorf("after the 413: %d more bytes, %v; want the connection closed", n, err)
			}
		})
	}
}
