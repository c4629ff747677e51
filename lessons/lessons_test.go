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
	"strings"
	"syscall"
	"testing"

	"course/gahost"
	"course/hostproc"
)

// TestMain lets the test binary serve as the host child: lessons start `<binary> host`, and
// under `go test` the binary is this one.
func TestMain(m *testing.M) {
	hostproc.SupervisorMain()
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
	// remote-host announces an address off this machine and waits to be stopped.
	"remote-host": func(ctx context.Context, _ []string) error {
		fmt.Println("      Now listening on: http://10.255.255.1:5252")
		<-ctx.Done()
		return nil
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
