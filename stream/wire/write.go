package wire

import (
	"fmt"
	"strings"

	"course/internal/dotnet"
	"course/internal/keyed"
)

// Done is the end marker GA's hosts send after the last chunk; it is not part of the standard.
const Done = "[DONE]"

// Format names the event format a writer speaks, so the standard reader knows where the answer's
// text sits in each event.
type Format int

const (
	// FormatText is GA's: each event's data is text, and [DONE] ends the answer.
	FormatText Format = iota
	// FormatFoundry is the Foundry agent web app's: {"type":"chunk","content":...} per chunk.
	FormatFoundry
	// FormatAgUi is AG-UI's: the text is the delta of each TEXT_MESSAGE_CONTENT event.
	FormatAgUi
	// FormatOpenAI is OpenAI chat completions': choices[0].delta.content, then data: [DONE].
	FormatOpenAI
	// FormatBit is Bit.BlazorUI.AI's as documented: the text of each text.delta event.
	FormatBit
	// FormatBoilerplate is bitplatform's Boilerplate chat hub's: each item a piece of text, until
	// the item MESSAGE_PROCESS_SUCCESS.
	FormatBoilerplate
)

// String names the format as `course matrix --json` prints it.
func (f Format) String() string {
	switch f {
	case FormatText:
		return "text"
	case FormatFoundry:
		return "foundry"
	case FormatAgUi:
		return "agui"
	case FormatOpenAI:
		return "openai"
	case FormatBit:
		return "bit"
	case FormatBoilerplate:
		return "boilerplate"
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// Input is what a writer is asked to stream: the answer's chunks and the context around them.
type Input struct {
	// Chunks are the pieces of the answer, in the order the server produces them.
	Chunks []string
	// ConversationID is the conversation the client named; "" lets a writer that needs one make its own.
	ConversationID string
	// EOL ends every line of the framing; "" means LF, as every system writes.
	EOL string
}

func (in Input) eol() string {
	if in.EOL == "" {
		return "\n"
	}
	return in.EOL
}

// Writer is one server's way of streaming an answer as server-sent events: how it streams the
// answer and how it streams a failure.
type Writer struct {
	// Key selects the writer on the command line.
	Key string
	// Name is what the lessons and the matrix print.
	Name string
	// Fix names the fix this writer models on top of what its project ships ("" for none).
	Fix string
	// Documented marks a system modelled from its documentation only, its source unread.
	Documented bool
	// Format is the event format the writer speaks.
	Format Format
	// Success streams the answer and the writer's own ending.
	Success func(in Input) []byte
	// Failure streams what the writer sends when producing the answer throws before any text.
	Failure func(in Input) []byte
	// event frames one chunk as one event, for the writers that write text events (GA's).
	event func(data, eol string) []byte
}

// Label is the writer's name as the matrix prints it, marked when it is modelled from documentation.
func (w Writer) Label() string {
	if w.Documented {
		return w.Name + " (as documented)"
	}
	return w.Name
}

// Stream is the writer's stream of an answer cut into chunks, lines ending in LF.
func (w Writer) Stream(chunks []string) []byte {
	return w.Success(Input{Chunks: chunks})
}

// Event is the one event a GA writer sends for data, lines ending in LF; nil for a writer whose
// events are not text events.
func (w Writer) Event(data string) []byte {
	if w.event == nil {
		return nil
	}
	return w.event(data, "\n")
}

// GA's writers, the one list of writers, and the lookup by key.
var (
	// GaChatbot is GaChatbot.Api's writer, the one the course's host runs.
	GaChatbot = gaWriter("gachatbot", "GaChatbot.Api", "", func(data, eol string) []byte { return linesEvent(data, eol, false) })
	// GaApi is GaApi's writer, which ADR-0005 names as the chat host to come.
	GaApi = gaWriter("gaapi", "GaApi", "", gaApiEvent)
	// GaApi746 is GaApi's writer with the fix GA issue #746 asks for: GaChatbot.Api's writer
	// without its CR removal, so a CR before a line feed stays at the end of its data line,
	// where the standard reader takes CRLF as one line break.
	GaApi746 = gaWriter("gaapi746", "GaApi (#746)", "#746", func(data, eol string) []byte { return linesEvent(data, eol, true) })

	// Writers lists every writer the course models, in the order `course matrix` prints them.
	Writers = []Writer{
		GaChatbot, GaApi, GaApi746,
		{Key: "sseformatter", Name: ".NET SseFormatter", Format: FormatText, Success: sseFormatterSuccess, Failure: sseFormatterFailure},
		{Key: "foundry", Name: "Foundry web app", Format: FormatFoundry, Success: foundrySuccess, Failure: foundryFailure},
		{Key: "foundry-skill", Name: "Foundry skill", Format: FormatFoundry, Success: foundrySkillSuccess, Failure: foundrySkillFailure},
		{Key: "agui", Name: "AG-UI (GaChatbot.Api)", Format: FormatAgUi, Success: agUiSuccess, Failure: agUiFailure},
		{Key: "openai", Name: "OpenAI chat completions", Format: FormatOpenAI, Success: openAISuccess, Failure: openAIFailure},
		{Key: "bit", Name: "Bit.BlazorUI.AI", Documented: true, Format: FormatBit, Success: bitSuccess, Failure: bitFailure},
	}
)

// GaWriters are GA's two writers as GA ships them, the pair lesson 6 compares.
func GaWriters() []Writer { return []Writer{GaChatbot, GaApi} }

// WriterByKey finds a writer of Writers by its key.
func WriterByKey(key string) (Writer, error) {
	return keyed.Find(Writers, "writer", key, writerKey)
}

// WriterKeys are the keys of Writers, in order.
func WriterKeys() []string { return keyed.Keys(Writers, writerKey) }

func writerKey(w Writer) string { return w.Key }

// WritersByKey finds writers by their keys, in the order given; no keys means every writer.
func WritersByKey(keys []string) ([]Writer, error) {
	return keyed.All(Writers, "writer", keys, writerKey)
}

// gaWriter is a GA stream endpoint around its event writer: on success one event per chunk,
// chunks that are only white space skipped as both controllers do (ga-behaviour.md §2.3, §5.2),
// then [DONE]; on failure one {"error":...} event with System.Text.Json's default escaping and no
// [DONE] (ga-behaviour.md §2.4, §5.4).
func gaWriter(key, name, fix string, event func(data, eol string) []byte) Writer {
	return Writer{
		Key: key, Name: name, Fix: fix, Format: FormatText, event: event,
		Success: func(in Input) []byte {
			var b []byte
			for _, c := range in.Chunks {
				if dotnet.IsNullOrWhiteSpace(c) {
					continue
				}
				b = append(b, event(c, in.eol())...)
			}
			return append(b, event(Done, in.eol())...)
		},
		Failure: func(in Input) []byte {
			return event(`{"error":`+stjString(GaErrorMessage)+`}`, in.eol())
		},
	}
}

// GaErrorMessage is what GA's hosts send when answering throws (ga-behaviour.md §2.4).
const GaErrorMessage = "Failed to process message. Please try again."

// GaChatbotEvent is GaChatbot.Api's WriteSseLineAsync for one chunk, lines ending in LF.
func GaChatbotEvent(data string) []byte {
	return linesEvent(data, "\n", false)
}

// linesEvent is GaChatbot.Api's WriteSseLineAsync: CR removed unless keepCR, one "data: " line
// per line, then a blank line (Apps/GaChatbot.Api/Controllers/ChatbotController.cs:449-474).
// Every line end it writes is eol; no raw LF is left inside a data line.
func linesEvent(data, eol string, keepCR bool) []byte {
	if !keepCR {
		data = strings.ReplaceAll(data, "\r", "")
	}
	var b strings.Builder
	b.Grow(len(data) + (6+len(eol))*(strings.Count(data, "\n")+1) + len(eol))
	for line := range strings.SplitSeq(data, "\n") {
		b.WriteString("data: ")
		b.WriteString(line)
		b.WriteString(eol)
	}
	b.WriteString(eol)
	return []byte(b.String())
}

// gaApiEvent is GaApi's WriteSseLineAsync, a single write of "data: {data}\n\n"
// (Apps/ga-server/GaApi/Controllers/ChatbotController.cs:318-322); a line break inside data is
// the chunk's own, not framing, so only the two ending line ends follow eol.
func gaApiEvent(data, eol string) []byte {
	return []byte("data: " + data + eol + eol)
}
