// Package hosttest makes a test binary serve as the processes the course starts: under `go test`
// a lesson starts `<binary> host`, and the binary is the test binary, so its TestMain is Main.
// It also serves the failing hosts the tests need.
package hosttest

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"course/ga/indexcache/cachetest"
	"course/gahost"
	"course/hostproc"
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

// run runs the tests with the course's cache and configuration in temporary folders, which the
// host children inherit.
func run(m *testing.M) int {
	cleanup, err := cachetest.Isolate()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer cleanup()
	// The learner's own configuration folder, which holds the progress record, is not the tests':
	// a test's answers must neither read nor change it.
	config, err := os.MkdirTemp("", "course-config-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(config)
	switch runtime.GOOS {
	case "windows":
		os.Setenv("AppData", config)
	case "darwin", "ios", "plan9":
		// os.UserConfigDir is under HOME here, which cachetest.Isolate has already pointed at a
		// temporary folder.
	default:
		os.Setenv("XDG_CONFIG_HOME", config)
	}
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
