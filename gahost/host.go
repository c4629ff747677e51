// Package gahost is a stand-in for GA's GaChatbot.Api at commit a826864: the chat endpoints, the
// guards, the model client, the trace and the concurrency gate, with GA's bytes on the wire.
package gahost

import (
	"context"
	"encoding/hex"
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

	"course/gahost/algebra"
	"course/gahost/voicing"
	"course/wire"
)

// Config is the host's configuration, read the way ASP.NET reads it: environment variables with
// "__" separators, overridden by command-line arguments.
type Config struct {
	URLs           string // ASPNETCORE_URLS or --urls: listen addresses separated by ";"
	OllamaBaseURL  string // Ollama__BaseUrl: embeddings, chat and /api/tags
	OllamaEndpoint string // Ollama__Endpoint: /api/generate
	Mode           string // Chatbot__Mode: "full" (or its alias "orchestrated") is modelled
	PathBase       string // Chatbot__PathBase: "" serves at the root; "/chatbot" as GA's appsettings
	IndexPath      string // VoicingSearch__OpticIndexPath, else GA_OPTICK_INDEX_PATH; "" = the embedded index
	NewLine        string // Course__NewLine: "lf", or "crlf" for answers built as AppendLine on Windows
	Splitter       string // Course__Splitter: "pinned" (SseChunker at a826864) or "743"
}

// Defaults of the stand-in's configuration.
const (
	DefaultURLs        = "http://127.0.0.1:5252"  // GA's launch profile port, on loopback
	DefaultOllamaURL   = "http://localhost:11434" // OllamaProvider.cs:27 and appsettings.json:22-23
	DefaultMode        = "full"                   // appsettings.json:42
	DefaultNewLine     = "lf"                     // AppendLine off Windows
	DefaultSplitter    = "pinned"                 // SseChunker at a826864
	shutdownGrace      = 5 * time.Second
	readHeaderDeadline = 10 * time.Second
)

// configKeys maps each configuration key, as ASP.NET names it with ":" separators, to its field.
var configKeys = map[string]func(*Config) *string{
	"urls":                         func(c *Config) *string { return &c.URLs },
	"ollama:baseurl":               func(c *Config) *string { return &c.OllamaBaseURL },
	"ollama:endpoint":              func(c *Config) *string { return &c.OllamaEndpoint },
	"chatbot:mode":                 func(c *Config) *string { return &c.Mode },
	"chatbot:pathbase":             func(c *Config) *string { return &c.PathBase },
	"voicingsearch:opticindexpath": func(c *Config) *string { return &c.IndexPath },
	"course:newline":               func(c *Config) *string { return &c.NewLine },
	"course:splitter":              func(c *Config) *string { return &c.Splitter },
}

// ConfigFromEnv reads the configuration from environment variables, with the defaults for unset ones.
func ConfigFromEnv(getenv func(string) string) Config {
	pick := func(def string, names ...string) string {
		for _, n := range names {
			if v := getenv(n); v != "" {
				return v
			}
		}
		return def
	}
	return Config{
		URLs:           pick(DefaultURLs, "ASPNETCORE_URLS"),
		OllamaBaseURL:  pick(DefaultOllamaURL, "Ollama__BaseUrl"),
		OllamaEndpoint: pick(DefaultOllamaURL, "Ollama__Endpoint"),
		Mode:           pick(DefaultMode, "Chatbot__Mode"),
		PathBase:       pick("", "Chatbot__PathBase"),
		// ServiceCollectionExtensions.cs:138-169: the setting, then the environment variable.
		IndexPath: pick("", "VoicingSearch__OpticIndexPath", "GA_OPTICK_INDEX_PATH"),
		NewLine:   pick(DefaultNewLine, "Course__NewLine"),
		Splitter:  pick(DefaultSplitter, "Course__Splitter"),
	}
}

// ApplyArgs overrides cfg with ASP.NET-style command-line arguments: --key=value, --key value,
// /key=value, /key value or key=value, keys case-insensitive with ":" separators. Keys the host
// does not read are ignored, as ASP.NET ignores unused configuration.
func ApplyArgs(cfg Config, args []string) (Config, error) {
	for i := 0; i < len(args); i++ {
		arg := args[i]
		var key, value string
		var hasValue bool
		switch {
		case strings.HasPrefix(arg, "--"):
			key, value, hasValue = strings.Cut(arg[2:], "=")
		case strings.HasPrefix(arg, "/"):
			key, value, hasValue = strings.Cut(arg[1:], "=")
		default:
			key, value, hasValue = strings.Cut(arg, "=")
			if !hasValue {
				return cfg, fmt.Errorf("gahost: argument %q is not key=value, --key value or --key=value", arg)
			}
		}
		if !hasValue {
			if i+1 >= len(args) {
				return cfg, fmt.Errorf("gahost: argument %q has no value", arg)
			}
			i++
			value = args[i]
		}
		if field, ok := configKeys[strings.ToLower(strings.ReplaceAll(key, "__", ":"))]; ok {
			*field(&cfg) = value
		}
	}
	return cfg, nil
}

// gate is LlmConcurrencyGate: three slots across both chat endpoints, never waiting
// (Apps/GaChatbot.Api/Services/ILlmConcurrencyGate.cs:10-20).
type gate chan struct{}

func (g gate) tryEnter() bool {
	select {
	case g <- struct{}{}:
		return true
	default:
		return false
	}
}

func (g gate) release() { <-g }

// gateSlots is LlmConcurrencyGate's capacity (ILlmConcurrencyGate.cs:10-20).
const gateSlots = 3

// Messages of the chat endpoints' error events and bodies (ChatbotController.cs:21-144).
const (
	busyMessage   = "Service is busy. Please try again in a few seconds."
	failedMessage = "Failed to process message. Please try again."
)

// host holds the handlers' shared state.
type host struct {
	cfg      Config
	log      *Logger
	svc      *service
	gate     gate
	split    func(string) []string
	pathBase string
}

// NewHandler builds the host's HTTP handler from cfg, logging to logger (nil discards logs).
func NewHandler(cfg Config, logger *Logger) (http.Handler, error) {
	h, err := newHost(cfg, logger)
	if err != nil {
		return nil, err
	}
	return h.routes(), nil
}

func newHost(cfg Config, logger *Logger) (*host, error) {
	if logger == nil {
		logger = NewLogger(io.Discard)
	}
	mode := strings.ToLower(cfg.Mode)
	if mode == "" {
		mode = DefaultMode
	}
	// ServiceCollectionExtensions.cs:45-50: "full" and "orchestrated" select the orchestrated service.
	if mode != "full" && mode != "orchestrated" {
		return nil, fmt.Errorf("gahost: Chatbot:Mode %q is not modelled; only \"full\" (and its alias \"orchestrated\") is", cfg.Mode)
	}
	var newline string
	switch strings.ToLower(cfg.NewLine) {
	case "", "lf":
		newline = "\n"
	case "crlf":
		newline = "\r\n"
	default:
		return nil, fmt.Errorf("gahost: Course:NewLine %q is neither \"lf\" nor \"crlf\"", cfg.NewLine)
	}
	var split func(string) []string
	switch strings.ToLower(cfg.Splitter) {
	case "", "pinned":
		split = wire.SplitPinned
	case "743":
		split = wire.Split743
	default:
		return nil, fmt.Errorf("gahost: Course:Splitter %q is neither \"pinned\" nor \"743\"", cfg.Splitter)
	}
	base, endpoint := cfg.OllamaBaseURL, cfg.OllamaEndpoint
	if base == "" {
		base = DefaultOllamaURL
	}
	if endpoint == "" {
		endpoint = DefaultOllamaURL
	}
	model, err := newModelClient(base, endpoint)
	if err != nil {
		return nil, err
	}
	var index *voicing.Index
	if cfg.IndexPath == "" {
		index, err = voicing.DefaultIndex()
	} else {
		index, err = voicing.OpenIndex(cfg.IndexPath)
	}
	if err != nil {
		return nil, fmt.Errorf("gahost: voicing index: %w", err)
	}
	return &host{
		cfg: cfg,
		log: logger,
		svc: &service{
			mode:    mode,
			newline: newline,
			log:     logger,
			model:   model,
			voicing: voicing.Agent{Index: index, NewLine: newline},
			algebra: algebraGuard(algebra.NewService()),
		},
		gate:     make(gate, gateSlots),
		split:    split,
		pathBase: normalizePathBase(cfg.PathBase),
	}, nil
}

// normalizePathBase adds a missing leading "/" and removes a trailing one (Program.cs:44-78).
func normalizePathBase(p string) string {
	p = strings.TrimSpace(p)
	if p == "" || p == "/" {
		return ""
	}
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return strings.TrimRight(p, "/")
}

func (h *host) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/api/chatbot/chat", h.only(http.MethodPost, h.handleChat))
	mux.HandleFunc("/api/chatbot/chat/stream", h.only(http.MethodPost, h.handleStream))
	mux.HandleFunc("/api/chatbot/status", h.only(http.MethodGet, h.handleStatus))
	mux.HandleFunc("/api", h.only(http.MethodGet, handleAPIInfo))
	mux.HandleFunc("/", http.NotFound)
	return h.withPathBase(h.withRequestLog(mux))
}

// only answers 405 with an Allow header for other methods, as endpoint routing does.
func (h *host) only(method string, next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Method != method {
			w.Header().Set("Allow", method)
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		next(w, r)
	}
}

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
		start := time.Now()
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
			float64(time.Since(start).Microseconds())/1000), nil)
	})
}

// requestTrace returns the request activity's trace id, continuing a W3C traceparent header as
// ASP.NET does, and a fresh span id.
func requestTrace(r *http.Request) (traceID, spanID string) {
	spanID = newHexID(8)
	parts := strings.Split(r.Header.Get("traceparent"), "-")
	if len(parts) == 4 && len(parts[1]) == 32 && parts[1] != strings.Repeat("0", 32) {
		if _, err := hex.DecodeString(parts[1]); err == nil && strings.ToLower(parts[1]) == parts[1] {
			return parts[1], spanID
		}
	}
	return newHexID(16), spanID
}

func writeBody(w http.ResponseWriter, status int, contentType string, body []byte) {
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

func writeRejection(w http.ResponseWriter, rej *rejection, traceID, spanID string) {
	writeBody(w, rej.status, "application/problem+json; charset=utf-8", problemBody(rej.status, rej.errors, traceID, spanID))
}

// handleChat is POST /api/chatbot/chat (ChatbotController.cs:102-144).
func (h *host) handleChat(w http.ResponseWriter, r *http.Request) {
	traceID, spanID := requestTrace(r)
	req, rej := decodeChatRequest(r)
	if rej != nil {
		writeRejection(w, rej, traceID, spanID)
		return
	}
	req.TraceID = traceID
	if !h.gate.tryEnter() {
		writeBody(w, http.StatusServiceUnavailable, "application/json; charset=utf-8", MarshalJSON(Object{{"error", busyMessage}}, Relaxed))
		return
	}
	defer h.gate.release()
	start := time.Now()
	res, err := h.svc.chat(r.Context(), req)
	if err != nil {
		if r.Context().Err() != nil {
			// The client went away; ASP.NET logs this at Debug and answers nobody.
			return
		}
		// UseExceptionHandler with ProblemDetails (Program.cs:80-89).
		h.log.Log(LevelError, catExceptionMW, eventUnhandledEx, "An unhandled exception has occurred while executing the request.", err)
		w.Header().Set("Cache-Control", "no-cache,no-store")
		w.Header().Set("Pragma", "no-cache")
		w.Header().Set("Expires", "-1")
		writeBody(w, http.StatusInternalServerError, "application/problem+json", problemBody(http.StatusInternalServerError, nil, traceID, spanID))
		return
	}
	// ChatJsonResponse, fields in record order (ChatbotController.cs:559-567).
	body := Object{
		{"naturalLanguageAnswer", res.Answer},
		{"agentId", res.Routing.AgentID},
		{"confidence", res.Routing.Confidence},
		{"routingMethod", res.Routing.Method},
		{"grounding", groundingJSON(res.Grounding, true)},
		{"elapsedMs", time.Since(start).Milliseconds()},
		{"traceId", traceID},
		{"trace", res.Trace.JSON()},
	}
	writeBody(w, http.StatusOK, "application/json; charset=utf-8", MarshalJSON(body, Relaxed))
}

// groundingJSON writes GroundingMetadata; the routing event's copy has no facts
// (ChatbotController.cs:53-73).
func groundingJSON(g *Grounding, withFacts bool) any {
	if g == nil {
		return nil
	}
	o := Object{{"source", g.Source}, {"revision", g.Revision}, {"queryType", g.QueryType}}
	if withFacts {
		var facts any
		if g.Facts != nil {
			facts = g.Facts
		}
		o = append(o, Field{"facts", facts})
	}
	return o
}

// handleStream is POST /api/chatbot/chat/stream (ChatbotController.cs:21-100).
func (h *host) handleStream(w http.ResponseWriter, r *http.Request) {
	traceID, spanID := requestTrace(r)
	req, rej := decodeChatRequest(r)
	if rej != nil {
		writeRejection(w, rej, traceID, spanID)
		return
	}
	req.TraceID = traceID
	hdr := w.Header()
	hdr.Set("Content-Type", "text/event-stream")
	hdr.Set("Cache-Control", "no-cache")
	hdr.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(w)
	_ = rc.Flush()

	write := func(data string) error {
		if _, err := w.Write(wire.GaChatbotEvent(data)); err != nil {
			return err
		}
		return rc.Flush()
	}
	if !h.gate.tryEnter() {
		_ = write(string(MarshalJSON(Object{{"error", busyMessage}}, Strict)))
		return
	}
	defer h.gate.release()

	cancelled := func() {
		h.log.Log(LevelWarning, catController, 0, "Chat stream cancelled.", nil)
	}
	res, err := h.svc.chat(r.Context(), req)
	if err != nil {
		if r.Context().Err() != nil {
			cancelled()
			return
		}
		h.log.Log(LevelError, catController, 0, "Error streaming chatbot response", err)
		_ = write(string(MarshalJSON(Object{{"error", failedMessage}}, Strict)))
		return
	}
	routing := Object{
		{"type", "routing"},
		{"agentId", res.Routing.AgentID},
		{"confidence", res.Routing.Confidence},
		{"routingMethod", res.Routing.Method},
		{"trace", res.Trace.JSON()},
		{"grounding", groundingJSON(res.Grounding, false)},
	}
	events := []string{string(MarshalJSON(routing, Strict))}
	for _, chunk := range h.split(res.Answer) {
		if !isBlank(chunk) {
			events = append(events, chunk)
		}
	}
	events = append(events, wire.Done)
	for _, e := range events {
		if err := write(e); err != nil {
			cancelled()
			return
		}
	}
}

// handleStatus is GET /api/chatbot/status through ChatProviderReadinessProbe
// (ChatbotController.cs:146-152, Services/ChatProviderReadinessProbe.cs:42-76).
func (h *host) handleStatus(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 15*time.Second)
	defer cancel()
	names, err := h.svc.model.tags(ctx)
	installed := func(model string) bool {
		for _, n := range names {
			if n == model || n == model+":latest" {
				return true
			}
		}
		return false
	}
	reachable := err == nil
	chatOK, embedOK := reachable && installed(chatModel), reachable && installed(defaultEmbedModel)
	var message string
	switch {
	case !reachable:
		msg := err.Error()
		var ex *Exception
		if errors.As(err, &ex) {
			msg = ex.Message
		}
		message = "Ollama is not reachable: " + msg
	case !chatOK:
		message = "Ollama is reachable, but chat model " + chatModel + " is not installed."
	default:
		message = "Ollama is reachable and chat model " + chatModel + " is installed."
	}
	// ChatbotStatus, fields in record order (ChatbotController.cs:585-627).
	body := Object{
		{"isAvailable", reachable && chatOK},
		{"message", message},
		{"provider", "ollama"},
		{"chatModel", chatModel},
		{"chatModelInstalled", chatOK},
		{"embeddingModel", defaultEmbedModel},
		{"embeddingModelInstalled", embedOK},
		{"providerReachable", reachable},
		{"orchestratorRoundTripOk", nil},
		{"timestamp", time.Now().UTC().Format("2006-01-02T15:04:05.9999999Z07:00")},
	}
	writeBody(w, http.StatusOK, "application/json; charset=utf-8", MarshalJSON(body, Relaxed))
}

// handleAPIInfo is GET /api (Program.cs:91-96).
func handleAPIInfo(w http.ResponseWriter, _ *http.Request) {
	body := Object{
		{"service", "ga-chatbot-api"},
		{"version", "0.1.0"},
		{"description", "Thin Guitar Alchemist chatbot API host"},
	}
	writeBody(w, http.StatusOK, "application/json; charset=utf-8", MarshalJSON(body, Relaxed))
}

// Run serves the host until ctx is done, then shuts down gracefully within a few seconds. args are
// ASP.NET-style overrides of the environment (--urls URL, --Ollama:BaseUrl=...). Once listening it
// prints ASP.NET's lifetime lines on stdout; logs go to stderr.
func Run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	cfg, err := ApplyArgs(ConfigFromEnv(os.Getenv), args)
	if err != nil {
		return err
	}
	logger := NewLogger(stderr)
	h, err := newHost(cfg, logger)
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
	}
	serveErr := make(chan error, len(listeners))
	for _, ln := range listeners {
		go func() { serveErr <- srv.Serve(ln) }()
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
	start := time.Now()
	h.svc.routeIntent(ctx, "warmup")
	if ctx.Err() != nil {
		return
	}
	h.log.Log(LevelInformation, catWarmup, 0, fmt.Sprintf("IntentEmbeddingWarmupService: cache warmed in %dms", time.Since(start).Milliseconds()), nil)
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
