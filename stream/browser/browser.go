// Package browser drives a headless Chromium as a client nobody in the course wrote: its
// EventSource reads replayed streams, and its renderer shows answers as a chat page does.
// Chromium talks to the course over a pipe and fetches only from a server on 127.0.0.1.
package browser

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"

	"github.com/chromedp/chromedp"
)

// DefaultPath is where Debian's chromium package installs the browser.
const DefaultPath = "/usr/bin/chromium"

// InstallHint says how to get Chromium; the flags that need it and the tests that skip without
// it both print it.
const InstallHint = "install it with `apt-get install chromium` (or name it with --chrome PATH)"

// ErrNotFound is what Find gives when there is no browser to run.
var ErrNotFound = errors.New("chromium not found")

// Find returns the browser to run: path when given, else DefaultPath, else "chromium" on PATH.
func Find(path string) (string, error) {
	if path != "" {
		if _, err := exec.LookPath(path); err != nil {
			return "", fmt.Errorf("browser: %w at %s: %s", ErrNotFound, path, InstallHint)
		}
		return path, nil
	}
	if _, err := exec.LookPath(DefaultPath); err == nil {
		return DefaultPath, nil
	}
	if p, err := exec.LookPath("chromium"); err == nil {
		return p, nil
	}
	return "", fmt.Errorf("browser: %w at %s or on PATH: %s", ErrNotFound, DefaultPath, InstallHint)
}

// Browser is a running headless Chromium and the loopback server it reads from.
type Browser struct {
	base    string
	srv     *http.Server
	profile string

	cancelAlloc context.CancelFunc
	cancelTab   context.CancelFunc
	tab         context.Context

	run sync.Mutex // one page at a time in the tab

	mu      sync.Mutex // the served items
	next    int
	streams map[string][]byte
	pages   map[string]string
}

// Start runs the Chromium at path (see Find) with a fresh profile, and a server on 127.0.0.1
// for the pages and streams it loads. The browser lives until Close or until ctx ends.
func Start(ctx context.Context, path string) (_ *Browser, err error) {
	profile, err := os.MkdirTemp("", "course-chromium-")
	if err != nil {
		return nil, fmt.Errorf("browser: profile: %w", err)
	}
	b := &Browser{profile: profile, streams: map[string][]byte{}, pages: map[string]string{}}
	defer func() {
		if err != nil {
			b.Close()
		}
	}()

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("browser: listen: %w", err)
	}
	b.base = "http://" + ln.Addr().String()
	b.srv = &http.Server{Handler: b.handler()}
	go b.srv.Serve(ln)

	allocCtx, cancelAlloc := chromedp.NewExecAllocator(ctx,
		chromedp.ExecPath(path),
		chromedp.UserDataDir(profile),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("force-color-profile", "srgb"),
		chromedp.Flag("hide-scrollbars", true),
		// Every name resolves to nothing but the loopback server's address.
		chromedp.Flag("host-resolver-rules", "MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"),
	)
	b.cancelAlloc = cancelAlloc
	b.tab, b.cancelTab = chromedp.NewContext(allocCtx)
	if err := chromedp.Do(b.tab, chromedp.Navigate(b.base+"/blank")); err != nil {
		return nil, fmt.Errorf("browser: start %s: %w", path, err)
	}
	return b, nil
}

// Close stops the browser and the server and removes the profile.
func (b *Browser) Close() error {
	if b.cancelTab != nil {
		b.cancelTab()
	}
	if b.cancelAlloc != nil {
		b.cancelAlloc()
	}
	var errs []error
	if b.srv != nil {
		errs = append(errs, b.srv.Close())
	}
	errs = append(errs, os.RemoveAll(b.profile))
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("browser: close: %w", err)
	}
	return nil
}

// Version is the browser's product string, such as "Chrome/126.0.6478.126".
func (b *Browser) Version(ctx context.Context) (string, error) {
	b.run.Lock()
	defer b.run.Unlock()
	runCtx, cancel := b.runCtx(ctx)
	defer cancel()
	v, err := chromedp.Run(runCtx, chromedp.Evaluate[string](`navigator.userAgent`))
	if err != nil {
		return "", fmt.Errorf("browser: version: %w", err)
	}
	for f := range strings.FieldsSeq(v) {
		if strings.HasPrefix(f, "HeadlessChrome/") || strings.HasPrefix(f, "Chrome/") {
			return f, nil
		}
	}
	return v, nil
}

// runCtx ties one action to ctx's end while the tab itself keeps the browser's lifetime.
func (b *Browser) runCtx(ctx context.Context) (context.Context, context.CancelFunc) {
	runCtx, cancel := context.WithCancel(b.tab)
	stop := context.AfterFunc(ctx, cancel)
	return runCtx, func() {
		stop()
		cancel()
	}
}

// handler serves the blank page the reader runs in, each stream once, and each page.
func (b *Browser) handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /blank", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, "<!doctype html><title>reader</title>")
	})
	mux.HandleFunc("GET /stream/{id}", func(w http.ResponseWriter, r *http.Request) {
		b.mu.Lock()
		stream, ok := b.streams[r.PathValue("id")]
		delete(b.streams, r.PathValue("id"))
		b.mu.Unlock()
		if !ok {
			// A reconnection gets 204, which the standard says ends EventSource for good.
			w.WriteHeader(http.StatusNoContent)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set("Content-Length", strconv.Itoa(len(stream)))
		w.Write(stream)
	})
	mux.HandleFunc("GET /page/{id}", func(w http.ResponseWriter, r *http.Request) {
		b.mu.Lock()
		page, ok := b.pages[r.PathValue("id")]
		b.mu.Unlock()
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, page)
	})
	return mux
}

// serveStream offers stream at a URL that answers once, and returns the URL's path.
func (b *Browser) serveStream(stream []byte) string {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.next++
	id := strconv.Itoa(b.next)
	b.streams[id] = stream
	return "/stream/" + id
}

// servePage offers page until it is dropped, and returns its URL.
func (b *Browser) servePage(page string) (url string, drop func()) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.next++
	id := strconv.Itoa(b.next)
	b.pages[id] = page
	return b.base + "/page/" + id, func() {
		b.mu.Lock()
		delete(b.pages, id)
		b.mu.Unlock()
	}
}
