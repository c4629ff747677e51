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
	"sync"
	"syscall"
	"testing"

	"course/gahost"
	"course/hostproc"
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
		return gahost.Run(hostproc.WatchParent(ctx), args, os.Stdout, os.Stderr)
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

// sharedRuns holds, by command line, the output of the runs runCourseShared made.
var sharedRuns sync.Map // string -> *sharedRun

type sharedRun struct {
	once sync.Once
	out  string
	err  error
}

// runCourseShared is runCourse for a command line whose output several tests read as it is
// (a snapshot, the width checks, the browser's rows): the first of them runs it, the others
// read that run's output, so the package starts its hosts and Chromium once per command line.
func runCourseShared(t *testing.T, args ...string) (string, error) {
	t.Helper()
	v, _ := sharedRuns.LoadOrStore(strings.Join(args, "\x00"), &sharedRun{})
	r := v.(*sharedRun)
	r.once.Do(func() { r.out, r.err = runCourse(t, args...) })
	return r.out, r.err
}

func TestUnknownCommands(t *testing.T) {
	for _, tc := range []struct{ args, want []string }{
		{[]string{"l2"}, []string{"lesson l2 (", "is not ported yet", "course lessons"}},
		{[]string{"matrx"}, []string{`unknown command "matrx"`, "did you mean matrix?"}},
		{[]string{"zzzz"}, []string{`unknown command "zzzz"`, "course lessons"}},
	} {
		_, err := runCourse(t, tc.args...)
		for _, w := range tc.want {
			if err == nil || !strings.Contains(err.Error(), w) {
				t.Errorf("course %s: %v, want %q", strings.Join(tc.args, " "), err, w)
			}
		}
	}
}

// TestIndexListsEveryLesson checks the index against the course's list: a lesson that runs names
// its written lesson, which must exist; one that does not says what it will cover.
func TestIndexListsEveryLesson(t *testing.T) {
	for _, args := range [][]string{nil, {"lessons"}} {
		out, err := runCourse(t, args...)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range Course() {
			if !strings.Contains(out, l.Title) {
				t.Errorf("course %v does not list %s (%s)", args, l.Slug, l.Title)
			}
			if l.Runs() {
				if !strings.Contains(out, l.Doc()) {
					t.Errorf("course %v does not name %s's written lesson", args, l.Slug)
				}
				if _, err := os.Stat(filepath.Join("..", l.Doc())); err != nil {
					t.Errorf("%s runs but has no written lesson: %v", l.Slug, err)
				}
			} else if !strings.Contains(out, l.About) {
				t.Errorf("course %v does not say what %s covers", args, l.Slug)
			}
		}
		if want := fmt.Sprintf("%d of %d lessons run", len(All()), len(Course())); !strings.Contains(out, want) {
			t.Errorf("course %v does not say %q", args, want)
		}
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
