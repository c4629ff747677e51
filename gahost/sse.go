package gahost

import (
	"bytes"
	"io"
	"strings"

	"course/internal/dotnet"
)

// sseResponse is the part of GaChatbot.Api's ChatbotController that writes /chat/stream's body:
// the loop over the service's updates and the SSE helpers it calls
// (Apps/GaChatbot.Api/Controllers/ChatbotController.cs:21-100 and 449-474 at a826864).
// The lessons keep their own model of the same writer in package wire; this one is the host's,
// so that comparing the two is a check that can fail.
type sseResponse struct {
	w     io.Writer
	flush func() error // Response.Body.FlushAsync
}

// writeSseLine is WriteSseLineAsync (ChatbotController.cs:449-474): every CR removed, the text
// split on LF, "data: ", the line and "\n" written for each piece, one more "\n", then one flush.
// The writes reach the response's buffer, so the bytes leave together at the flush.
func (s sseResponse) writeSseLine(data string) error {
	normalized := strings.ReplaceAll(data, "\r", "")
	var buf bytes.Buffer
	for _, line := range strings.Split(normalized, "\n") {
		buf.WriteString("data: ")
		buf.WriteString(line)
		buf.WriteString("\n")
	}
	buf.WriteString("\n")
	if _, err := s.w.Write(buf.Bytes()); err != nil {
		return err
	}
	return s.flush()
}

// writeSseError is WriteSseErrorAsync: {"error": message}, serialised with the Web defaults and
// System.Text.Json's default escaping, through WriteSseLineAsync (ChatbotController.cs, after
// WriteSseLineAsync).
func (s sseResponse) writeSseError(message string) error {
	return s.writeSseLine(string(MarshalJSON(Object{{"error", message}}, Strict)))
}

// writeUpdates is the action's await foreach over ChatStreamAsync's updates
// (ChatbotController.cs:21-100): the routing payload, then each chunk that is not
// string.IsNullOrWhiteSpace, then "data: [DONE]\n\n" written as is and flushed.
func (s sseResponse) writeUpdates(routing string, chunks []string) error {
	if err := s.writeSseLine(routing); err != nil {
		return err
	}
	for _, chunk := range chunks {
		if dotnet.IsNullOrWhiteSpace(chunk) {
			continue
		}
		if err := s.writeSseLine(chunk); err != nil {
			return err
		}
	}
	if _, err := io.WriteString(s.w, "data: [DONE]\n\n"); err != nil {
		return err
	}
	return s.flush()
}
