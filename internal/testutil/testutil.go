// Package testutil is what the course's tests share: the test binary serving as the processes
// the course starts (a lesson starts `<binary> host`, and under `go test` the binary is the test
// binary), the failing hosts the tests need, the line diff a failed snapshot shows, and the rules
// that a browser or pseudo-terminal test skips only where CI does not require one.
package testutil

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime"
	"runtime/metrics"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/sergi/go-diff/diffmatchpatch"

	"course/gahost"
	"course/hostproc"
	"course/internal/indexcache/cachetest"
	"course/internal/report"
	"course/stream/browser"
	"course/stream/wire"
)

// Main runs the test binary as the child its first argument names, or runs the tests, with the
// course's cache in a temporary folder (cachetest.Isolate).
func Main(m *testing.M) {
	hostproc.SupervisorMain() // returns at once unless this process is a host's supervisor
	if len(os.Args) > 1 {
		if child, ok := children[os.Args[1]]; ok {
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			err := child(ctx, os.Args[2:])
			stop()
			if err != nil {
				fmt.Fprintln(os.Stderr, os.Args[1]+":", err)
				os.Exit(3)
			}
			os.Exit(0)
		}
	}
	os.Exit(run(m))
}

// run runs the tests with the course's cache in a temporary folder, which the host children
// inherit.
func run(m *testing.M) int {
	cleanup, err := cachetest.Isolate()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer cleanup()
	return m.Run()
}

// children are the processes the test binary can be started as.
var children = map[string]func(ctx context.Context, args []string) error{
	// host is `course host`.
	"host": func(ctx context.Context, args []string) error {
		return gahost.Run(hostproc.WatchParent(ctx), args, os.Stdout, os.Stderr)
	},
	// dying-host fails before it listens.
	"dying-host": func(context.Context, []string) error {
		return errors.New("cannot read its configuration")
	},
	// silent-host never says where it listens, as a host still starting does, and waits to be stopped.
	"silent-host": func(ctx context.Context, _ []string) error {
		<-ctx.Done()
		return nil
	},
	// remote-host announces an address off this machine and waits to be stopped.
	"remote-host": func(ctx context.Context, _ []string) error {
		fmt.Println("      Now listening on: http://10.255.255.1:5252")
		<-ctx.Done()
		return nil
	},
	// rejecting-host listens and turns every request away, as a host of another API would.
	"rejecting-host": func(ctx context.Context, _ []string) error {
		return serveHost(ctx, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/problem+json")
			w.WriteHeader(http.StatusUnsupportedMediaType)
			fmt.Fprint(w, `{"title":"Unsupported Media Type","status":415}`)
		})
	},
	// endless-body-host answers every request with a body that claims 100 GB and never ends.
	"endless-body-host": func(ctx context.Context, _ []string) error {
		return serveHost(ctx, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Content-Length", "100000000000")
			writeForever(r.Context(), w, []byte(`{"naturalLanguageAnswer":"`+strings.Repeat("a", 4070)+`",`), false)
		})
	},
	// endless-stream-host answers every request with an event stream, chunked, that never ends:
	// events of 18 bytes of data, or of ?data=N bytes.
	"endless-stream-host": func(ctx context.Context, _ []string) error {
		return serveHost(ctx, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/event-stream")
			chunk := strings.Repeat("data: more of the answer\n\n", 160)
			if n, err := strconv.Atoi(r.URL.Query().Get("data")); err == nil && n > 0 {
				chunk = "data: " + strings.Repeat("x", n) + "\n\n"
			}
			writeForever(r.Context(), w, []byte(chunk), true)
		})
	},
}

// serveHost listens on loopback, announces the address as ASP.NET does, and serves handle until
// ctx ends.
func serveHost(ctx context.Context, handle http.HandlerFunc) error {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: handle}
	fmt.Printf("Now listening on: http://%s\n", ln.Addr())
	go func() { <-ctx.Done(); srv.Close() }()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// writeForever writes chunk again and again until the client goes or ctx ends, flushing each
// one when flush is set.
func writeForever(ctx context.Context, w http.ResponseWriter, chunk []byte, flush bool) {
	rc := http.NewResponseController(w)
	for ctx.Err() == nil {
		if _, err := w.Write(chunk); err != nil {
			return
		}
		if flush {
			if err := rc.Flush(); err != nil {
				return
			}
		}
	}
}

// SkipUnlessChromium skips a test of a command line that runs the browser when there is none,
// with the message that says how to install it.
func SkipUnlessChromium(t testing.TB, args []string) {
	t.Helper()
	if !slices.Contains(args, "--browser") && !slices.ContainsFunc(args, func(a string) bool {
		return strings.HasPrefix(a, "--screenshots")
	}) {
		return
	}
	if _, err := browser.Find(""); err != nil {
		// CI installs Chromium and sets COURSE_REQUIRE_CHROMIUM, so there a missing browser fails.
		if os.Getenv("COURSE_REQUIRE_CHROMIUM") != "" {
			t.Fatalf("COURSE_REQUIRE_CHROMIUM is set: %v", err)
		}
		t.Skipf("%v", err)
	}
}

// SkipWithoutPty skips a test that needs a pseudo-terminal where none could be opened, with
// the reason; CI, on Linux, which always has /dev/ptmx, sets COURSE_REQUIRE_PTY, so there it fails.
func SkipWithoutPty(t testing.TB, err error) {
	t.Helper()
	if os.Getenv("COURSE_REQUIRE_PTY") != "" {
		t.Fatalf("COURSE_REQUIRE_PTY is set, and no pseudo-terminal opens: %v", err)
	}
	t.Skipf("no pseudo-terminals here: %v", err)
}

// LineDiff renders a line diff of want and got: "- " for lines only in want, "+ " for lines only
// in got, and up to diffContext unchanged lines around each change.
func LineDiff(want, got string) string {
	diffs := wire.DiffLines(want, got)
	var out strings.Builder
	for i, d := range diffs {
		text := strings.Split(strings.TrimSuffix(d.Text, "\n"), "\n")
		switch d.Type {
		case diffmatchpatch.DiffDelete:
			writePrefixed(&out, "- ", text)
		case diffmatchpatch.DiffInsert:
			writePrefixed(&out, "+ ", text)
		default:
			head, tail := 0, 0
			if i > 0 {
				head = diffContext
			}
			if i < len(diffs)-1 {
				tail = diffContext
			}
			if head+tail >= len(text) {
				writePrefixed(&out, "  ", text)
				continue
			}
			writePrefixed(&out, "  ", text[:head])
			out.WriteString("  ...\n")
			writePrefixed(&out, "  ", text[len(text)-tail:])
		}
	}
	return out.String()
}

// diffContext is how many unchanged lines lineDiff shows on each side of a change.
const diffContext = 3

func writePrefixed(b *strings.Builder, prefix string, lines []string) {
	for _, l := range lines {
		b.WriteString(prefix + l + "\n")
	}
}

// Section returns the lines of out from the title line that contains title to the next title.
func Section(t testing.TB, out, title string) string {
	t.Helper()
	_, rest, ok := strings.Cut(out, title)
	if !ok {
		t.Fatalf("no section %q in:\n%s", title, out)
	}
	body, _, _ := strings.Cut(rest, "\n== ")
	return body
}

// OverWide lists the lines of out wider than width, with their widths.
func OverWide(out string, width int) []string {
	var wide []string
	for l := range strings.SplitSeq(out, "\n") {
		if w := report.Width(l); w > width {
			wide = append(wide, l)
		}
	}
	return wide
}

// shared holds, by key, the outputs Shared computed.
var shared sync.Map // string -> *sharedRun

type sharedRun struct {
	once sync.Once
	out  string
	err  error
}

// Shared runs run once per key in a test binary and gives every caller its output: several tests
// read the output of one command line as it is (a snapshot, the width checks, the browser's
// rows), so a package starts that command's hosts and Chromium once.
func Shared(key string, run func() (string, error)) (string, error) {
	v, _ := shared.LoadOrStore(key, &sharedRun{})
	r := v.(*sharedRun)
	r.once.Do(func() { r.out, r.err = run() })
	return r.out, r.err
}

// PeakHeapGrowth is how far the heap grew above what was live before f, at its peak while f
// ran: what f itself held, whatever other tests of the binary keep alive.
func PeakHeapGrowth(f func()) uint64 {
	runtime.GC()
	s := []metrics.Sample{{Name: heapObjects}}
	metrics.Read(s)
	before := s[0].Value.Uint64()
	peak := PeakHeap(f)
	if peak < before {
		return 0
	}
	return peak - before
}

// heapObjects is the runtime metric the heap samplers read: the bytes of live and unswept objects.
const heapObjects = "/memory/classes/heap/objects:bytes"

// HeapInUse is the heap's live and unswept objects now, after a collection.
func HeapInUse() uint64 {
	runtime.GC()
	s := []metrics.Sample{{Name: heapObjects}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// PeakHeap runs f while it samples the heap's live and unswept objects every half millisecond,
// and returns the most it saw.
func PeakHeap(f func()) uint64 {
	runtime.GC()
	stop, peak := make(chan struct{}), make(chan uint64)
	go func() {
		s := []metrics.Sample{{Name: heapObjects}}
		var p uint64
		tick := time.NewTicker(500 * time.Microsecond)
		defer tick.Stop()
		for {
			metrics.Read(s)
			p = max(p, s[0].Value.Uint64())
			select {
			case <-stop:
				peak <- p
				return
			case <-tick.C:
			}
		}
	}()
	f()
	close(stop)
	return <-peak
}
