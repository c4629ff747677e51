package lessons

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"course/gahost"
)

// TestMain lets the test binary serve as the host child: lessons start `<binary> host`, and
// under `go test` the binary is this one.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 {
		if child, ok := testChildren[os.Args[1]]; ok {
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
	os.Exit(m.Run())
}

// testChildren are the processes the test binary can be started as.
var testChildren = map[string]func(ctx context.Context, args []string) error{
	// host is `course host`.
	"host": func(ctx context.Context, args []string) error {
		return gahost.Run(ctx, args, os.Stdout, os.Stderr)
	},
	// dying-host fails before it listens.
	"dying-host": func(context.Context, []string) error {
		return errors.New("cannot read its configuration")
	},
	// rejecting-host listens and turns every request away, as a host of another API would.
	"rejecting-host": func(ctx context.Context, _ []string) error {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return err
		}
		srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/problem+json")
			w.WriteHeader(http.StatusUnsupportedMediaType)
			fmt.Fprint(w, `{"title":"Unsupported Media Type","status":415}`)
		})}
		fmt.Printf("Now listening on: http://%s\n", ln.Addr())
		go func() { <-ctx.Done(); srv.Close() }()
		if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return nil
	},
}

// runCourse runs the course's command line in-process and returns what it printed.
func runCourse(t *testing.T, args ...string) (string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	root := NewRootCmd("test")
	root.SetOut(&out)
	root.SetErr(&errOut)
	root.SetArgs(args)
	err := root.ExecuteContext(t.Context())
	return out.String(), err
}

const updateHint = "update with: COURSE_UPDATE=1 go test ./..."

// TestSnapshots runs each lesson against a real child host and compares its output with
// snapshots/<lesson>.txt, byte for byte.
func TestSnapshots(t *testing.T) {
	for _, l := range All() {
		t.Run(l.Slug, func(t *testing.T) {
			got, err := runCourse(t, l.Slug)
			if err != nil {
				t.Fatalf("course %s: %v", l.Slug, err)
			}
			path := filepath.Join("..", "snapshots", l.Slug+".txt")
			if os.Getenv("COURSE_UPDATE") != "" {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("read snapshot: %v (%s)", err, updateHint)
			}
			if got != string(want) {
				t.Errorf("course %s differs from %s (- snapshot, + output):\n%s%s", l.Slug, path, lineDiff(string(want), got), updateHint)
			}
		})
	}
}

// TestSnapshotDiffIsReadable checks that one changed character of a snapshot shows as a removed
// and an added line, and nothing else changes.
func TestSnapshotDiffIsReadable(t *testing.T) {
	want, err := os.ReadFile(filepath.Join("..", "snapshots", "l6.txt"))
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Replace(string(want), "558 characters", "559 characters", 1)
	diff := lineDiff(string(want), got)
	var minus, plus []string
	for l := range strings.SplitSeq(diff, "\n") {
		switch {
		case strings.HasPrefix(l, "- "):
			minus = append(minus, l)
		case strings.HasPrefix(l, "+ "):
			plus = append(plus, l)
		}
	}
	if len(minus) != 1 || len(plus) != 1 || !strings.Contains(minus[0], "558") || !strings.Contains(plus[0], "559") {
		t.Fatalf("diff of a one-character change:\n%s", diff)
	}
}

func TestUnknownLessonListsTheLessons(t *testing.T) {
	_, err := runCourse(t, "l7")
	if err == nil || !strings.Contains(err.Error(), `unknown lesson "l7"`) || !strings.Contains(err.Error(), "l6 (The chatbot's answer on the wire)") {
		t.Fatalf("course l7: %v", err)
	}
}

func TestHelpListsLessonsWithTitles(t *testing.T) {
	out, err := runCourse(t, "--help")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range All() {
		if !strings.Contains(out, l.Slug) || !strings.Contains(out, l.Title) {
			t.Errorf("help does not list %s (%s):\n%s", l.Slug, l.Title, out)
		}
	}
}
