package wire

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"

	"course/stream/sse"
)

// The versions of the npm packages whose clients the course models; wire's tests run these
// very versions (testdata/npm/package-lock.json) on the matrix's streams and compare.
const (
	// AgUiClientVersion is the @ag-ui/client release ReadAgUiClient models.
	AgUiClientVersion = "1.0.0"
	// OpenAISDKVersion is the openai release ReadOpenAIStream models.
	OpenAISDKVersion = "6.49.0"
	// EventSourceVersion is the eventsource release OnMessageEvents is checked against.
	EventSourceVersion = "4.1.1"
)

// JSSyntaxError is what JSON.parse throws on text that is not JSON. Its message is the
// course's; the engine words its own.
type JSSyntaxError struct {
	// Text is what was parsed.
	Text string
}

// Error says what failed to parse.
func (e *JSSyntaxError) Error() string {
	return "SyntaxError: JSON.parse: not JSON: " + clip(e.Text)
}

// jsonParse is JSON.parse: any JSON value, as written, or a *JSSyntaxError.
func jsonParse(s string) (string, error) {
	t := strings.TrimFunc(s, isJSONSpace)
	if t == "" || !json.Valid([]byte(t)) {
		return "", &JSSyntaxError{Text: s}
	}
	return t, nil
}

// isJSONSpace is the white space JSON allows around a value.
func isJSONSpace(r rune) bool { return r == ' ' || r == '\t' || r == '\n' || r == '\r' }

// agUiEventTypes are the event types @ag-ui/core 1.0.0's EventType lists; the client drops
// every other type.
var agUiEventTypes = sync.OnceValue(func() map[string]bool {
	types := map[string]bool{}
	for _, t := range strings.Fields(`TEXT_MESSAGE_START TEXT_MESSAGE_CONTENT TEXT_MESSAGE_END
		TEXT_MESSAGE_CHUNK TOOL_CALL_START TOOL_CALL_ARGS TOOL_CALL_END TOOL_CALL_CHUNK TOOL_CALL_RESULT
		STATE_SNAPSHOT STATE_DELTA MESSAGES_SNAPSHOT ACTIVITY_SNAPSHOT ACTIVITY_DELTA RAW CUSTOM
		RUN_STARTED RUN_FINISHED RUN_ERROR STEP_STARTED STEP_FINISHED REASONING_START
		REASONING_MESSAGE_START REASONING_MESSAGE_CONTENT REASONING_MESSAGE_END REASONING_MESSAGE_CHUNK
		REASONING_END REASONING_ENCRYPTED_VALUE SUBAGENT_STARTED SUBAGENT_FINISHED SUBAGENT_ERROR`) {
		types[t] = true
	}
	return types
})

// agUiStringFields are the string fields @ag-ui/core's schemas require of the events a chat
// answer uses; a known event without one fails the schema and errors the run.
var agUiStringFields = sync.OnceValue(func() map[string][]string {
	return map[string][]string{
		"RUN_STARTED":          {"threadId", "runId"},
		"RUN_FINISHED":         {"threadId", "runId"},
		"RUN_ERROR":            {"message"},
		"STEP_STARTED":         {"stepName"},
		"STEP_FINISHED":        {"stepName"},
		"TEXT_MESSAGE_START":   {"messageId"},
		"TEXT_MESSAGE_CONTENT": {"messageId", "delta"},
		"TEXT_MESSAGE_END":     {"messageId"},
		"CUSTOM":               {"name"},
	}
})

// ReadAgUiClient is @ag-ui/client 1.0.0's HttpAgent.runAgent on the stream, as an application
// shows it: the text of the assistant's messages, or the error the run rejects with, or the
// message of a RUN_ERROR the run delivered. The stages are the package's
// (src/transform/sse.ts, transform/http.ts, enforce/enforce.ts, verify/verify.ts,
// apply/default.ts): events split at "\n\n" only and the rest parsed at the end; "data:" lines
// joined with "\n" and parsed, a parse failure failing the run; a frame that is not an object
// with a type fails it; an event of a type the protocol does not know is dropped with a
// warning; a known event missing a required field fails the schema; then the order rules, of
// which GA's stream meets one: RUN_FINISHED while a step is still open fails the run.
func ReadAgUiClient(stream []byte) (string, error) {
	buffer := strings.TrimPrefix(sse.DecodeUTF8(stream), "\uFEFF")
	frames := strings.Split(buffer, "\n\n")
	if frames[len(frames)-1] == "" {
		frames = frames[:len(frames)-1]
	}
	run := agUiRun{steps: map[string]bool{}, active: map[string]bool{}}
	for _, frame := range frames {
		var data []string
		for line := range strings.SplitSeq(frame, "\n") {
			if rest, ok := strings.CutPrefix(line, "data:"); ok {
				data = append(data, strings.TrimPrefix(rest, " "))
			}
		}
		if data == nil {
			continue
		}
		raw, err := jsonParse(strings.Join(data, "\n"))
		if err != nil {
			return run.answer(), err
		}
		if raw[0] != '{' {
			return run.answer(), errors.New("Invalid event: the frame is not a JSON object.")
		}
		obj, _ := jsonParseObject(raw, nil)
		typ := obj.Get("type")
		if len(typ) == 0 || typ[0] != '"' || jsonStringValue(typ) == "" {
			return run.answer(), errors.New("Invalid event: the frame carries no event type.")
		}
		t := jsonStringValue(typ)
		if !agUiEventTypes()[t] {
			continue
		}
		if err := agUiSchema(t, obj); err != nil {
			return run.answer(), err
		}
		if err := run.event(t, obj); err != nil {
			return run.answer(), err
		}
	}
	return run.answer(), run.runError
}

// agUiSchema is the schema's check of the required string fields, its error worded as zod's.
func agUiSchema(typ string, obj Object) error {
	type issue struct {
		Expected string   `json:"expected"`
		Code     string   `json:"code"`
		Path     []string `json:"path"`
		Message  string   `json:"message"`
	}
	var issues []issue
	for _, field := range agUiStringFields()[typ] {
		raw, ok := obj.Lookup(field)
		if ok && raw[0] == '"' {
			continue
		}
		received := "undefined"
		if ok {
			received = jsonTypeName(raw)
		}
		issues = append(issues, issue{"string", "invalid_type", []string{field}, "Invalid input: expected string, received " + received})
	}
	if issues == nil {
		return nil
	}
	b, _ := json.MarshalIndent(issues, "", "  ")
	return errors.New(string(b))
}

// jsonTypeName names a parsed value's type as zod's messages do.
func jsonTypeName(raw string) string {
	switch raw[0] {
	case 'n':
		return "null"
	case 't', 'f':
		return "boolean"
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	}
	return "number"
}

// agUiRun is verifyEvents' state for one stream and the messages applyEvents builds.
type agUiRun struct {
	started, finished, errored, first bool
	steps, active                     map[string]bool
	stepOrder, activeOrder            []string
	runError                          error
	messages                          []agUiMessage
}

type agUiMessage struct {
	id, role string
	content  strings.Builder
}

// answer is the text of the assistant's messages.
func (r *agUiRun) answer() string {
	var b strings.Builder
	for i := range r.messages {
		if r.messages[i].role == "assistant" {
			b.WriteString(r.messages[i].content.String())
		}
	}
	return b.String()
}

// event verifies one event (verify.ts) and applies it (apply/default.ts).
func (r *agUiRun) event(typ string, obj Object) error {
	switch {
	case r.errored && typ != "RUN_STARTED":
		return fmt.Errorf("Cannot send event type '%s': The run has already errored with 'RUN_ERROR'. No further events can be sent.", typ)
	case r.finished && typ != "RUN_ERROR" && typ != "RUN_STARTED":
		return fmt.Errorf("Cannot send event type '%s': The run has already finished with 'RUN_FINISHED'. Start a new run with 'RUN_STARTED'.", typ)
	}
	if !r.first {
		r.first = true
		if typ != "RUN_STARTED" && typ != "RUN_ERROR" {
			return errors.New("First event must be 'RUN_STARTED'")
		}
	} else if typ == "RUN_STARTED" {
		if r.started && !r.finished && !r.errored {
			return errors.New("Cannot send 'RUN_STARTED' while a run is still active. The previous run must be finished with 'RUN_FINISHED' before starting a new run.")
		}
		if r.finished || r.errored {
			r.steps, r.active, r.stepOrder, r.activeOrder = map[string]bool{}, map[string]bool{}, nil, nil
			r.finished, r.errored = false, false
		}
	}
	id := jsonStringValue(obj.Get("messageId"))
	switch typ {
	case "RUN_STARTED":
		r.started = true
	case "RUN_FINISHED":
		if open := openNames(r.stepOrder, r.steps); open != nil {
			return errors.New("Cannot send 'RUN_FINISHED' while steps are still active: " + strings.Join(open, ", "))
		}
		if open := openNames(r.activeOrder, r.active); open != nil {
			return errors.New("Cannot send 'RUN_FINISHED' while text messages are still active: " + strings.Join(open, ", "))
		}
		r.finished = true
	case "RUN_ERROR":
		r.errored = true
		r.runError = errors.New(jsonStringValue(obj.Get("message")))
	case "STEP_STARTED":
		name := jsonStringValue(obj.Get("stepName"))
		if r.steps[name] {
			return fmt.Errorf("Step %q is already active for 'STEP_STARTED'", name)
		}
		r.steps[name] = true
		r.stepOrder = append(r.stepOrder, name)
	case "STEP_FINISHED":
		name := jsonStringValue(obj.Get("stepName"))
		if !r.steps[name] {
			return fmt.Errorf("Cannot send 'STEP_FINISHED' for step %q that was not started", name)
		}
		delete(r.steps, name)
	case "TEXT_MESSAGE_START":
		if r.active[id] {
			return fmt.Errorf("Cannot send 'TEXT_MESSAGE_START' event: A text message with ID '%s' is already in progress. Complete it with 'TEXT_MESSAGE_END' first.", id)
		}
		r.active[id] = true
		r.activeOrder = append(r.activeOrder, id)
		if !slices.ContainsFunc(r.messages, func(m agUiMessage) bool { return m.id == id }) {
			role := "assistant"
			if v, ok := obj.Lookup("role"); ok && v[0] == '"' {
				role = jsonStringValue(v)
			}
			r.messages = append(r.messages, agUiMessage{id: id, role: role})
		}
	case "TEXT_MESSAGE_CONTENT":
		if !r.active[id] {
			return fmt.Errorf("Cannot send 'TEXT_MESSAGE_CONTENT' event: No active text message found with ID '%s'. Start a text message with 'TEXT_MESSAGE_START' first.", id)
		}
		for i := range r.messages {
			if r.messages[i].id == id {
				r.messages[i].content.WriteString(jsonStringValue(obj.Get("delta")))
				break
			}
		}
	case "TEXT_MESSAGE_END":
		if !r.active[id] {
			return fmt.Errorf("Cannot send 'TEXT_MESSAGE_END' event: No active text message found with ID '%s'. A 'TEXT_MESSAGE_START' event must be sent first.", id)
		}
		delete(r.active, id)
	}
	return nil
}

// openNames are the names of order still set in open, in the order they were opened, once each.
func openNames(order []string, open map[string]bool) []string {
	var out []string
	for _, n := range order {
		if open[n] && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// OnMessageEvents is the data of every event a browser page's EventSource onmessage handler
// receives from the stream: the events the HTML standard dispatches whose type is "message".
// An "event: x" line makes its event a named one, which reaches only a listener for "x".
func OnMessageEvents(stream []byte) []string {
	var out []string
	for ev, err := range sse.Read(bytes.NewReader(stream)) {
		if err != nil {
			break
		}
		if ev.Type == "message" {
			out = append(out, ev.Data)
		}
	}
	return out
}

// ReadOnMessage is a page that appends the data of every event its EventSource onmessage
// handler receives until [DONE]: ReadStandard without the named events.
func ReadOnMessage(stream []byte) (string, error) {
	return readStandard(stream, FormatText, true)
}

// ReadOpenAIStream is openai 6.49.0's Stream.fromSSEResponse iterated as the SDK's guides do,
// appending each chunk's choices[0].delta.content (src/core/streaming.ts,
// src/internal/decoders/line.ts): lines end at CRLF, LF or a lone CR, each decoded on its
// own; a blank line dispatches an event that has data or an event name, and what is left at
// the end is never dispatched; an event whose data starts with [DONE] ends the answer; every
// other event's data is parsed, a parse failure thrown; an object whose error is truthy throws
// an APIError. A chunk without choices adds nothing, so an answer in another JSON format is an
// empty answer.
func ReadOpenAIStream(stream []byte) (string, error) {
	answer := answerBuilder(len(stream))
	for _, ev := range openAIEvents(stream) {
		if strings.HasPrefix(ev.data, Done) {
			break
		}
		raw, err := jsonParse(ev.data)
		if err != nil {
			return answer.String(), err
		}
		if ev.named && strings.HasPrefix(ev.event, "thread.") {
			continue // yielded as {event, data}, which has no choices
		}
		if raw[0] == '{' {
			obj, _ := jsonParseObject(raw, nil)
			if e, ok := obj.Lookup("error"); ok && jsTruthy(e) {
				return answer.String(), errors.New(apiErrorMessage(e))
			}
			answer.WriteString(openAIContent(obj))
		}
	}
	return answer.String(), nil
}

// openAIEvent is one event the SDK's SSEDecoder dispatches.
type openAIEvent struct {
	event string
	named bool
	data  string
}

// openAIEvents are the events of the SDK's LineDecoder and SSEDecoder.
func openAIEvents(stream []byte) []openAIEvent {
	var out []openAIEvent
	var event string
	named := false
	var data []string
	for _, line := range sdkLines(stream) {
		if line == "" {
			if event == "" && data == nil {
				continue
			}
			out = append(out, openAIEvent{event, named, strings.Join(data, "\n")})
			event, named, data = "", false, nil
			continue
		}
		if strings.HasPrefix(line, ":") {
			continue
		}
		field, value, _ := strings.Cut(line, ":")
		value = strings.TrimPrefix(value, " ")
		switch field {
		case "event":
			event, named = value, true
		case "data":
			data = append(data, value)
		}
	}
	return out
}

// sdkLines are the LineDecoder's lines: split at CRLF, LF and lone CR, the last line kept when
// it has no line end, each decoded as UTF-8 on its own, so a byte order mark at the start of
// any line is dropped.
func sdkLines(stream []byte) []string {
	var lines []string
	for len(stream) > 0 {
		i := bytes.IndexAny(stream, "\r\n")
		if i < 0 {
			i = len(stream)
		}
		lines = append(lines, strings.TrimPrefix(sse.DecodeUTF8(stream[:i]), "\uFEFF"))
		switch {
		case i == len(stream):
			stream = nil
		case stream[i] == '\r' && i+1 < len(stream) && stream[i+1] == '\n':
			stream = stream[i+2:]
		default:
			stream = stream[i+1:]
		}
	}
	return lines
}

// apiErrorMessage is APIError.makeMessage with no status: the error's message when it is a
// non-empty string, else JSON.stringify of the message or of the whole error.
func apiErrorMessage(e string) string {
	if e[0] == '{' {
		obj, _ := jsonParseObject(e, nil)
		if m, ok := obj.Lookup("message"); ok && jsTruthy(m) {
			if m[0] == '"' {
				return jsonStringValue(m)
			}
			return jsonStringify(m)
		}
	}
	return jsonStringify(e)
}

// openAIContent is chunk.choices?.[0]?.delta?.content ?? "" appended to a string.
func openAIContent(chunk Object) string {
	first := jsIndex(chunk.Get("choices"), "0")
	delta := jsIndex(first, "delta")
	content := jsIndex(delta, "content")
	if len(content) == 0 || content[0] == 'n' {
		return ""
	}
	return jsString(content)
}

// jsIndex is value?.[key] for a parsed JSON value: a member of an object, an element of an
// array by its index; nothing for anything else (a string's characters carry no members the
// chain goes on to read).
func jsIndex(raw, key string) string {
	if len(raw) == 0 {
		return ""
	}
	switch raw[0] {
	case '{':
		obj, _ := jsonParseObject(raw, nil)
		return obj.Get(key)
	case '[':
		var items []json.RawMessage
		_ = json.Unmarshal([]byte(raw), &items)
		for i, it := range items {
			if fmt.Sprint(i) == key {
				return string(it)
			}
		}
	}
	return ""
}

// jsonStringify is JSON.stringify of a parsed JSON value: no white space, members in their
// order, strings escaped as JavaScript does, numbers as JavaScript prints them.
func jsonStringify(raw string) string {
	var b strings.Builder
	dec := json.NewDecoder(strings.NewReader(raw))
	dec.UseNumber()
	writeJSValue(&b, dec)
	return b.String()
}

func writeJSValue(b *strings.Builder, dec *json.Decoder) {
	tok, err := dec.Token()
	if err != nil {
		return
	}
	switch v := tok.(type) {
	case json.Delim:
		b.WriteRune(rune(v))
		closing := map[json.Delim]byte{'{': '}', '[': ']'}[v]
		for i := 0; dec.More(); i++ {
			if i > 0 {
				b.WriteByte(',')
			}
			if v == '{' {
				key, _ := dec.Token()
				b.WriteString(jsQuote(key.(string)) + ":")
			}
			writeJSValue(b, dec)
		}
		_, _ = dec.Token()
		b.WriteByte(closing)
	case string:
		b.WriteString(jsQuote(v))
	case json.Number:
		f, _ := v.Float64()
		b.WriteString(jsNumber(f))
	case bool:
		fmt.Fprint(b, v)
	case nil:
		b.WriteString("null")
	}
}

// jsQuote is JSON.stringify of a string: only the quote, the backslash and control characters
// are escaped.
func jsQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		default:
			if r < 0x20 {
				fmt.Fprintf(&b, `\u%04x`, r)
			} else {
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}

// readStandard is the HTML standard's reader per format; with onlyMessages, the events a page's
// onmessage handler gets.
func readStandard(stream []byte, f Format, onlyMessages bool) (string, error) {
	answer := answerBuilder(len(stream))
	if err := streamStandard(sse.NewReader(bytes.NewReader(stream)), f, onlyMessages, func(text string) error {
		answer.WriteString(text)
		return nil
	}); err != nil {
		return "", err
	}
	return answer.String(), nil
}

// streamStandard reads events from r as they complete and hands each text to emit as soon as
// its event ends; it stops at the format's end, at the end of the stream, or at emit's error.
func streamStandard(r *sse.Reader, f Format, onlyMessages bool, emit func(string) error) error {
	understood, sawData := false, false
	for {
		ev, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return fmt.Errorf("wire: standard reader: %w", err)
		}
		if onlyMessages && ev.Type != "message" {
			continue
		}
		if f == FormatText {
			if ev.Data == Done {
				return nil
			}
			if err := emit(ev.Data); err != nil {
				return err
			}
			continue
		}
		sawData = true
		if f == FormatOpenAI && ev.Data == Done {
			return nil
		}
		obj, err := jsonParseObject(ev.Data, nil)
		if err != nil {
			continue
		}
		text, end, known, failure := formatEvent(obj, f)
		understood = understood || known
		if failure != nil {
			return failure
		}
		if end {
			return nil
		}
		if err := emit(text); err != nil {
			return err
		}
	}
	if sawData && !understood {
		return ErrNotItsFormat
	}
	return nil
}
