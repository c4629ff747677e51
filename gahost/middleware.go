package gahost

import (
	"fmt"
	"net/http"
	"strings"
)

// withPathBase is Program.cs's path base: the bare base redirects (308) to base + "/", the prefix
// is stripped, and paths without it are served unchanged (Program.cs:44-78).
func (h *host) withPathBase(next http.Handler) http.Handler {
	if h.pathBase == "" {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case strings.EqualFold(r.URL.Path, h.pathBase):
			target := r.URL.Path + "/"
			if r.URL.RawQuery != "" {
				target += "?" + r.URL.RawQuery
			}
			w.Header().Set("Location", target)
			w.WriteHeader(http.StatusPermanentRedirect)
			return
		case len(r.URL.Path) > len(h.pathBase) && strings.EqualFold(r.URL.Path[:len(h.pathBase)], h.pathBase) && r.URL.Path[len(h.pathBase)] == '/':
			r2 := r.Clone(r.Context())
			r2.URL.Path = r.URL.Path[len(h.pathBase):]
			r2.URL.RawPath = ""
			next.ServeHTTP(w, r2)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// recorder keeps the status and size of a response for the request log, and still flushes.
type recorder struct {
	http.ResponseWriter
	status int
	bytes  int64
}

// WriteHeader keeps the first status code for the log and passes code on.
func (rec *recorder) WriteHeader(code int) {
	if rec.status == 0 {
		rec.status = code
	}
	rec.ResponseWriter.WriteHeader(code)
}

// Write counts the body bytes for the log; a write before WriteHeader is logged as 200, as net/http sends it.
func (rec *recorder) Write(p []byte) (int, error) {
	if rec.status == 0 {
		rec.status = http.StatusOK
	}
	n, err := rec.ResponseWriter.Write(p)
	rec.bytes += int64(n)
	return n, err
}

// Flush flushes the wrapped writer when it can, so streamed events are not held back by the log.
func (rec *recorder) Flush() {
	if f, ok := rec.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap returns the wrapped writer, for http.ResponseController.
func (rec *recorder) Unwrap() http.ResponseWriter { return rec.ResponseWriter }

// withRequestLog writes one record per request in the shape of ASP.NET's hosting diagnostics
// "Request finished" line: protocol, method, URL, status, length, content type, elapsed.
func (h *host) withRequestLog(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := h.now()
		rec := &recorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		if rec.status == 0 {
			rec.status = http.StatusOK
		}
		ctype := rec.Header().Get("Content-Type")
		if ctype == "" {
			ctype = "-"
		}
		h.log.Log(LevelInformation, catHosting, 2, fmt.Sprintf("Request finished %s %s http://%s%s - %d %d %s %.4fms",
			r.Proto, r.Method, r.Host, r.URL.RequestURI(), rec.status, rec.bytes, strings.ReplaceAll(ctype, " ", "+"),
			float64(h.since(start).Microseconds())/1000), nil)
	})
}
