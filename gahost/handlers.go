package gahost

import (
	"context"
	"encoding/hex"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// requestTrace returns the request activity's trace id, continuing a W3C traceparent header as
// ASP.NET does, and a fresh span id.
func (h *host) requestTrace(r *http.Request) (traceID, spanID string) {
	spanID = h.ids(8)
	parts := strings.Split(r.Header.Get("traceparent"), "-")
	if len(parts) == 4 && len(parts[1]) == 32 && parts[1] != strings.Repeat("0", 32) {
		if _, err := hex.DecodeString(parts[1]); err == nil && strings.ToLower(parts[1]) == parts[1] {
			return parts[1], spanID
		}
	}
	return h.ids(16), spanID
}

func writeBody(w http.ResponseWriter, status int, contentType string, body []byte) {
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// writeRejection answers a request model binding turned away; an exception it did not catch
// goes to the exception handler.
func (h *host) writeRejection(w http.ResponseWriter, rej *rejection, traceID, spanID string) {
	if rej.exception != nil {
		h.writeUnhandled(w, rej.exception, traceID, spanID)
		return
	}
	if rej.closeConn {
		w.Header().Set("Connection", "close")
	}
	writeBody(w, rej.status, "application/problem+json; charset=utf-8", problemBody(rej.status, rej.errors, traceID, spanID))
}

// writeUnhandled is UseExceptionHandler with ProblemDetails: the error log, then a 500 problem
// that no cache keeps (Program.cs:80-89).
func (h *host) writeUnhandled(w http.ResponseWriter, err error, traceID, spanID string) {
	h.log.Log(LevelError, catExceptionMW, eventUnhandledEx, "An unhandled exception has occurred while executing the request.", err)
	w.Header().Set("Cache-Control", "no-cache,no-store")
	w.Header().Set("Pragma", "no-cache")
	w.Header().Set("Expires", "-1")
	writeBody(w, http.StatusInternalServerError, "application/problem+json", problemBody(http.StatusInternalServerError, nil, traceID, spanID))
}

// handleChat is POST /api/chatbot/chat (ChatbotController.cs:102-144).
func (h *host) handleChat(w http.ResponseWriter, r *http.Request) {
	traceID, spanID := h.requestTrace(r)
	req, rej := decodeChatRequest(r)
	if rej != nil {
		h.writeRejection(w, rej, traceID, spanID)
		return
	}
	req.TraceID = traceID
	if !h.gate.tryEnter() {
		writeBody(w, http.StatusServiceUnavailable, "application/json; charset=utf-8", MarshalJSON(Object{{"error", busyMessage}}, Relaxed))
		return
	}
	defer h.gate.release()
	start := h.now()
	res, err := h.svc.chat(r.Context(), req)
	if err != nil {
		if r.Context().Err() != nil {
			// The client went away; ASP.NET logs this at Debug and answers nobody.
			return
		}
		h.writeUnhandled(w, err, traceID, spanID)
		return
	}
	// ChatJsonResponse, fields in record order (ChatbotController.cs:559-567).
	body := Object{
		{"naturalLanguageAnswer", res.Answer},
		{"agentId", res.Routing.AgentID},
		{"confidence", res.Routing.Confidence},
		{"routingMethod", res.Routing.Method},
		{"grounding", groundingJSON(res.Grounding, true)},
		{"elapsedMs", h.since(start).Milliseconds()},
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
	traceID, spanID := h.requestTrace(r)
	req, rej := decodeChatRequest(r)
	if rej != nil {
		h.writeRejection(w, rej, traceID, spanID)
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

	sse := sseResponse{w: w, flush: rc.Flush}
	if !h.gate.tryEnter() {
		_ = sse.writeSseError(busyMessage)
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
		_ = sse.writeSseError(failedMessage)
		return
	}
	if err := sse.writeUpdates(string(MarshalJSON(routingPayload(res), Strict)), h.split(res.Answer)); err != nil {
		cancelled()
	}
}

// routingPayload is the stream's routing event: GaChatbot.Api's anonymous object, fields in
// declaration order, the grounding without its facts (ChatbotController.cs:53-73).
func routingPayload(res chatResult) Object {
	return Object{
		{"type", "routing"},
		{"agentId", res.Routing.AgentID},
		{"confidence", res.Routing.Confidence},
		{"routingMethod", res.Routing.Method},
		{"trace", res.Trace.JSON()},
		{"grounding", groundingJSON(res.Grounding, false)},
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
		{"timestamp", h.now().UTC().Format("2006-01-02T15:04:05.9999999Z07:00")},
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
