package matrix

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"course/ga/skills"
	"course/internal/report"
	"course/internal/testutil"
	"course/stream/wire"
	"course/stream/wire/transport"
)

func TestMatrixTransportFlags(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"matrix", "--transport", "smoke"}, `--transport "smoke": use sse, websocket, signalr, all`},
		{[]string{"matrix", "--transport", "websocket", "--crlf"}, "--crlf frames server-sent events"},
		{[]string{"matrix", "--transport", "all", "--writers", "bit"}, "--writers and --readers pick within one transport"},
		{[]string{"matrix", "--transport", "websocket", "--writers", "gaapi"}, `unknown websocket writer "gaapi"; the websocket writers are bit`},
		{[]string{"matrix", "--transport", "signalr", "--readers", "ws"}, `unknown signalr reader "ws"; the signalr readers are course, coder, signalr`},
	} {
		_, err := run(t, tt.args...)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: %v, want an error containing %q", tt.args, err, tt.want)
		}
	}
	// The SSE keys still pick SSE systems when the transport is named.
	out, err := run(t, "matrix", "--transport", "sse", "--writers", "gaapi", "--readers", "standard")
	if err != nil || len(gridCells(t, out, "== Each writer (down)")) != 1 {
		t.Errorf("--transport sse with keys: %v\n%s", err, out)
	}
}

// readPair reads writer w's answer of chunks with reader rd as the matrix does, apart from it.
func readPair(t *testing.T, w transport.Writer, rd transport.Reader, chunks []string, fail bool) (string, error) {
	t.Helper()
	s, err := w.Serve(wire.Input{Chunks: chunks}, fail)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	return transport.Shows(w.Format, rd.Read(ctx, transport.TargetFor(w, s, wire.ArpeggioQuestion)))
}

// TestMatrixTransportGridsAreTheReaders reads every cell of the WebSocket and SignalR grids back
// through their legends and checks each against the pair read on its own, for the matrix's text
// and for one whose only chunk is past coder's read limit, which moves coder's cells.
func TestMatrixTransportGridsAreTheReaders(t *testing.T) {
	text := skills.Improvisation{}.Execute(wire.ArpeggioQuestion).Text
	long := strings.Repeat("Am7 D7 G.\n", 4000)
	path := filepath.Join(t.TempDir(), "long.md")
	if err := os.WriteFile(path, []byte(long), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args   []string
		text   string
		chunks []string
	}{
		{[]string{"matrix", "--transport", "all"}, text, wire.Split743(text)},
		{[]string{"matrix", "--transport", "all", "--text", path, "--split", "none"}, long, []string{long}},
	} {
		out, err := run(t, tc.args...)
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range []transport.Kind{transport.WebSocket, transport.SignalR} {
			cells := gridCells(t, out, "== "+overTitle(k)+": each writer (down)")
			writers, _ := transport.WritersOf(k, nil)
			readers, _ := transport.ReadersOf(k, nil)
			if len(cells) != len(writers)*len(readers) {
				t.Fatalf("%q %s: %d cells, want %d", tc.args, k, len(cells), len(writers)*len(readers))
			}
			for _, w := range writers {
				for _, rd := range readers {
					got, err := readPair(t, w, rd, tc.chunks, false)
					if want := wire.OneLine(wire.Measured(tc.text, got, err)); cells[[2]string{w.Key, rd.Key}] != want {
						t.Errorf("%q %s, %s with %s: the grid says %q, the pair %q", tc.args, k, w.Key, rd.Key, cells[[2]string{w.Key, rd.Key}], want)
					}
				}
			}
		}
		sr := gridCells(t, out, "== Over SignalR: each writer (down)")
		if got := sr[[2]string{"split", "signalr"}]; got != "(throws) Message is incomplete." {
			t.Errorf("%q: the JS client on split records: %q", tc.args, got)
		}
		if got := sr[[2]string{"split", "course"}]; tc.text == text && got != "exact" {
			t.Errorf("%q: the course's buffering reader on split records: %q", tc.args, got)
		}
		coder := gridCells(t, out, "== Over a WebSocket: each writer (down)")[[2]string{"bit", "coder"}]
		if tooBig := strings.Contains(coder, "read limited at 32769 bytes"); tooBig != (tc.text == long) {
			t.Errorf("%q: coder's cell %q", tc.args, coder)
		}
	}
}

// TestMatrixTransportFailuresAndHazards checks the --error and --hazards runs over the
// transports: each writer's failure as it arrived, and the Boilerplate panel's in-band marker.
func TestMatrixTransportFailuresAndHazards(t *testing.T) {
	out, err := run(t, "matrix", "--transport", "signalr", "--error")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "bitplatform Boilerplate AppHub\n  | \"MESSAGE_PROCESS_ERROR\"\n") {
		t.Errorf("no Boilerplate failure item in:\n%s", out)
	}
	cells := gridCells(t, out, "== Over SignalR: what each user sees when answering fails")
	if cells[[2]string{"bit", "signalr"}] != "(throws) "+wire.BitErrorMessage || !strings.Contains(cells[[2]string{"boilerplate", "course"}], transport.BoilerplateError) {
		t.Errorf("failure cells %q", cells)
	}
	hz, err := run(t, "matrix", "--transport", "all", "--hazards")
	if err != nil {
		t.Fatal(err)
	}
	marker := testutil.Section(t, hz, "== Over SignalR, hazard: a chunk that is "+transport.BoilerplateSuccess)
	if !strings.Contains(marker, `boilerplate  course   "The panel stops at the next word: "`) || strings.Contains(marker, "bit          course") {
		t.Errorf("the in-band marker:\n%s", marker)
	}
	if !strings.Contains(hz, "== Hazard: a line that is [DONE]") {
		t.Errorf("--transport all --hazards has no SSE hazards:\n%s", hz)
	}
}

// TestMatrixApprovals reads the approval tables back: every reader but the JS client on split
// records surfaces the request, and a decision lost to another instance leaves the SSE reply
// waiting while the others arrive.
func TestMatrixApprovals(t *testing.T) {
	out, err := run(t, "matrix", "--transport", "all")
	if err != nil {
		t.Fatal(err)
	}
	surf := testutil.Section(t, out, "== Tool-call approvals: which readers surface the request")
	for _, want := range []string{"bit-ws       ws       shown        exact", "bit-signalr  signalr  shown        exact",
		"split        signalr  never shown  (throws) Message is incomplete."} {
		if !strings.Contains(surf, want) {
			t.Errorf("no %q in:\n%s", want, surf)
		}
	}
	dec := testutil.Section(t, out, "== Tool-call approvals: what becomes of the decision")
	for _, want := range []string{
		"bit-sse      to another instance     refused: 404 no such tool call",
		"bit-sse      a second decision       taken, then refused: 409 already decided",
		"bit-signalr  a second decision       taken, then refused: already decided",
		"foundry      to another instance     taken",
	} {
		if !strings.Contains(dec, want) {
			t.Errorf("no %q in:\n%s", want, dec)
		}
	}
	if n := strings.Count(dec, "exact\n"); n != len(transport.ApprovalFlows)*len(transport.Scenarios)-1 {
		t.Errorf("%d exact answers, want every run but one:\n%s", n, dec)
	}
	// One transport shows its own flows only.
	ws, err := run(t, "matrix", "--transport", "websocket")
	if err != nil || strings.Contains(ws, "bit-sse") || !strings.Contains(ws, "bit-ws  before the reply waits") {
		t.Errorf("--transport websocket: %v\n%s", err, ws)
	}
}

// TestMatrixTransportJSON reads the --json records of the transports back.
func TestMatrixTransportJSON(t *testing.T) {
	out, err := run(t, "matrix", "--transport", "signalr", "--json")
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		var rec map[string]any
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		kinds[rec["record"].(string)]++
		if rec["record"] == "cell" && (rec["transport"] != "signalr" || rec["writer"] == "split" && rec["reader"] == "signalr" && rec["error"] != "Message is incomplete.") {
			t.Errorf("cell %v", rec)
		}
	}
	if kinds["text"] != 1 || kinds["writer"] != 3 || kinds["reader"] != 3 || kinds["cell"] != 9 || kinds["approval-reader"] != 6 || kinds["approval"] != 4 {
		t.Errorf("records %v", kinds)
	}
}

// TestMatrixTransportFitsAHundredColumns checks the transports' output against the reading width.
func TestMatrixTransportFitsAHundredColumns(t *testing.T) {
	for _, args := range [][]string{
		{"matrix", "--transport", "all"}, {"matrix", "--transport", "all", "--error"}, {"matrix", "--transport", "all", "--hazards"},
	} {
		out, err := run(t, args...)
		if err != nil {
			t.Fatalf("course %s: %v", strings.Join(args, " "), err)
		}
		if wide := testutil.OverWide(out, report.DefaultWidth); len(wide) > 0 {
			t.Errorf("course %s: %d lines over %d columns, the first: %q", strings.Join(args, " "), len(wide), report.DefaultWidth, wide[0])
		}
	}
}
