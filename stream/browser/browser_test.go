package browser

import (
	"bytes"
	"context"
	"errors"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"course/stream/sse"
)

// shared is one Chromium for the whole test binary: starting it is the slow part.
var shared struct {
	once sync.Once
	b    *Browser
	err  error
}

// chromium returns the test binary's browser, or skips the test when there is none to run.
func chromium(t *testing.T) *Browser {
	t.Helper()
	path, err := Find("")
	if err != nil {
		// CI installs Chromium and sets COURSE_REQUIRE_CHROMIUM, so there a missing browser fails.
		if os.Getenv("COURSE_REQUIRE_CHROMIUM") != "" {
			t.Fatalf("COURSE_REQUIRE_CHROMIUM is set: %v", err)
		}
		t.Skipf("%v", err)
	}
	shared.once.Do(func() {
		shared.b, shared.err = Start(context.Background(), path)
	})
	if shared.err != nil {
		t.Fatal(shared.err)
	}
	return shared.b
}

func TestMain(m *testing.M) {
	code := m.Run()
	if shared.b != nil {
		shared.b.Close()
	}
	os.Exit(code)
}

// conformanceCases are streams that exercise each rule of the HTML standard's event-stream
// parsing (9.2.5) and interpretation (9.2.6).
var conformanceCases = []struct {
	name   string
	stream string
}{
	{"one data line", "data: hello\n\n"},
	{"no space after the colon", "data:hello\n\n"},
	{"only one leading space is removed", "data:  two spaces\n\n"},
	{"data lines join with LF", "data: a\ndata: b\ndata: c\n\n"},
	{"CRLF ends lines", "data: a\r\ndata: b\r\n\r\n"},
	{"CR alone ends lines", "data: a\rdata: b\r\r"},
	{"mixed line ends", "data: a\r\ndata: b\rdata: c\n\n"},
	{"a comment is ignored", ": keep-alive\ndata: x\n\n"},
	{"a lone colon is a comment", ":\ndata: x\n\n"},
	{"the event field sets the type", "event: add\ndata: 1\n\n"},
	{"the type resets after dispatch", "event: add\ndata: 1\n\ndata: 2\n\n"},
	{"an empty event field means message", "event:\ndata: x\n\n"},
	{"a type named open", "event: open\ndata: x\n\n"},
	{"a type named error", "event: error\ndata: x\n\n"},
	{"a type keeps a trailing space", "event: add \ndata: x\n\n"},
	{"the id field sets the last event id", "id: 7\ndata: x\n\n"},
	{"the last event id persists", "id: 7\ndata: x\n\ndata: y\n\n"},
	{"an empty id resets it", "id: 7\ndata: x\n\nid\ndata: y\n\n"},
	{"an id with NUL is ignored", "id: 7\ndata: x\n\nid: 8\x009\ndata: y\n\n"},
	{"an id without data dispatches nothing but sticks", "id: 5\n\ndata: x\n\n"},
	{"an event field alone dispatches nothing", "event: add\n\ndata: x\n\n"},
	{"data with no colon is an empty line of data", "data\n\n"},
	{"two empty data lines give one LF", "data\ndata\n\n"},
	{"an empty data value", "data:\n\n"},
	{"unknown fields are ignored", "foo: bar\ndata: x\nbaz\n\n"},
	{"field names are case sensitive", "Data: no\ndata: yes\n\n"},
	{"a space before the name makes another field", " data: no\ndata: yes\n\n"},
	{"colons after the first belong to the value", "data: a:b: c\n\n"},
	{"retry sets no event", "retry: 10000\ndata: x\n\nretry: soon\ndata: y\n\n"},
	{"one leading BOM is dropped", "\xEF\xBB\xBFdata: x\n\n"},
	{"a second BOM is part of the first name", "\xEF\xBB\xBF\xEF\xBB\xBFdata: no\n\ndata: yes\n\n"},
	{"an unfinished event is dropped at the end", "data: x\n\ndata: unfinished\n"},
	{"a stream ending mid-line", "data: x\n\ndata: cut"},
	{"invalid UTF-8 becomes U+FFFD", "data: a\xFFb\xC3\n\n"},
	{"non-ASCII text", "data: Am – F → C ♯\n\n"},
	{"NUL in data", "data: a\x00b\n\n"},
	{"blank lines between events", "\n\n\ndata: x\n\n\n\ndata: y\n\n"},
	{"GA's stream with [DONE]", "data: {\"type\":\"routing\"}\n\ndata: Found 2\ndata:\ndata: - **x**\n\ndata: [DONE]\n\n"},
	{"an empty stream", ""},
}

// standardEvents is what the course's reference reader makes of stream.
func standardEvents(t *testing.T, stream []byte) []sse.Event {
	t.Helper()
	var events []sse.Event
	for ev, err := range sse.Read(bytes.NewReader(stream)) {
		if err != nil {
			t.Fatalf("sse: %v", err)
		}
		events = append(events, ev)
	}
	return events
}

// TestChromiumMatchesTheStandardReader replays each case through Chromium's EventSource and
// requires the events the sse package dispatches: same type, data and last event id, in order.
func TestBrowserConformance(t *testing.T) {
	b := chromium(t)
	for _, c := range conformanceCases {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
			defer cancel()
			got, err := b.ReadStream(ctx, []byte(c.stream))
			if err != nil {
				t.Fatal(err)
			}
			want := standardEvents(t, []byte(c.stream))
			if !slices.Equal(got, want) {
				t.Errorf("stream %q:\nChromium: %#v\nsse:      %#v", c.stream, got, want)
			}
		})
	}
}

// TestConformanceCasesDispatchSomething guards the table against cases that prove nothing
// because no reader sees any event: only the empty stream may dispatch none.
func TestBrowserConformanceCasesDispatchSomething(t *testing.T) {
	for _, c := range conformanceCases {
		if n := len(standardEvents(t, []byte(c.stream))); n == 0 && c.stream != "" {
			t.Errorf("%s: no events", c.name)
		}
	}
}

// TestBrowserServesEachStreamOnce checks the server half of a deterministic read: the bytes as
// given, as text/event-stream, and a 204 for any reconnection, which ends an EventSource for good.
func TestBrowserServesEachStreamOnce(t *testing.T) {
	b := &Browser{streams: map[string][]byte{}, pages: map[string]string{}}
	srv := httptest.NewServer(b.handler())
	defer srv.Close()
	stream := []byte("retry: 0\r\ndata: once\r\n\r\n")
	path := b.serveStream(stream)

	tests := []struct {
		status      int
		contentType string
		body        []byte
	}{
		{http.StatusOK, "text/event-stream", stream},
		{http.StatusNoContent, "", nil},
	}
	for i, tt := range tests {
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != tt.status || resp.Header.Get("Content-Type") != tt.contentType || !bytes.Equal(body, tt.body) {
			t.Errorf("request %d: %d %q %q, want %d %q %q", i+1, resp.StatusCode, resp.Header.Get("Content-Type"), body, tt.status, tt.contentType, tt.body)
		}
	}
}

func TestBrowserEventTypes(t *testing.T) {
	tests := []struct {
		stream string
		want   []string
	}{
		{"data: x\n\n", []string{"message"}},
		{"event: add\ndata: x\n\nevent:add\n\n", []string{"message", "add"}},
		{"event:  two\r\nevent\revent:\n", []string{"message", " two"}},
		{"\xEF\xBB\xBFevent: first\n", []string{"message", "first"}},
		{"Event: no\n event: no\n", []string{"message"}},
	}
	for _, tt := range tests {
		if got := EventTypes([]byte(tt.stream)); !slices.Equal(got, tt.want) {
			t.Errorf("EventTypes(%q) = %q, want %q", tt.stream, got, tt.want)
		}
	}
}

func TestBrowserFindNamesTheInstall(t *testing.T) {
	_, err := Find("/nonexistent/chromium")
	if !errors.Is(err, ErrNotFound) {
		t.Fatalf("Find: %v, want ErrNotFound", err)
	}
	if !strings.Contains(err.Error(), "apt-get install chromium") {
		t.Errorf("Find's error does not say how to install: %v", err)
	}
}

func TestBrowserRenderMarkdown(t *testing.T) {
	tests := []struct {
		name, md string
		items    int
		contains string
	}{
		{"one list item when line breaks are lost", "- **Am** → x.- **F** → y.", 1, "<strong>Am</strong>"},
		{"four items with line breaks", "- a\n- b\n- c\n- d\n", 4, "<li>d</li>"},
		{"raw HTML is left out", "<script>alert(1)</script>\n", 0, "raw HTML omitted"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			html, err := RenderMarkdown(tt.md)
			if err != nil {
				t.Fatal(err)
			}
			if n := strings.Count(html, "<li>"); n != tt.items {
				t.Errorf("%d list items in %q, want %d", n, html, tt.items)
			}
			if !strings.Contains(html, tt.contains) {
				t.Errorf("%q lacks %q", html, tt.contains)
			}
		})
	}
}

// TestRenderMarkdownFollowsCommonMark holds the renderer to CommonMark's output for the forms
// the chatbot's answers use.
func TestRenderMarkdownFollowsCommonMark(t *testing.T) {
	tests := []struct{ md, want string }{
		{"Here are some **arpeggio** ideas for *Am F C G*:\n\n- **Am** → A C E\n- **F** → F A C\n\nTry `x32010`.\n",
			"<p>Here are some <strong>arpeggio</strong> ideas for <em>Am F C G</em>:</p>\n<ul>\n<li><strong>Am</strong> → A C E</li>\n<li><strong>F</strong> → F A C</li>\n</ul>\n<p>Try <code>x32010</code>.</p>\n"},
		{"# Title\n\nSome text\nmore text\n\n1. one\n2. two\n\n> quote\n\n---\n\n```vextab\n6/3 <x>\n```\n",
			"<h1>Title</h1>\n<p>Some text\nmore text</p>\n<ol>\n<li>one</li>\n<li>two</li>\n</ol>\n<blockquote>\n<p>quote</p>\n</blockquote>\n<hr>\n<pre><code class=\"language-vextab\">6/3 &lt;x&gt;\n</code></pre>\n"},
		{"3. x\n4. y",
			"<ol start=\"3\">\n<li>x</li>\n<li>y</li>\n</ol>\n"},
		{"- a\n\n- b\n",
			"<ul>\n<li>\n<p>a</p>\n</li>\n<li>\n<p>b</p>\n</li>\n</ul>\n"},
		{"text\n- item",
			"<p>text</p>\n<ul>\n<li>item</li>\n</ul>\n"},
		{"text\n2. item",
			"<p>text\n2. item</p>\n"},
		{"Line one  \nLine two",
			"<p>Line one<br>\nLine two</p>\n"},
		{"a & \"b\" < c\n[link](http://x.y) and \\*not\\*",
			"<p>a &amp; &quot;b&quot; &lt; c\n<a href=\"http://x.y\">link</a> and *not*</p>\n"},
		{"text *em* **st** ***both*** * no * a*b*c",
			"<p>text <em>em</em> <strong>st</strong> <em><strong>both</strong></em> * no * a<em>b</em>c</p>\n"},
		{"snake_case_name and _em_",
			"<p>snake_case_name and <em>em</em></p>\n"},
		{"`a` ``b`c`` x `across\nlines`",
			"<p><code>a</code> <code>b`c</code> x <code>across lines</code></p>\n"},
		{"<div>\nhi\n</div>\n\npara <b>x</b>",
			"<!-- raw HTML omitted -->\n<p>para <!-- raw HTML omitted -->x<!-- raw HTML omitted --></p>\n"},
	}
	for _, tt := range tests {
		got, err := RenderMarkdown(tt.md)
		if err != nil {
			t.Fatal(err)
		}
		if got != tt.want {
			t.Errorf("%q\n got %q\nwant %q", tt.md, got, tt.want)
		}
	}
}

func TestBrowserPageEscapesAFailure(t *testing.T) {
	html, err := Page{Question: "q", Bubble: "Request failed: <b>x</b>", Failed: true}.HTML()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(html, "<b>x</b>") || !strings.Contains(html, "Request failed: &lt;b&gt;x&lt;/b&gt;") {
		t.Errorf("the failure is not shown as text:\n%s", html)
	}
}

func TestBrowserScreenshot(t *testing.T) {
	b := chromium(t)
	tests := []struct {
		bubble  string
		failed  bool
		bullets int
	}{
		{"Chords:\n\n- one.- two.", false, 1},
		{"Chords:\n\n- one.\n- two.\n- three.\n", false, 3},
		{"- not a list when it failed", true, 0},
	}
	for _, tt := range tests {
		shot, err := b.Screenshot(t.Context(), Page{Caption: "test", Question: "q", Bubble: tt.bubble, Failed: tt.failed})
		if err != nil {
			t.Fatal(err)
		}
		if shot.Bullets != tt.bullets {
			t.Errorf("%q: %d bullets, want %d", tt.bubble, shot.Bullets, tt.bullets)
		}
		img, err := png.Decode(bytes.NewReader(shot.PNG))
		if err != nil {
			t.Fatalf("%q: not a PNG: %v", tt.bubble, err)
		}
		if w := img.Bounds().Dx(); w != pageWidth {
			t.Errorf("%q: %d pixels wide, want %d", tt.bubble, w, pageWidth)
		}
	}
}
