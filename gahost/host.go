// Package gahost is a stand-in for GA's GaChatbot.Api at commit a826864: the chat endpoints, the
// guards, the model client, the trace and the concurrency gate, with GA's bytes on the wire.
// Course__Ga=main gives it a second behaviour, GaChatbot.Api as it answers on GA's main (main.go).
package gahost

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"

	"course/ga/algebra"
	"course/ga/container"
	"course/ga/indexcache"
	"course/ga/query"
	"course/ga/revision"
	"course/ga/voicing"
	"course/stream/wire"
)

// Messages of the chat endpoints' error events and bodies (ChatbotController.cs:21-144).
const (
	busyMessage   = "Service is busy. Please try again in a few seconds."
	failedMessage = "Failed to process message. Please try again."
)

// host holds the handlers' shared state.
type host struct {
	sources
	cfg      Config
	log      *Logger
	svc      *service
	gate     gate
	split    func(string) []string
	pathBase string
}

// NewHandler builds the host's HTTP handler from cfg, logging to logger (nil discards logs); opts
// give it another clock or id source.
func NewHandler(cfg Config, logger *Logger, opts ...Option) (http.Handler, error) {
	h, err := newHost(cfg, logger, opts...)
	if err != nil {
		return nil, err
	}
	return h.routes(), nil
}

func newHost(cfg Config, logger *Logger, opts ...Option) (*host, error) {
	if logger == nil {
		logger = NewLogger(io.Discard)
	}
	mode := strings.ToLower(cfg.Mode)
	if mode == "" {
		mode = DefaultMode
	}
	if container.ChatApplicationService(mode) != container.Orchestrated {
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
	rev, err := revision.Parse(cfg.Ga)
	if err != nil {
		return nil, fmt.Errorf("gahost: Course:Ga %w", err)
	}
	src, err := newSources(cfg.Clock, opts)
	if err != nil {
		return nil, err
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
	index, err := voicingIndex(cfg.IndexPath, rev)
	if err != nil {
		return nil, err
	}
	return &host{
		sources: src,
		cfg:     cfg,
		log:     logger,
		svc: &service{
			sources: src,
			mode:    mode,
			newline: newline,
			log:     logger,
			model:   model,
			index:   index,
			rev:     rev,
			algebra: algebraGuard(algebra.NewService()),
		},
		gate:     make(gate, gateSlots),
		split:    split,
		pathBase: normalizePathBase(cfg.PathBase),
	}, nil
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

// voicingIndex is the voicing agent's index. A file VoicingSearch:OpticIndexPath names is read
// now, so a host given a path it cannot read does not start. Without one the host searches the
// index the course builds, lesson 3's, in the pin's pipeline or main's, as the original course's
// hosts searched the index its lesson 3 and main's program wrote: it is read from the course's
// cache (or built and cached) while the host starts, and the first voicing question waits for it.
func voicingIndex(path string, rev revision.Revision) (func() (*voicing.Index, error), error) {
	version := rev.Voicings()
	if path != "" {
		ix, err := voicing.OpenIndex(path, version)
		if err != nil {
			return nil, fmt.Errorf("gahost: voicing index: %w", err)
		}
		return func() (*voicing.Index, error) { return ix, nil }, nil
	}
	load := sync.OnceValues(func() (*voicing.Index, error) {
		spec := indexcache.Course(version.Pipeline)
		data, err := indexcache.Load(spec)
		if err != nil {
			return nil, fmt.Errorf("gahost: voicing index: %w", err)
		}
		ix, err := voicing.NewIndex(data, spec.Partitions, version)
		if err != nil {
			return nil, fmt.Errorf("gahost: voicing index: %w", err)
		}
		return ix, nil
	})
	go load()
	return load, nil
}

// reader is the voicing agent's reading of a message: the stand-in's at the pin, GA's typed
// extractor on main.
func reader(rev revision.Revision) func(string) query.Query {
	if rev.IsMain() {
		return query.ExtractTyped
	}
	return nil
}
