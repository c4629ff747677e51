package wire

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"course/internal/keyed"
	"course/stream/sse"
)

// Reader is one client of the stream: it turns a whole stream into what its user gets.
type Reader struct {
	// Key selects the reader on the command line.
	Key string
	// Name is what the lessons and the matrix print.
	Name string
	// Fix names the fix this reader models on top of what its project ships ("" for none).
	Fix string
	// Formats are the formats the reader is written for; nil means every format.
	Formats []Format
	// Read returns what the user gets from a whole stream of GA's text events; an error is what
	// the client throws, a *NeverCompletesError, or ErrNotItsFormat.
	Read func(stream []byte) (string, error)
	// readFormat reads a stream of any format, for the one reader that follows the format of the
	// writer (the standard's); the others read every stream alike.
	readFormat func(stream []byte, f Format) (string, error)
	// onlyMessages marks the readers built on the HTML standard's event-stream parsing, which
	// can read a stream as it arrives: set for the page whose EventSource has only onmessage.
	onlyMessages, streams bool
}

// Streams reports whether the reader can hand out the text of each event as it arrives
// (Stream); the models of GA's and other clients read the stream as if it came in one read,
// which their buffers' rules need.
func (r Reader) Streams() bool { return r.streams }

// Stream reads src as the reader does, in format f, handing each event's text to emit as soon
// as the event ends, so that memory stays within the longest line (limit bytes, as
// sse.WithLimit) whatever the stream's length. Only a reader that Streams can.
func (r Reader) Stream(src io.Reader, f Format, limit int, emit func(string) error) error {
	if !r.streams {
		return fmt.Errorf("wire: %s reads the whole stream at once", r.Name)
	}
	return streamStandard(sse.NewReader(src, sse.WithLimit(limit)), f, r.onlyMessages, emit)
}

// ReadFormat reads a stream written in format f.
func (r Reader) ReadFormat(stream []byte, f Format) (string, error) {
	if r.readFormat != nil {
		return r.readFormat(stream, f)
	}
	return r.Read(stream)
}

// Speaks reports whether the reader is written for streams of format f.
func (r Reader) Speaks(f Format) bool {
	return r.Formats == nil || slices.Contains(r.Formats, f)
}

// The readers lesson 6 names, the one list of readers, and the lookup by key.
var (
	// Standard reads as the HTML standard says, every event whatever its type, as a page that
	// listens for each type the stream names would.
	Standard = Reader{Key: "standard", Name: "HTML standard", Read: ReadStandard, readFormat: ReadStandardFormat, streams: true}
	// OnMessage reads as a page whose EventSource has only an onmessage handler: events named by
	// an "event:" line never reach it.
	OnMessage = Reader{Key: "onmessage", Name: "EventSource onmessage", Read: ReadOnMessage,
		readFormat: func(stream []byte, f Format) (string, error) { return readStandard(stream, f, true) }, onlyMessages: true, streams: true}
	// GaChatbotPage is GaChatbot.Api's own page.
	GaChatbotPage = Reader{Key: "page", Name: "GaChatbot page", Formats: []Format{FormatText}, Read: ReadGaChatbotPage}
	// ChatService is ga-client's chatService.
	ChatService = Reader{Key: "chatservice", Name: "ga-client chatService", Formats: []Format{FormatText}, Read: ReadChatService}
	// ChatService746 is ga-client's chatService with #746's fix.
	ChatService746 = Reader{Key: "chatservice746", Name: "chatService (#746)", Fix: "#746", Formats: []Format{FormatText}, Read: ReadChatServiceJoined}
	// GaChatbotPageFixed is GaChatbot.Api's page with lesson 6's third exercise's fix.
	GaChatbotPageFixed = Reader{Key: "pagefixed", Name: "GaChatbot page (fixed)", Fix: "exercise 3", Formats: []Format{FormatText}, Read: ReadGaChatbotPageFixed}

	// Readers lists every reader the course models, in the order `course matrix` prints them,
	// the fixed ones last.
	Readers = []Reader{
		Standard, OnMessage, GaChatbotPage, ChatService,
		{Key: "chatapi", Name: "ga-client chatApi", Formats: []Format{FormatText}, Read: ReadChatApi},
		{Key: "aguiframes", Name: "ga-client parseAgUiFrames", Formats: []Format{FormatAgUi}, Read: ReadAgUiFrames},
		{Key: "foundry", Name: "Foundry processStream", Formats: []Format{FormatFoundry}, Read: ReadFoundry},
		{Key: "agui", Name: "AG-UI client " + AgUiClientVersion, Formats: []Format{FormatAgUi}, Read: ReadAgUiClient},
		{Key: "openai", Name: "OpenAI SDK Stream", Formats: []Format{FormatOpenAI}, Read: ReadOpenAIStream},
		ChatService746, GaChatbotPageFixed,
	}
)

// GaReaders are the standard reader and GA's two clients as GA ships them, the three lesson 6
// compares.
func GaReaders() []Reader { return []Reader{Standard, GaChatbotPage, ChatService} }

// ReaderByKey finds a reader of Readers by its key.
func ReaderByKey(key string) (Reader, error) {
	return keyed.Find(Readers, "reader", key, readerKey)
}

// ReaderKeys are the keys of Readers, in order.
func ReaderKeys() []string { return keyed.Keys(Readers, readerKey) }

func readerKey(r Reader) string { return r.Key }

// ReadersByKey finds readers by their keys, in the order given; no keys means every reader as
// its project ships it, the fixed ones left out.
func ReadersByKey(keys []string) ([]Reader, error) {
	if len(keys) == 0 {
		return slices.DeleteFunc(slices.Clone(Readers), func(r Reader) bool { return r.Fix != "" }), nil
	}
	return keyed.All(Readers, "reader", keys, readerKey)
}

// ReadStandard reads the stream as the HTML standard's event-stream rules say and concatenates
// the data of every event up to the first [DONE], the marker GA's clients stop at.
func ReadStandard(stream []byte) (string, error) {
	return readStandard(stream, FormatText, false)
}

// ReadGaChatbotPage is GaChatbot.Api's own page reading the stream, consumeSseStream
// (Apps/GaChatbot.Api/wwwroot/index.html:740-809, ga-behaviour.md §6.1).
//
// Two cases the description leaves to the code are settled by §6.1's "every other data block is
// appended to answer": data that looks like a routing event but fails JSON.parse is appended as
// text, as from a try whose catch falls through, and a JSON object whose type is not
// "routing" is appended as text too. The page throws nothing, so the error is always nil.
func ReadGaChatbotPage(stream []byte) (string, error) {
	return readPage(stream, false)
}

// ReadGaChatbotPageFixed is GaChatbot.Api's page with the fix lesson 6's third exercise asks for:
// an event whose data is a JSON object with an error property ends the read with an Error
// carrying that property as its message, which the page's send function catches. Everything
// else reads as ReadGaChatbotPage does.
func ReadGaChatbotPageFixed(stream []byte) (string, error) {
	return readPage(stream, true)
}

// readPage is consumeSseStream, with exercise 3's fix when throwErrors is set.
func readPage(stream []byte, throwErrors bool) (string, error) {
	buffer := textDecode(stream)
	answer := answerBuilder(len(buffer))
	routingSeen := false
	var members [8]Member
	// The event loop (index.html:759-790).
	for {
		idx := strings.Index(buffer, "\n\n")
		if idx < 0 {
			// The leftover without "\n\n" is not an event; the loop ends with the stream.
			return answer.String(), nil
		}
		rawEvent := buffer[:idx]
		buffer = buffer[idx+2:]
		var dataLines []string
		for line := range strings.SplitSeq(rawEvent, "\n") {
			if value, ok := strings.CutPrefix(line, "data: "); ok {
				dataLines = append(dataLines, value)
			}
		}
		if len(dataLines) == 0 {
			continue
		}
		data := strings.Join(dataLines, "\n")
		if data == Done {
			return answer.String(), nil
		}
		if throwErrors && strings.HasPrefix(data, "{") {
			if obj, err := jsonParseObject(data, members[:0]); err == nil {
				if v, ok := obj.Lookup("error"); ok {
					return answer.String(), errors.New(jsString(v))
				}
			}
		}
		if !routingSeen && strings.HasPrefix(data, "{") && strings.Contains(data, `"type"`) {
			if obj, err := jsonParseObject(data, members[:0]); err == nil && jsonIsString(obj.Get("type"), "routing") {
				routingSeen = true
				continue
			}
		}
		answer.WriteString(data)
	}
}

// ReadChatService is ga-client's sendChatMessageStream with its parseSseBuffer
// (Apps/ga-client/src/services/chatService.ts:29-77, 79-164; ga-behaviour.md §6.2).
//
// The stream is taken as arriving in one read: one buffer holds the whole stream, so the events
// after [DONE] in it are still parsed (an error among them still throws) before the loop stops.
// A thrown Error(parsed.error) comes back as an error whose message is exactly that string.
func ReadChatService(stream []byte) (string, error) {
	return readChatService(stream, false)
}

// ReadChatServiceJoined is chatService with the client half of #746's fix: every "data:" line of
// an event counts, each loses "data:" and one space, and they are joined with a line feed, with
// no trim. The rest is chatService as it is.
func ReadChatServiceJoined(stream []byte) (string, error) {
	return readChatService(stream, true)
}

func readChatService(stream []byte, joined bool) (string, error) {
	buffer := textDecode(stream)
	fullResponse := answerBuilder(len(buffer))
	remainder, _, err := parseSseBuffer(buffer, joined, func(chunk string) { fullResponse.WriteString(chunk) })
	if err != nil {
		return "", err
	}
	// After the loop, the remainder goes in trimmed, data: prefix and all.
	fullResponse.WriteString(jsTrim(remainder))
	return fullResponse.String(), nil
}

// answerBuilder returns a builder for the answer a reader takes from n bytes of a stream. Its
// first text makes room for n bytes, which an answer rarely outgrows: one allocation spares
// the copies of every doubling, which on a long stream touch fresh memory several times over,
// and a reader that finds no text allocates nothing.
func answerBuilder(n int) *answerText { return &answerText{room: n} }

// answerText is a strings.Builder that makes its room on its first write.
type answerText struct {
	strings.Builder
	room int
}

// WriteString appends s, making the builder's room first if s is its first text.
func (a *answerText) WriteString(s string) (int, error) {
	if a.room > 0 && s != "" {
		a.Grow(a.room)
		a.room = 0
	}
	return a.Builder.WriteString(s)
}

// textDecode is a browser's new TextDecoder() fed the stream read by read with {stream: true}, as
// both clients do: UTF-8 with U+FFFD for ill-formed bytes, a leading byte order mark removed, and
// an unfinished sequence at the very end held back, since no final decode() flushes it.
func textDecode(stream []byte) string {
	for i := len(stream) - 1; i >= max(0, len(stream)-3); i-- {
		if !utf8.RuneStart(stream[i]) {
			continue
		}
		if !utf8.FullRune(stream[i:]) {
			stream = stream[:i]
		}
		break
	}
	return strings.TrimPrefix(sse.DecodeUTF8(stream), "\uFEFF")
}

// parseSseBuffer is chatService's parseSseBuffer (chatService.ts:29-77): it passes every text
// payload to onChunk and returns the unfinished remainder and whether [DONE] was seen. The
// payload is the first "data:" line's rest, trimmed; with joined, #746's fix, it is every
// "data:" line's rest less one space, joined with a line feed.
func parseSseBuffer(buffer string, joined bool, onChunk func(string)) (remainder string, completed bool, err error) {
	events := strings.Split(buffer, "\n\n")
	remainder = events[len(events)-1]
	var members [8]Member
	for _, event := range events[:len(events)-1] {
		payload, found := eventPayload(event, joined)
		if !found || payload == "" {
			continue
		}
		if payload == Done {
			completed = true
			continue
		}
		if strings.HasPrefix(payload, "{") {
			obj, err := jsonParseObject(payload, members[:0])
			if err != nil {
				return "", completed, fmt.Errorf("chatService: JSON.parse: %w", err)
			}
			if v, ok := obj.Lookup("error"); ok && jsTruthy(v) {
				return "", completed, errors.New(jsString(v))
			}
			continue
		}
		onChunk(payload)
	}
	return remainder, completed, nil
}

// eventPayload is the payload chatService takes from one event, and whether it had a data line.
func eventPayload(event string, joined bool) (string, bool) {
	var lines []string
	for line := range strings.SplitSeq(event, "\n") {
		rest, ok := strings.CutPrefix(line, "data:")
		if !ok {
			continue
		}
		if !joined {
			return jsTrim(rest), true
		}
		lines = append(lines, strings.TrimPrefix(rest, " "))
	}
	return strings.Join(lines, "\n"), lines != nil
}

// Kind names an event's data the way the lesson does: [DONE], routing, error or text.
func Kind(data string) string {
	if data == Done {
		return Done
	}
	var members [8]Member
	obj, err := jsonParseObject(data, members[:0])
	if err != nil {
		return "text"
	}
	if jsonIsString(obj.Get("type"), "routing") {
		return "routing"
	}
	if _, ok := obj.Lookup("error"); ok {
		return "error"
	}
	return "text"
}

// jsonParseObject is JSON.parse for text that should hold an object, its members appended to dst.
// Members stay raw, so a number beyond float64 (JSON.parse's Infinity) is no error;
// Object.Lookup gives a repeated key's last value, as JavaScript does, and Object.Get a missing
// key's undefined as "".
func jsonParseObject(s string, dst Object) (Object, error) {
	if obj, ok := ParseObject(s, dst); ok {
		return obj, nil
	}
	// The error is encoding/json's, the words chatService's and chatApi's failures carry.
	var obj map[string]json.RawMessage
	if err := json.Unmarshal([]byte(s), &obj); err != nil {
		return nil, err
	}
	return nil, errors.New("not a JSON object")
}

// jsonIsString reports whether raw is the JSON string want (strict equality in JavaScript).
func jsonIsString(raw, want string) bool {
	s, ok := JSONString(raw)
	return ok && s == want
}

// jsTruthy is JavaScript's truthiness of a parsed JSON value.
func jsTruthy(raw string) bool {
	switch raw[0] {
	case 'n', 'f':
		return false
	case '"':
		return raw != `""`
	case 't', '{', '[':
		return true
	}
	f, _ := strconv.ParseFloat(raw, 64)
	return f != 0
}

// jsString is JavaScript's String() of a parsed JSON value, what new Error(value) keeps as message.
func jsString(raw string) string {
	switch raw[0] {
	case 'n':
		return "null"
	case 't':
		return "true"
	case 'f':
		return "false"
	case '"':
		s, _ := JSONString(raw)
		return s
	case '{':
		return "[object Object]"
	case '[':
		var items []json.RawMessage
		_ = json.Unmarshal([]byte(raw), &items)
		parts := make([]string, len(items))
		for i, it := range items {
			// Array.prototype.join writes null (and undefined) as the empty string.
			if string(it) != "null" {
				parts[i] = jsString(string(it))
			}
		}
		return strings.Join(parts, ",")
	}
	f, _ := strconv.ParseFloat(raw, 64)
	return jsNumber(f)
}

// jsNumber is JavaScript's Number.prototype.toString for base 10.
func jsNumber(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case f == 0:
		return "0"
	case f < 0:
		return "-" + jsNumber(-f)
	}
	// Shortest round-trip digits d1..dk and the exponent n with value 0.d1..dk × 10^n.
	e := strconv.FormatFloat(f, 'e', -1, 64)
	mant, exp, _ := strings.Cut(e, "e")
	digits := strings.Replace(mant, ".", "", 1)
	x, _ := strconv.Atoi(exp)
	k, n := len(digits), x+1
	switch {
	case k <= n && n <= 21:
		return digits + strings.Repeat("0", n-k)
	case 0 < n && n <= 21:
		return digits[:n] + "." + digits[n:]
	case -6 < n && n <= 0:
		return "0." + strings.Repeat("0", -n) + digits
	}
	sign := "+"
	if n-1 < 0 {
		sign = "-"
	}
	abs := strconv.Itoa(max(n-1, 1-n))
	if k == 1 {
		return digits + "e" + sign + abs
	}
	return digits[:1] + "." + digits[1:] + "e" + sign + abs
}

// jsTrim is JavaScript's String.prototype.trim: it strips WhiteSpace and LineTerminator, which
// include U+FEFF and every Zs space but not U+0085.
func jsTrim(s string) string {
	return strings.TrimFunc(s, isJSSpace)
}

func isJSSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xA0, 0xFEFF, 0x2028, 0x2029:
		return true
	}
	return unicode.Is(unicode.Zs, r)
}
