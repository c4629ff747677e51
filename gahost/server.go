package gahost

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Timings of the server's lifetime.
const (
	shutdownGrace      = 5 * time.Second
	readHeaderDeadline = 10 * time.Second
)

// Run serves the host until ctx is done, then shuts down gracefully within a few seconds. args are
// ASP.NET-style overrides of the environment (--urls URL, --Ollama:BaseUrl=...). Once listening it
// prints ASP.NET's lifetime lines on stdout; logs go to stderr. opts give the host another clock or
// id source.
func Run(ctx context.Context, args []string, stdout, stderr io.Writer, opts ...Option) error {
	cfg, err := ApplyArgs(ConfigFromEnv(os.Getenv), args)
	if err != nil {
		return err
	}
	logger := NewLogger(stderr)
	h, err := newHost(cfg, logger, opts...)
	if err != nil {
		return err
	}
	listeners, shown, err := listen(ctx, cfg.URLs)
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           h.routes(),
		ReadHeaderTimeout: headerReadTimeout,
		ReadTimeout:       bodyReadTimeout,
		ConnState:         frontConnState,
	}
	serveErr := make(chan error, len(listeners))
	for _, ln := range listeners {
		go func() { serveErr <- srv.Serve(frontListener{ln}) }()
	}

	lifetime := NewLogger(stdout)
	for _, u := range shown {
		lifetime.Log(LevelInformation, catLifetime, 14, "Now listening on: "+u, nil)
	}
	lifetime.Log(LevelInformation, catLifetime, 0, "Application started. Press Ctrl+C to shut down.", nil)
	lifetime.Log(LevelInformation, catLifetime, 0, "Hosting environment: Production", nil)
	lifetime.Log(LevelInformation, catLifetime, 0, "Content root path: "+contentRoot(), nil)

	warmCtx, stopWarm := context.WithCancel(ctx)
	warmed := make(chan struct{})
	go func() {
		defer close(warmed)
		h.warmUp(warmCtx)
	}()

	var runErr error
	select {
	case <-ctx.Done():
	case err := <-serveErr:
		if !errors.Is(err, http.ErrServerClosed) {
			runErr = fmt.Errorf("gahost: serve: %w", err)
		}
	}
	lifetime.Log(LevelInformation, catLifetime, 0, "Application is shutting down...", nil)
	stopWarm()
	<-warmed
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		_ = srv.Close()
		if runErr == nil && !errors.Is(err, context.DeadlineExceeded) {
			runErr = fmt.Errorf("gahost: shutdown: %w", err)
		}
	}
	return runErr
}

// warmUp is IntentEmbeddingWarmupService: route "warmup" once, swallowing failures, then log the
// line the course waits for (IntentEmbeddingWarmupService.cs:27-67).
func (h *host) warmUp(ctx context.Context) {
	start := h.now()
	h.svc.routeIntent(ctx, "warmup")
	if ctx.Err() != nil {
		return
	}
	h.log.Log(LevelInformation, catWarmup, 0, fmt.Sprintf("IntentEmbeddingWarmupService: cache warmed in %dms", h.since(start).Milliseconds()), nil)
}

func contentRoot() string {
	exe, err := os.Executable()
	if err != nil {
		return "."
	}
	return filepath.Dir(exe) + string(filepath.Separator)
}

// listen opens one listener per URL in urls (";"-separated) and returns the addresses as ASP.NET
// prints them, with the real port when port 0 was asked for. "localhost" binds 127.0.0.1; "*", "+"
// and "0.0.0.0" bind every interface.
func listen(ctx context.Context, urls string) ([]net.Listener, []string, error) {
	var lns []net.Listener
	var shown []string
	fail := func(err error) ([]net.Listener, []string, error) {
		for _, ln := range lns {
			_ = ln.Close()
		}
		return nil, nil, err
	}
	for raw := range strings.SplitSeq(urls, ";") {
		raw = strings.TrimSpace(raw)
		if raw == "" {
			continue
		}
		scheme, rest, ok := strings.Cut(raw, "://")
		if !ok || !strings.EqualFold(scheme, "http") {
			return fail(fmt.Errorf("gahost: listen address %q: only http:// URLs are supported", raw))
		}
		hostPort, _, _ := strings.Cut(rest, "/")
		hostName, port, err := net.SplitHostPort(hostPort)
		if err != nil {
			return fail(fmt.Errorf("gahost: listen address %q: %w", raw, err))
		}
		bind, display := hostName, hostName
		switch hostName {
		case "localhost":
			bind = "127.0.0.1"
		case "*", "+", "0.0.0.0":
			bind, display = "", "[::]"
		}
		var lc net.ListenConfig
		ln, err := lc.Listen(ctx, "tcp", net.JoinHostPort(bind, port))
		if err != nil {
			return fail(fmt.Errorf("gahost: listen on %s: %w", raw, err))
		}
		lns = append(lns, ln)
		realPort := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
		shown = append(shown, (&url.URL{Scheme: "http", Host: net.JoinHostPort(strings.Trim(display, "[]"), realPort)}).String())
	}
	if len(lns) == 0 {
		return nil, nil, fmt.Errorf("gahost: no listen address in %q", urls)
	}
	return lns, shown, nil
}
