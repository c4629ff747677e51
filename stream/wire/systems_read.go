package wire

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"

	"course/internal/lazy"
)

// NeverCompletesError is what a reader gives when the stream ends but the client never leaves
// its "streaming" state: the user sees Shown under a spinner that does not stop.
type NeverCompletesError struct {
	// Shown is the text on screen when the stream ended.
	Shown string
}

// Error says the read never completes.
func (e *NeverCompletesError) Error() string { return "never completes" }

// ErrNotItsFormat is what a reader gives when the stream had data but nothing the reader understands.
var ErrNotItsFormat = errors.New("not its format")

// ReadStandardFormat is the HTML standard's reader joined per format: the data of every event as
// the standard dispatches it, and of it the text the format puts there. Text streams read as
// ReadStandard does; for JSON-per-event streams it takes the text field of each text event, stops
// at the format's end and raises the format's error event with its message.
func ReadStandardFormat(stream []byte, f Format) (string, error) {
	return readStandard(stream, f, false)
}

// formatEvent finds in one event of format f its text, whether it ends the answer, whether the
// format knows the event at all, and the error it reports.
func formatEvent(obj Object, f Format) (text string, end, known bool, failure error) {
	typ := jsonStringValue(obj.Get("type"))
	switch f {
	case FormatFoundry:
		switch typ {
		case "chunk":
			return jsonText(obj.Get("content")), false, true, nil
		case "done":
			return "", true, true, nil
		case "error":
			return "", false, true, errors.New(jsonStringValue(obj.Get("message")))
		}
		return "", false, foundryKnownTypes()[typ], nil
	case FormatAgUi:
		switch typ {
		case "TEXT_MESSAGE_CONTENT":
			return jsonText(obj.Get("delta")), false, true, nil
		case "RUN_FINISHED":
			return "", true, true, nil
		case "RUN_ERROR":
			return "", false, true, errors.New(jsonStringValue(obj.Get("message")))
		}
		return "", false, agUiTypes()[typ], nil
	case FormatOpenAI:
		if e, ok := obj.Lookup("error"); ok {
			var body struct {
				Message string `json:"message"`
			}
			_ = json.Unmarshal([]byte(e), &body)
			return "", false, true, errors.New(body.Message)
		}
		var choices []struct {
			Delta struct {
				Content *string `json:"content"`
			} `json:"delta"`
		}
		if json.Unmarshal([]byte(obj.Get("choices")), &choices) != nil {
			return "", false, false, nil
		}
		if len(choices) > 0 && choices[0].Delta.Content != nil {
			return *choices[0].Delta.Content, false, true, nil
		}
		return "", false, true, nil
	case FormatBit:
		switch typ {
		case "text.delta":
			return jsonText(obj.Get("text")), false, true, nil
		case "finish":
			return "", true, true, nil
		case "error":
			return "", false, true, errors.New(jsonStringValue(obj.Get("message")))
		}
		// Its reader skips event types it does not know, so any typed event is its format.
		return "", false, typ != "", nil
	}
	return "", false, false, nil
}

// jsonText is a text field's value: a string as it is, any other value as its raw JSON, which
// is what travelled where the text should be.
func jsonText(raw string) string {
	if len(raw) > 0 && raw[0] == '"' {
		return jsonStringValue(raw)
	}
	return raw
}

// jsonStringValue is the string a JSON value holds, "" when it is not a string.
func jsonStringValue(raw string) string {
	s, _ := JSONString(raw)
	return s
}

// ReadChatApi is ga-client's ChatApiService.streamChat (Apps/ga-client/src/services/chatApi.ts:73-172,
// ga-behaviour.md §6.2): line-based, every line that starts with "data: " gives its rest with no
// trim; empty data and [DONE] are skipped and the read goes on to the end; data starting with "{"
// is parsed, an error throws, and a parse failure is rethrown. The yielded lines are joined with
// no separator. Two cases the description leaves open are settled like chatService's: a JSON
// object that is neither an error nor routing is skipped, and the unfinished last line is dropped.
func ReadChatApi(stream []byte) (string, error) {
	lines := strings.Split(textDecode(stream), "\n")
	answer := answerBuilder(len(stream))
	understood, sawData := false, false
	for _, line := range lines[:len(lines)-1] {
		data, ok := strings.CutPrefix(line, "data: ")
		if !ok {
			continue
		}
		sawData = true
		if data == "" || data == Done {
			understood = true
			continue
		}
		if strings.HasPrefix(data, "{") {
			obj, err := jsonParseObject(data, nil)
			if err != nil {
				return "", fmt.Errorf("chatApi: JSON.parse: %w", err)
			}
			if v, ok := obj.Lookup("error"); ok && jsTruthy(v) {
				return "", errors.New(jsString(v))
			}
			if jsonIsString(obj.Get("type"), "routing") {
				understood = true
			}
			continue
		}
		understood = true
		answer.WriteString(data)
	}
	if sawData && !understood {
		return "", ErrNotItsFormat
	}
	return answer.String(), nil
}

// agUiTypes are the event types of AG-UI's TypeScript core (sdks/typescript/packages/core/src/events.ts).
var agUiTypes = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"TEXT_MESSAGE_START": true, "TEXT_MESSAGE_CONTENT": true, "TEXT_MESSAGE_END": true, "TEXT_MESSAGE_CHUNK": true,
		"TOOL_CALL_START": true, "TOOL_CALL_ARGS": true, "TOOL_CALL_END": true, "TOOL_CALL_CHUNK": true, "TOOL_CALL_RESULT": true,
		"STATE_SNAPSHOT": true, "STATE_DELTA": true, "MESSAGES_SNAPSHOT": true, "ACTIVITY_SNAPSHOT": true, "ACTIVITY_DELTA": true,
		"RAW": true, "CUSTOM": true, "RUN_STARTED": true, "RUN_FINISHED": true, "RUN_ERROR": true, "STEP_STARTED": true, "STEP_FINISHED": true,
		"REASONING_START": true, "REASONING_MESSAGE_START": true, "REASONING_MESSAGE_CONTENT": true, "REASONING_MESSAGE_END": true,
		"REASONING_MESSAGE_CHUNK": true, "REASONING_END": true,
		"THINKING_START": true, "THINKING_END": true, "THINKING_TEXT_MESSAGE_START": true, "THINKING_TEXT_MESSAGE_CONTENT": true, "THINKING_TEXT_MESSAGE_END": true,
	}
})

// ReadAgUiFrames is ga-client's streamAgUiChat with its parseAgUiFrames
// (Apps/ga-client/src/services/agUiChatService.ts:57-70, 74-145; ga-behaviour.md §6.3): the
// buffer up to the last "\n\n" is cut into frames, each frame's first "data:" line is trimmed and
// parsed, malformed frames are skipped silently. TEXT_MESSAGE_CONTENT deltas are joined,
// RUN_FINISHED ends the read, RUN_ERROR hands its message to onError, which this returns as the
// error. What follows the last "\n\n" is never parsed.
func ReadAgUiFrames(stream []byte) (string, error) {
	buffer := textDecode(stream)
	end := strings.LastIndex(buffer, "\n\n")
	if end < 0 {
		if strings.Contains(buffer, "data:") {
			return "", ErrNotItsFormat
		}
		return "", nil
	}
	answer := answerBuilder(end)
	understood, sawData := false, false
	for frame := range strings.SplitSeq(buffer[:end], "\n\n") {
		payload, found := "", false
		for line := range strings.SplitSeq(frame, "\n") {
			if rest, ok := strings.CutPrefix(line, "data:"); ok {
				payload, found = jsTrim(rest), true
				break
			}
		}
		if !found || payload == "" {
			continue
		}
		sawData = true
		obj, err := jsonParseObject(payload, nil)
		if err != nil {
			continue
		}
		typ := jsonStringValue(obj.Get("type"))
		if agUiTypes()[typ] {
			understood = true
		}
		switch typ {
		case "TEXT_MESSAGE_CONTENT":
			answer.WriteString(jsStringOrUndefined(obj.Get("delta")))
		case "RUN_FINISHED":
			return answer.String(), nil
		case "RUN_ERROR":
			return answer.String(), errors.New(jsStringOrUndefined(obj.Get("message")))
		}
	}
	if sawData && !understood {
		return "", ErrNotItsFormat
	}
	return answer.String(), nil
}

// jsStringOrUndefined is String(value) for a property that may be missing.
func jsStringOrUndefined(raw string) string {
	if len(raw) == 0 {
		return "undefined"
	}
	return jsString(raw)
}

// FoundryClientError is the text the Foundry web app shows for an error event, as far as the
// research quotes it; the server's message is kept out of sight in originalError
// (foundry-agent-webapp frontend/src/services/chatService.ts).
const FoundryClientError = "The response was interrupted. Click Retry…"

// foundryLineSplit is splitSseBuffer's /\r?\n/ (foundry-agent-webapp frontend/src/utils/sseParser.ts).
var foundryLineSplit = lazy.Regexp(`\r?\n`)

// foundryKnownTypes are the event types processStream's switch handles.
var foundryKnownTypes = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"conversationId": true, "chunk": true, "annotations": true, "mcpApprovalRequest": true,
		"toolUse": true, "usage": true, "done": true, "error": true,
	}
})

// ReadFoundry is the Foundry agent web app's processStream with sseParser's splitSseBuffer and
// parseSseLine (foundry-agent-webapp frontend/src/services/chatService.ts:331-480,
// frontend/src/utils/sseParser.ts): lines split at /\r?\n/ with the unfinished last line
// dropped; each line trimmed, and only "data: " lines whose rest parses as an object with a
// truthy type count, one line at a time with no joining. A chunk equal to the one before is
// dropped; usage is the only completion, done returns, and an error event (or an object with an
// error key) raises the client's fixed text. A stream that ends without usage never completes.
// Retries POST the same request again and get the same stream, so they change nothing here.
func ReadFoundry(stream []byte) (string, error) {
	lines := foundryLineSplit().Split(textDecode(stream), -1)
	answer := answerBuilder(len(stream))
	var last string
	understood, sawData, completed := false, false, false
	for _, line := range lines[:len(lines)-1] {
		rest, ok := strings.CutPrefix(jsTrim(line), "data: ")
		if !ok {
			continue
		}
		sawData = true
		obj, err := jsonParseObject(jsTrim(rest), nil)
		if err != nil {
			continue
		}
		if t, ok := obj.Lookup("type"); !ok || !jsTruthy(t) {
			continue
		}
		typ := jsonStringValue(obj.Get("type"))
		if foundryKnownTypes()[typ] {
			understood = true
		}
		if _, ok := obj.Lookup("error"); ok {
			return "", errors.New(FoundryClientError)
		}
		switch typ {
		case "chunk":
			content := obj.Get("content")
			if jsStrictEqual(content, last) {
				continue
			}
			last = content
			answer.WriteString(jsStringOrUndefined(content))
		case "usage":
			completed = true
		case "done":
			return finishFoundry(answer.String(), completed)
		case "error":
			return "", errors.New(FoundryClientError)
		}
	}
	if sawData && !understood {
		return "", ErrNotItsFormat
	}
	return finishFoundry(answer.String(), completed)
}

func finishFoundry(shown string, completed bool) (string, error) {
	if !completed {
		return "", &NeverCompletesError{Shown: shown}
	}
	return shown, nil
}

// jsStrictEqual is === between two parsed JSON values: primitives by value, objects and arrays
// never, since each parse makes a new one; a missing value is undefined.
func jsStrictEqual(a, b string) bool {
	if len(a) == 0 || len(b) == 0 {
		return len(a) == 0 && len(b) == 0
	}
	if a[0] == '{' || a[0] == '[' || b[0] == '{' || b[0] == '[' {
		return false
	}
	if a[0] == '"' && b[0] == '"' {
		return jsonStringValue(a) == jsonStringValue(b)
	}
	var x, y any
	return json.Unmarshal([]byte(a), &x) == nil && json.Unmarshal([]byte(b), &y) == nil && x == y
}

// clip shortens s for an error message.
func clip(s string) string {
	r := []rune(s)
	if len(r) > 24 {
		return fmt.Sprintf("%q…", string(r[:24]))
	}
	return fmt.Sprintf("%q", s)
}
