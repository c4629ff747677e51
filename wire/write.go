package wire

import "strings"

// Done is the end marker GA's hosts send after the last chunk; it is not part of the standard.
const Done = "[DONE]"

// Writer turns one chunk of an answer into the bytes of one server-sent event.
type Writer struct {
	// Name is what the lesson prints for this writer.
	Name string
	// Event encodes one chunk as one event.
	Event func(data string) []byte
}

// Stream writes a whole answer stream: one event per chunk, then the [DONE] event.
func (w Writer) Stream(chunks []string) []byte {
	var b []byte
	for _, c := range chunks {
		b = append(b, w.Event(c)...)
	}
	return append(b, w.Event(Done)...)
}

// GaChatbotEvent is GaChatbot.Api's WriteSseLineAsync: CR removed, one "data: " line per line,
// then a blank line (Apps/GaChatbot.Api/Controllers/ChatbotController.cs:449-474).
func GaChatbotEvent(data string) []byte {
	data = strings.ReplaceAll(data, "\r", "")
	var b strings.Builder
	b.Grow(len(data) + 8*(strings.Count(data, "\n")+1) + 1)
	for line := range strings.SplitSeq(data, "\n") {
		b.WriteString("data: ")
		b.WriteString(line)
		b.WriteByte('\n')
	}
	b.WriteByte('\n')
	return []byte(b.String())
}

// GaApiEvent is GaApi's WriteSseLineAsync: the chunk as is after one "data: "
// (Apps/ga-server/GaApi/Controllers/ChatbotController.cs:318-322).
func GaApiEvent(data string) []byte {
	return []byte("data: " + data + "\n\n")
}

var (
	// GaChatbot is GaChatbot.Api's writer, the one the course's host runs.
	GaChatbot = Writer{Name: "GaChatbot.Api", Event: GaChatbotEvent}
	// GaApi is GaApi's writer, which ADR-0005 names as the chat host to come.
	GaApi = Writer{Name: "GaApi", Event: GaApiEvent}
)

// Writers lists the writers lesson 6 compares, in the order its table prints them.
var Writers = []Writer{GaChatbot, GaApi}
