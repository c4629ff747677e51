package wire

import (
	"encoding/json"
	"strings"

	"course/internal/dotnet"
)

// DefaultConversationID is the id the Foundry writers make when the client names none: a
// server-made id, letters and digits only.
const DefaultConversationID = "conv_6f1c2a9e8b7d4c3f"

// sseFormatterSuccess is .NET's SseFormatter.WriteAsync with one string item per chunk: each line
// of the data, split at CRLF, LF or a lone CR, as its own "data: " line, then a blank line; no end
// marker (dotnet/runtime System.Net.ServerSentEvents/SseFormatter.cs).
func sseFormatterSuccess(in Input) []byte {
	eol := in.eol()
	var b strings.Builder
	for _, c := range in.Chunks {
		for _, line := range splitAnyLineEnd(c) {
			b.WriteString("data: " + line + eol)
		}
		b.WriteString(eol)
	}
	return []byte(b.String())
}

// sseFormatterFailure is what an ASP.NET server-sent-events result sends when its item source
// throws before the first item: SseFormatter has no error event, the response is aborted, and the
// client is left with no bytes.
func sseFormatterFailure(Input) []byte { return nil }

// splitAnyLineEnd splits s at CRLF, LF and lone CR, as SseFormatter's data writer does.
func splitAnyLineEnd(s string) []string {
	return strings.Split(strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n"), "\n")
}

// jsonEvent frames one JSON object as a single data line and a blank line, the framing every
// JSON-per-event writer here shares.
func jsonEvent(b *strings.Builder, json, eol string) {
	b.WriteString("data: " + json + eol + eol)
}

// foundryConversationID is the Foundry web app's conversationId event since 51c098b, serialized
// with System.Text.Json (microsoft-foundry/foundry-agent-webapp backend/WebApp.Api/Program.cs).
func foundryConversationID(in Input) string {
	id := in.ConversationID
	if id == "" {
		id = DefaultConversationID
	}
	return `{"type":"conversationId","conversationId":` + stjString(id) + `}`
}

// foundrySuccess is the Foundry web app's stream endpoint: conversationId, one chunk event per
// text delta, usage, then the literal done event (foundry-agent-webapp backend/WebApp.Api/Program.cs:260-346).
func foundrySuccess(in Input) []byte {
	eol := in.eol()
	var b strings.Builder
	jsonEvent(&b, foundryConversationID(in), eol)
	for _, c := range in.Chunks {
		jsonEvent(&b, `{"type":"chunk","content":`+stjString(c)+`}`, eol)
	}
	jsonEvent(&b, `{"type":"usage","duration":0,"promptTokens":0,"completionTokens":`+itoa(len(in.Chunks))+`,"totalTokens":`+itoa(len(in.Chunks))+`}`, eol)
	jsonEvent(&b, `{"type":"done"}`, eol)
	return []byte(b.String())
}

// FoundryErrorMessage is the Detail ErrorResponseFactory gives an unexpected exception in
// production, as far as the research quotes it (foundry-agent-webapp backend/WebApp.Api/Models/ErrorResponse.cs).
const FoundryErrorMessage = "An unexpected error occurred. Our team has been notified…"

// foundryFailure is the Foundry web app's catch: the error event, then nothing, not even done
// (foundry-agent-webapp backend/WebApp.Api/Program.cs).
func foundryFailure(in Input) []byte {
	eol := in.eol()
	var b strings.Builder
	jsonEvent(&b, foundryConversationID(in), eol)
	jsonEvent(&b, `{"type":"error","message":`+stjString(FoundryErrorMessage)+`}`, eol)
	return []byte(b.String())
}

// foundrySkillConversationID is the skill's conversationId event, built by string interpolation
// with the id unescaped (foundry-agent-webapp .github/skills/implementing-chat-streaming/SKILL.md).
func foundrySkillConversationID(in Input) string {
	id := in.ConversationID
	if id == "" {
		id = DefaultConversationID
	}
	return `{"type":"conversationId","conversationId":"` + id + `"}`
}

// foundrySkillSuccess is the endpoint the implementing-chat-streaming skill shows: the
// interpolated conversationId, each StreamChunk serialized whole as content, then done and no
// usage (SKILL.md, "Backend: SSE Endpoint"). The chunk is the StreamChunk record the skill was
// written against (30d4e63), with System.Text.Json's defaults: PascalCase, nulls and computed
// properties included.
func foundrySkillSuccess(in Input) []byte {
	eol := in.eol()
	var b strings.Builder
	jsonEvent(&b, foundrySkillConversationID(in), eol)
	for _, c := range in.Chunks {
		jsonEvent(&b, `{"type":"chunk","content":{"TextDelta":`+stjString(c)+`,"Annotations":null,"IsText":true,"HasAnnotations":false}}`, eol)
	}
	jsonEvent(&b, `{"type":"done"}`, eol)
	return []byte(b.String())
}

// foundrySkillFailure is the skill's endpoint when streaming throws: it has no catch, so after
// the conversationId event the response is aborted (SKILL.md, "Backend: SSE Endpoint").
func foundrySkillFailure(in Input) []byte {
	var b strings.Builder
	jsonEvent(&b, foundrySkillConversationID(in), in.eol())
	return []byte(b.String())
}

// The AG-UI run's fixed identities: the client's thread, the run id a trace id gives, and the
// message id GaChatbot.Api derives from it (AgUiChatController.cs:15-99).
const (
	agUiThreadID  = "thread_1767225600000"
	agUiRunID     = "4bf92f3577b34da6a3ce929d0e0e4736"
	agUiMessageID = "msg_4bf92f35"
	agUiTimestamp = "1767225600000"
	agUiAgentID   = "skill.improvisation"
)

// agUiSuccess is GaChatbot.Api's /api/chatbot/agui/stream on success: RUN_STARTED, STEP_STARTED,
// the text message with one TEXT_MESSAGE_CONTENT per chunk, RUN_FINISHED, each event written by
// AgUiEventWriter as one compact JSON data line
// (Apps/GaChatbot.Api/Controllers/AgUiChatController.cs:15-99, Helpers/AgUiEventWriter.cs:1-46).
// The step is never finished: the controller writes STEP_STARTED for the routing and then
// RUN_FINISHED (AgUiChatController.cs:57-60, 79 at b17870b1dad2bf46c0ab043a3bc399fc4c6b0af8), and
// AgUiEventWriter has no STEP_FINISHED to write.
func agUiSuccess(in Input) []byte {
	eol := in.eol()
	var b strings.Builder
	jsonEvent(&b, agUiRunStarted(), eol)
	jsonEvent(&b, `{"type":"STEP_STARTED","stepName":`+stjString(agUiAgentID)+`,"runId":"`+agUiRunID+`"}`, eol)
	for i, c := range in.Chunks {
		if i == 0 {
			jsonEvent(&b, `{"type":"TEXT_MESSAGE_START","messageId":"`+agUiMessageID+`","role":"assistant"}`, eol)
		}
		jsonEvent(&b, `{"type":"TEXT_MESSAGE_CONTENT","messageId":"`+agUiMessageID+`","delta":`+stjString(c)+`}`, eol)
	}
	if len(in.Chunks) > 0 {
		jsonEvent(&b, `{"type":"TEXT_MESSAGE_END","messageId":"`+agUiMessageID+`"}`, eol)
	}
	jsonEvent(&b, `{"type":"RUN_FINISHED","threadId":"`+agUiThreadID+`","runId":"`+agUiRunID+`","timestamp":`+agUiTimestamp+`}`, eol)
	return []byte(b.String())
}

func agUiRunStarted() string {
	return `{"type":"RUN_STARTED","threadId":"` + agUiThreadID + `","runId":"` + agUiRunID + `","timestamp":` + agUiTimestamp + `}`
}

// agUiFailure is the same endpoint when answering throws before any text: RUN_STARTED was
// already sent, then RUN_ERROR with INTERNAL_ERROR (AgUiChatController.cs:15-99).
func agUiFailure(in Input) []byte {
	eol := in.eol()
	var b strings.Builder
	jsonEvent(&b, agUiRunStarted(), eol)
	jsonEvent(&b, `{"type":"RUN_ERROR","message":`+stjString(GaErrorMessage)+`,"code":"INTERNAL_ERROR"}`, eol)
	return []byte(b.String())
}

// OpenAIErrorMessage is the message OpenAI's API gives a server-side failure.
const OpenAIErrorMessage = "The server had an error while processing your request. Sorry about that!"

// openAIChunk is one chat.completion.chunk with the given delta and finish reason.
func openAIChunk(delta, finish string) string {
	return `{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1767225600,"model":"gpt-4o-mini","choices":[{"index":0,"delta":` + delta + `,"finish_reason":` + finish + `}]}`
}

// openAISuccess is OpenAI's streamed chat completion: a first chunk with the role, one chunk per
// text delta in choices[0].delta.content, a last chunk with finish_reason, then data: [DONE]
// (OpenAI API reference, "Streaming"; seed-systems.md System D). Its escaping is not documented;
// the course writes the JSON as Go's encoding/json does.
func openAISuccess(in Input) []byte {
	eol := in.eol()
	var b strings.Builder
	jsonEvent(&b, openAIChunk(`{"role":"assistant","content":""}`, "null"), eol)
	for _, c := range in.Chunks {
		jsonEvent(&b, openAIChunk(`{"content":`+goJSONString(c)+`}`, "null"), eol)
	}
	jsonEvent(&b, openAIChunk(`{}`, `"stop"`), eol)
	jsonEvent(&b, Done, eol)
	return []byte(b.String())
}

// openAIFailure is an in-stream OpenAI error: a JSON object with an error object and no [DONE].
func openAIFailure(in Input) []byte {
	var b strings.Builder
	jsonEvent(&b, `{"error":{"message":`+goJSONString(OpenAIErrorMessage)+`,"type":"server_error","param":null,"code":null}}`, in.eol())
	return []byte(b.String())
}

// BitErrorMessage stands for the generic message of Bit.BlazorUI.AI's terminal error event, whose
// wording its documentation does not give.
const BitErrorMessage = "An error occurred."

// bitSuccess is Bit.BlazorUI.AI's SSE endpoint as its documentation describes it ("Streaming from
// a server"): one JSON object per event told apart by type, text as text.delta, and a finish
// event. The field names (text, finishReason) and the single-data-line framing are assumptions
// the documentation leaves open (seed-systems.md System A).
func bitSuccess(in Input) []byte {
	return bitFrame(BitEvents(in.Chunks), in.eol())
}

// bitFailure is the documented terminal error event with a generic message, the exception logged
// and never sent.
func bitFailure(in Input) []byte {
	return bitFrame(BitFailureEvents(), in.eol())
}

// BitEvents are Bit.BlazorUI.AI's events for an answer, one JSON object each, whatever the
// transport: a text.delta per chunk and the finish event.
func BitEvents(chunks []string) []string {
	events := make([]string, 0, len(chunks)+1)
	for _, c := range chunks {
		events = append(events, BitTextDelta(c))
	}
	return append(events, BitFinish)
}

// BitTextDelta is Bit.BlazorUI.AI's event for one piece of text.
func BitTextDelta(text string) string { return `{"type":"text.delta","text":` + stjString(text) + `}` }

// BitFinish is Bit.BlazorUI.AI's last event of a reply.
const BitFinish = `{"type":"finish","finishReason":"stop"}`

// BitFailureEvents is the terminal error event alone, what Bit.BlazorUI.AI sends when answering fails.
func BitFailureEvents() []string {
	return []string{`{"type":"error","message":` + stjString(BitErrorMessage) + `}`}
}

// bitFrame frames each event as one SSE event.
func bitFrame(events []string, eol string) []byte {
	var b strings.Builder
	for _, e := range events {
		jsonEvent(&b, e, eol)
	}
	return []byte(b.String())
}

// stjString is s as System.Text.Json's default encoder writes a string.
func stjString(s string) string { return dotnet.Quote(s, dotnet.Strict) }

// goJSONString is encoding/json's string encoding.
func goJSONString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
