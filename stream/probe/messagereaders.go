package probe

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"slices"
	"strings"

	"course/stream/wire"
)

// MessageReader is one client of a message transport: it turns the messages of a WebSocket
// stream, or the items of a SignalR stream, into what its user gets.
type MessageReader struct {
	// Key selects the reader on the command line.
	Key string
	// Name is what the report prints.
	Name string
	// Transports are those it reads.
	Transports []string
	// speaks says whether a client is written for a stream of this shape; nil for the course's
	// reader, which reads every shape.
	speaks func(shape) bool
	// Read returns what the user gets from the messages in order; an error is what the client
	// throws instead.
	Read func(msgs iter.Seq[Message]) (string, error)
}

// The readers of the message transports.
var (
	// TextMessages is the course's reader over a WebSocket, lesson 6's check of text events
	// carried to messages: the text of each message, a JSON event's text field in any of the
	// formats the course knows, up to an end marker or end event.
	TextMessages = MessageReader{Key: "text", Name: "RFC 6455, each message's text", Transports: []string{TransportWebSocket}, Read: readMessageText}
	// TextItems is the course's reader under SignalR: the same, on each item.
	TextItems = MessageReader{Key: "text", Name: "SignalR, each item's text", Transports: []string{TransportSignalR}, Read: readMessageText}
	// BitClient is Bit.BlazorUI.AI's transport as its documentation describes it ("Streaming from a
	// server"): each message, or each item, is one JSON event told apart by its type; text.delta
	// carries text, an error event fails the reply, unknown types are skipped. Its source is not
	// public, so two things are the course's assumptions, as for its SSE writer (seed-systems.md
	// System A): the text field's name, and that a message that is not one JSON event throws.
	BitClient = MessageReader{Key: "bit", Name: "Bit.BlazorUI.AI transport", Transports: []string{TransportWebSocket, TransportSignalR},
		speaks: func(s shape) bool { return s.events }, Read: readBit}
	// BoilerplatePanel is the Boilerplate template's chat panel reading its hub's stream
	// (bitplatform 344755e, src/Templates/Boilerplate/Bit.Boilerplate/src/Client/Boilerplate.Client.Core/Components/Layout/AppAiChatPanel.razor.cs:166-206):
	// StreamAsync<string>, each item appended to the reply, MESSAGE_PROCESS_SUCCESS ending it,
	// an item that holds the word FollowUpSuggestions taken for the follow-up list.
	BoilerplatePanel = MessageReader{Key: "boilerplate", Name: "Boilerplate chat panel", Transports: []string{TransportSignalR},
		speaks: func(s shape) bool { return s.strings }, Read: readBoilerplate}
)

// KnownMessageReaders lists the readers of a transport: the course's, then the clients.
func KnownMessageReaders(transport string) []MessageReader {
	var out []MessageReader
	for _, rd := range []MessageReader{TextMessages, TextItems, BitClient, BoilerplatePanel} {
		if slices.Contains(rd.Transports, transport) {
			out = append(out, rd)
		}
	}
	return out
}

// FindMessageReaders picks readers of a transport by key, by whole name, or by a part of a name
// that only one of them holds, in any case.
func FindMessageReaders(transport string, names []string) ([]MessageReader, error) {
	return findReaders(KnownMessageReaders(transport), names, "the "+transport+" readers", func(rd MessageReader) (string, string) { return rd.Key, rd.Name })
}

// eventObject is the JSON event a message carries: a text message or string item that is a
// JSON object, or an object item.
func eventObject(m Message) (wire.Object, bool) {
	if m.Kind == BinaryMessage {
		return nil, false
	}
	return wire.ParseObject(string(m.Data), nil)
}

func readMessageText(msgs iter.Seq[Message]) (string, error) {
	var b strings.Builder
	for m := range msgs {
		if m.Kind == BinaryMessage {
			continue
		}
		if isMarker, _ := marker(m.Data); isMarker && m.isText() {
			break
		}
		if obj, ok := eventObject(m); ok {
			text, end := eventText(obj)
			b.WriteString(text)
			if end {
				break
			}
			continue
		}
		if m.isText() {
			b.Write(m.Data)
		}
	}
	return b.String(), nil
}

// eventText is the text a JSON event carries in any of the formats the course knows (Bit's
// text.delta, AG-UI's TEXT_MESSAGE_CONTENT, the Foundry app's chunk, OpenAI's chunk), and whether
// the event ends the reply.
func eventText(obj wire.Object) (text string, end bool) {
	typ, _ := wire.JSONString(obj.Get("type"))
	switch typ {
	case "text.delta":
		return fieldText(obj.Get("text")), false
	case "TEXT_MESSAGE_CONTENT":
		return fieldText(obj.Get("delta")), false
	case "chunk":
		return fieldText(obj.Get("content")), false
	case "finish", "RUN_FINISHED", "done":
		return "", true
	}
	if raw, ok := obj.Lookup("choices"); ok {
		var choices []struct {
			Delta struct {
				Content *string `json:"content"`
			} `json:"delta"`
		}
		if json.Unmarshal([]byte(raw), &choices) == nil && len(choices) > 0 && choices[0].Delta.Content != nil {
			return *choices[0].Delta.Content, false
		}
	}
	return "", false
}

// fieldText is a text field's value: a string as it is, another value as its JSON, which is
// what travelled where the text should be.
func fieldText(raw string) string {
	if s, ok := wire.JSONString(raw); ok {
		return s
	}
	return raw
}

func readBit(msgs iter.Seq[Message]) (string, error) {
	var b strings.Builder
	n := 0
	for m := range msgs {
		n++
		if m.Kind == BinaryMessage {
			return "", fmt.Errorf("bit: message %d is binary, not an event's JSON text", n)
		}
		obj, ok := eventObject(m)
		if !ok {
			return "", fmt.Errorf("bit: message %d is not a JSON event: %s", n, clipText(m.Data))
		}
		typ, _ := wire.JSONString(obj.Get("type"))
		switch typ {
		case "text.delta":
			b.WriteString(fieldText(obj.Get("text")))
		case "finish":
			return b.String(), nil
		case "error":
			msg, _ := wire.JSONString(obj.Get("message"))
			return "", errors.New(msg)
		}
	}
	return b.String(), nil
}

func readBoilerplate(msgs iter.Seq[Message]) (string, error) {
	var b strings.Builder
	n := 0
	for m := range msgs {
		n++
		if m.Kind != StringItem {
			// StreamAsync<string> deserializes each item with System.Text.Json.
			return "", fmt.Errorf("item %d: The JSON value could not be converted to System.String", n)
		}
		switch {
		case bytes.Contains(m.Data, []byte("FollowUpSuggestions")):
			continue
		case string(m.Data) == MarkerSuccess, string(m.Data) == MarkerError:
			// The reply is counted done: what follows goes to no message.
			return b.String(), nil
		}
		b.Write(m.Data)
	}
	return b.String(), nil
}

// clipText shortens a message for an error.
func clipText(b []byte) string {
	s := strings.Join(strings.Fields(string(b)), " ")
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}
