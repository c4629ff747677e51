package wire

import (
	"errors"
	"fmt"
	"strings"
)

// GaApi746Event is the writer GA issue #746 asks GaApi for: one "data: " line per line of text,
// then a blank line. It is GaChatbot.Api's writer without the CR removal
// (Apps/GaChatbot.Api/Controllers/ChatbotController.cs:449-474), so a CR before a line feed
// stays at the end of its data line, where the standard reader takes CRLF as one line break.
func GaApi746Event(data string) []byte {
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

// GaApi746 is GaApi's writer with #746's fix, for the tables that set it beside GA's writers.
var GaApi746 = Writer{Name: "GaApi (#746)", Event: GaApi746Event}

// ChatService746 is ga-client's chatService with #746's fix, for the tables that set it beside
// GA's readers.
var ChatService746 = Reader{Name: "chatService (#746)", Read: ReadChatServiceJoined}

// ReadChatServiceJoined is ga-client's sendChatMessageStream with the client half of #746's fix
// (Apps/ga-client/src/services/chatService.ts:29-77, 79-164): every "data:" line of an event
// counts, each loses "data:" and one space, and they are joined with a line feed, with no trim.
// The rest is chatService as it is: [DONE] ends the read after the buffer, a JSON object is
// skipped or, with a truthy error, thrown, and an unfinished remainder is appended trimmed.
func ReadChatServiceJoined(stream []byte) (string, error) {
	buffer := textDecode(stream)
	events := strings.Split(buffer, "\n\n")
	remainder := events[len(events)-1]
	var fullResponse strings.Builder
	for _, event := range events[:len(events)-1] {
		var lines []string
		for line := range strings.SplitSeq(event, "\n") {
			if value, ok := strings.CutPrefix(line, "data:"); ok {
				lines = append(lines, strings.TrimPrefix(value, " "))
			}
		}
		if lines == nil {
			continue
		}
		payload := strings.Join(lines, "\n")
		if payload == "" {
			continue
		}
		if payload == Done {
			continue
		}
		if strings.HasPrefix(payload, "{") {
			obj, err := jsonParseObject(payload)
			if err != nil {
				return "", fmt.Errorf("chatService: JSON.parse: %w", err)
			}
			if v, ok := obj["error"]; ok && jsTruthy(v) {
				return "", errors.New(jsString(v))
			}
			continue
		}
		fullResponse.WriteString(payload)
	}
	fullResponse.WriteString(jsTrim(remainder))
	return fullResponse.String(), nil
}

// ReadGaChatbotPageFixed is GaChatbot.Api's page with the fix lesson 6's third exercise asks for
// (consumeSseStream, Apps/GaChatbot.Api/wwwroot/index.html:740-809): an event whose data is a
// JSON object with an error property ends the read with an Error carrying that property as its
// message, which the page's send function catches. Everything else reads as ReadGaChatbotPage does.
func ReadGaChatbotPageFixed(stream []byte) (string, error) {
	buffer := textDecode(stream)
	var answer strings.Builder
	routingSeen := false
	for {
		idx := strings.Index(buffer, "\n\n")
		if idx < 0 {
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
		if strings.HasPrefix(data, "{") {
			if obj, err := jsonParseObject(data); err == nil {
				if v, ok := obj["error"]; ok {
					return answer.String(), errors.New(jsString(v))
				}
			}
		}
		if !routingSeen && strings.HasPrefix(data, "{") && strings.Contains(data, `"type"`) {
			if obj, err := jsonParseObject(data); err == nil && jsonIsString(obj["type"], "routing") {
				routingSeen = true
				continue
			}
		}
		answer.WriteString(data)
	}
}

// ChatTurn is one message of the page's conversation history, which the page sends back with
// the next request as conversationHistory.
type ChatTurn struct {
	// Role is "user" or "assistant".
	Role string `json:"role"`
	// Content is the message's text.
	Content string `json:"content"`
}

// PageView is what GaChatbot.Api's page leaves after one question: the assistant's bubble and
// the conversation history.
type PageView struct {
	// Bubble is the text the assistant's bubble shows.
	Bubble string
	// History is the conversation history after the question.
	History []ChatTurn
}

// EmptyAnswer is what the page keeps as the assistant's turn when a read completes with no text.
const EmptyAnswer = "(empty response)"

// AskOnPage models the page's submit handler around a read of stream by read
// (Apps/GaChatbot.Api/wwwroot/index.html:940-1003): a read that completes shows its answer and
// pushes the user's message and the answer, or EmptyAnswer, onto history (index.html:979-984);
// a read that throws shows "Request failed: " and the message in the bubble and pushes nothing.
func AskOnPage(history []ChatTurn, message string, stream []byte, read func([]byte) (string, error)) PageView {
	kept := append(make([]ChatTurn, 0, len(history)+2), history...)
	answer, err := read(stream)
	if err != nil {
		return PageView{Bubble: "Request failed: " + err.Error(), History: kept}
	}
	content := answer
	if content == "" {
		content = EmptyAnswer
	}
	kept = append(kept, ChatTurn{Role: "user", Content: message}, ChatTurn{Role: "assistant", Content: content})
	return PageView{Bubble: answer, History: kept}
}
