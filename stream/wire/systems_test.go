package wire

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func systemWriter(t *testing.T, key string) Writer {
	t.Helper()
	w, err := WriterByKey(key)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func systemReader(t *testing.T, key string) Reader {
	t.Helper()
	r, err := ReaderByKey(key)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestSystemWriterBytes(t *testing.T) {
	chunks := []string{"a\n\nb. ", "<é>"}
	tests := []struct {
		key  string
		want string
	}{
		{"gachatbot", "data: a\ndata: \ndata: b. \n\ndata: <é>\n\ndata: [DONE]\n\n"},
		{"gaapi", "data: a\n\nb. \n\ndata: <é>\n\ndata: [DONE]\n\n"},
		{"gaapi746", "data: a\ndata: \ndata: b. \n\ndata: <é>\n\ndata: [DONE]\n\n"},
		{"sseformatter", "data: a\ndata: \ndata: b. \n\ndata: <é>\n\n"},
		{"foundry", `data: {"type":"conversationId","conversationId":"conv_6f1c2a9e8b7d4c3f"}` + "\n\n" +
			`data: {"type":"chunk","content":"a\n\nb. "}` + "\n\n" +
			`data: {"type":"chunk","content":"\u003C\u00E9\u003E"}` + "\n\n" +
			`data: {"type":"usage","duration":0,"promptTokens":0,"completionTokens":2,"totalTokens":2}` + "\n\n" +
			`data: {"type":"done"}` + "\n\n"},
		{"foundry-skill", `data: {"type":"conversationId","conversationId":"conv_6f1c2a9e8b7d4c3f"}` + "\n\n" +
			`data: {"type":"chunk","content":{"TextDelta":"a\n\nb. ","Annotations":null,"IsText":true,"HasAnnotations":false}}` + "\n\n" +
			`data: {"type":"chunk","content":{"TextDelta":"\u003C\u00E9\u003E","Annotations":null,"IsText":true,"HasAnnotations":false}}` + "\n\n" +
			`data: {"type":"done"}` + "\n\n"},
		{"agui", `data: {"type":"RUN_STARTED","threadId":"thread_1767225600000","runId":"4bf92f3577b34da6a3ce929d0e0e4736","timestamp":1767225600000}` + "\n\n" +
			`data: {"type":"STEP_STARTED","stepName":"skill.improvisation","runId":"4bf92f3577b34da6a3ce929d0e0e4736"}` + "\n\n" +
			`data: {"type":"TEXT_MESSAGE_START","messageId":"msg_4bf92f35","role":"assistant"}` + "\n\n" +
			`data: {"type":"TEXT_MESSAGE_CONTENT","messageId":"msg_4bf92f35","delta":"a\n\nb. "}` + "\n\n" +
			`data: {"type":"TEXT_MESSAGE_CONTENT","messageId":"msg_4bf92f35","delta":"\u003C\u00E9\u003E"}` + "\n\n" +
			`data: {"type":"TEXT_MESSAGE_END","messageId":"msg_4bf92f35"}` + "\n\n" +
			`data: {"type":"RUN_FINISHED","threadId":"thread_1767225600000","runId":"4bf92f3577b34da6a3ce929d0e0e4736","timestamp":1767225600000}` + "\n\n"},
		{"bit", `data: {"type":"text.delta","text":"a\n\nb. "}` + "\n\n" +
			`data: {"type":"text.delta","text":"\u003C\u00E9\u003E"}` + "\n\n" +
			`data: {"type":"finish","finishReason":"stop"}` + "\n\n"},
	}
	for _, tt := range tests {
		t.Run(tt.key, func(t *testing.T) {
			if got := string(systemWriter(t, tt.key).Success(Input{Chunks: chunks})); got != tt.want {
				t.Errorf("stream:\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
}

func TestOpenAIWriterEndsWithDone(t *testing.T) {
	got := string(systemWriter(t, "openai").Success(Input{Chunks: []string{"a\n\nb"}}))
	for _, want := range []string{`"delta":{"role":"assistant","content":""}`, `"delta":{"content":"a\n\nb"},"finish_reason":null`, `"delta":{},"finish_reason":"stop"`} {
		if !strings.Contains(got, want) {
			t.Errorf("stream lacks %s:\n%s", want, got)
		}
	}
	if !strings.HasSuffix(got, "\n\ndata: [DONE]\n\n") {
		t.Errorf("stream does not end with [DONE]:\n%s", got)
	}
}

func TestCRLFFraming(t *testing.T) {
	for _, w := range Writers {
		if w.Key == "gaapi" {
			continue
		}
		stream := string(w.Success(Input{Chunks: []string{"one.\n", "two.\n"}, EOL: "\r\n"}))
		if strings.Contains(strings.ReplaceAll(stream, "\r\n", ""), "\n") {
			t.Errorf("%s: a LF without CR in %q", w.Name, stream)
		}
	}
	// GaApi's own line breaks inside data stay LF: only the framing follows EOL.
	if got := string(GaApi.Success(Input{Chunks: []string{"a\nb"}, EOL: "\r\n"})); got != "data: a\nb\r\n\r\ndata: [DONE]\r\n\r\n" {
		t.Errorf("GaApi with CRLF: %q", got)
	}
}

// hazardTexts are texts the JSON-per-event writers must carry intact.
var hazardTexts = [][]string{
	SplitPinned(improvisation),
	Split743(improvisation),
	{"a\n\nb", "\n", "\n", "c"},
	{"Line one.\r\n", "50%\r100%"},
	{"Am\u2028F", "\u2029", "quote \" backslash \\ tab \t"},
	{"[DONE]", "data: x\n\n", ": comment"},
	{"<script>&'`+", "😀 é – →"},
}

func TestStandardReaderIsExactForJSONWriters(t *testing.T) {
	for _, key := range []string{"openai", "agui", "foundry", "bit"} {
		w := systemWriter(t, key)
		for _, eol := range []string{"\n", "\r\n"} {
			for _, chunks := range hazardTexts {
				want := strings.Join(chunks, "")
				got, err := ReadStandardFormat(w.Success(Input{Chunks: chunks, EOL: eol}), w.Format)
				if err != nil || got != want {
					t.Errorf("%s, EOL %q, chunks %q: got %q, %v", key, eol, chunks, got, err)
				}
			}
		}
	}
}

func TestStandardReaderOnTextWriters(t *testing.T) {
	chunks := Split743(improvisation)
	for _, key := range []string{"gachatbot", "gaapi746", "sseformatter"} {
		w := systemWriter(t, key)
		if got, err := ReadStandardFormat(w.Success(Input{Chunks: chunks}), w.Format); err != nil || got != improvisation {
			t.Errorf("%s: %q, %v", key, got, err)
		}
	}
	got, _ := ReadStandardFormat(systemWriter(t, "gaapi").Success(Input{Chunks: chunks}), FormatText)
	if c := Compare(improvisation, got); c.String() != "1 of 6 lines missing, 8 line breaks missing" {
		t.Errorf("GaApi: %s", c)
	}
}

// The GA pairs of the matrix are lesson 6's table.
func TestMatrixAgreesWithLesson6(t *testing.T) {
	chunks := SplitPinned(improvisation)
	pairs := []struct{ writer, reader string }{
		{"gachatbot", "standard"}, {"gachatbot", "page"}, {"gachatbot", "chatservice"},
		{"gaapi", "standard"}, {"gaapi", "page"}, {"gaapi", "chatservice"},
	}
	for i, p := range pairs {
		w, r := systemWriter(t, p.writer), systemReader(t, p.reader)
		got, err := r.ReadFormat(w.Success(Input{Chunks: chunks}), w.Format)
		want := cell(GaWriters()[i/3], GaReaders()[i%3], chunks)
		if err != nil || Compare(improvisation, got).String() != want {
			t.Errorf("%s → %s: %q, %v; lesson 6 says %s", p.writer, p.reader, Compare(improvisation, got), err, want)
		}
	}
}

func TestFoundryReaderDropsRepeatedChunks(t *testing.T) {
	tests := []struct {
		chunks []string
		want   string
	}{
		{[]string{"Two lines:", "\n", "\n", "next"}, "Two lines:\nnext"},
		{[]string{"*", "*", "bold", "*", "*"}, "*bold*"},
		{[]string{"`", "`", "`"}, "`"},
		{[]string{"a", "b", "a"}, "aba"},
		{[]string{"a\n\nb"}, "a\n\nb"},
	}
	foundry := systemWriter(t, "foundry")
	for _, tt := range tests {
		got, err := ReadFoundry(foundry.Success(Input{Chunks: tt.chunks}))
		if err != nil || got != tt.want {
			t.Errorf("%q: got %q, %v; want %q", tt.chunks, got, err, tt.want)
		}
	}
}

func TestFoundryConversationIDInjection(t *testing.T) {
	const id = `x","type":"done`
	chunks := []string{"Hello.\n"}
	skill := systemWriter(t, "foundry-skill").Success(Input{Chunks: chunks, ConversationID: id})
	if !strings.HasPrefix(string(skill), `data: {"type":"conversationId","conversationId":"x","type":"done"}`+"\n\n") {
		t.Fatalf("skill stream starts %q", skill[:80])
	}
	_, err := ReadFoundry(skill)
	var nc *NeverCompletesError
	if !errors.As(err, &nc) || nc.Shown != "" {
		t.Errorf("injected id: %v (%+v), want never completes with nothing shown", err, nc)
	}
	// Without the injection the same writer's chunks do reach the screen, as objects.
	_, err = ReadFoundry(systemWriter(t, "foundry-skill").Success(Input{Chunks: chunks}))
	if !errors.As(err, &nc) || nc.Shown != "[object Object]" {
		t.Errorf("plain id: %v (%+v), want never completes showing [object Object]", err, nc)
	}
	// The live writer serializes the id, so the same id is harmless.
	if got, err := ReadFoundry(systemWriter(t, "foundry").Success(Input{Chunks: chunks, ConversationID: id})); err != nil || got != "Hello.\n" {
		t.Errorf("live writer: %q, %v", got, err)
	}
}

func TestReadFoundryEdges(t *testing.T) {
	never := func(shown string) string { return "never:" + shown }
	tests := []struct {
		name, stream, want string
	}{
		{"CRLF lines", "data: {\"type\":\"chunk\",\"content\":\"a\"}\r\n\r\ndata: {\"type\":\"usage\"}\r\n\r\n", "a"},
		{"no space after data:", "data:{\"type\":\"chunk\",\"content\":\"a\"}\ndata: {\"type\":\"usage\"}\n", ""},
		{"leading spaces trimmed", "   data: {\"type\":\"chunk\",\"content\":\"a\"}  \ndata: {\"type\":\"usage\"}\n", "a"},
		{"no joining of data lines", "data: {\"type\":\"chunk\",\ndata: \"content\":\"a\"}\ndata: {\"type\":\"usage\"}\n", ""},
		{"done without usage", "data: {\"type\":\"chunk\",\"content\":\"a\"}\ndata: {\"type\":\"done\"}\n", never("a")},
		{"EOF without usage", "data: {\"type\":\"chunk\",\"content\":\"a\"}\n", never("a")},
		{"unfinished last line dropped", "data: {\"type\":\"usage\"}\ndata: {\"type\":\"chunk\",\"content\":\"a\"}", ""},
		{"done ends the read", "data: {\"type\":\"usage\"}\ndata: {\"type\":\"done\"}\ndata: {\"type\":\"chunk\",\"content\":\"a\"}\n", ""},
		{"error event", "data: {\"type\":\"error\",\"message\":\"boom\"}\n", "throws:" + FoundryClientError},
		{"error key on a typed object", "data: {\"type\":\"chunk\",\"error\":\"x\"}\n", "throws:" + FoundryClientError},
		{"untyped error is dropped", "data: {\"error\":\"x\"}\n", "not"},
		{"foreign typed events", "data: {\"type\":\"RUN_STARTED\"}\n", "not"},
		{"empty stream", "", never("")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ReadFoundry([]byte(tt.stream))
			var nc *NeverCompletesError
			switch {
			case errors.As(err, &nc):
				got = never(nc.Shown)
			case errors.Is(err, ErrNotItsFormat):
				got = "not"
			case err != nil:
				got = "throws:" + err.Error()
			}
			if got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestReadChatApiEdges(t *testing.T) {
	runReaderCases(t, ReadChatApi, []readerCase{
		{"lines joined without separator", "data: a\ndata: \ndata: b\n\n", "ab", ""},
		{"[DONE] skipped, read goes on", "data: a\n\ndata: [DONE]\n\ndata: b\n\n", "ab", ""},
		{"no trim", "data:   x  \n\n", "  x  ", ""},
		{"data: needs its space", "data:x\n\n", "", ""},
		{"CR kept", "data: a\r\n\r\n", "a\r", ""},
		{"unfinished line dropped", "data: a\n\ndata: b", "a", ""},
		{"routing skipped", "data: {\"type\":\"routing\"}\n\ndata: Hi\n\n", "Hi", ""},
		{"other JSON skipped", "data: {\"type\":\"chunk\"}\n\ndata: Hi\n\n", "Hi", ""},
		{"error throws", "data: {\"error\":\"boom\"}\n\n", "", "boom"},
		{"parse failure rethrown", "data: {oops\n\n", "", "*"},
	})
	if _, err := ReadChatApi([]byte("data: {\"type\":\"chunk\"}\n\n")); !errors.Is(err, ErrNotItsFormat) {
		t.Errorf("only foreign JSON: %v, want not its format", err)
	}
}

func TestReadAgUiFramesEdges(t *testing.T) {
	agui := systemWriter(t, "agui")
	runReaderCases(t, ReadAgUiFrames, []readerCase{
		{"its own writer", string(agui.Success(Input{Chunks: []string{"a\n\n", "b"}})), "a\n\nb", ""},
		{"RUN_ERROR", string(agui.Failure(Input{})), "", GaErrorMessage},
		{"malformed frame skipped", "data: {oops\n\ndata: {\"type\":\"TEXT_MESSAGE_CONTENT\",\"delta\":\"a\"}\n\n", "a", ""},
		{"first data line only, trimmed", "data:  {\"type\":\"TEXT_MESSAGE_CONTENT\",\"delta\":\"a\"} \ndata: x\n\n", "a", ""},
		{"missing delta", "data: {\"type\":\"TEXT_MESSAGE_CONTENT\"}\n\n", "undefined", ""},
		{"after the last blank line", "data: {\"type\":\"TEXT_MESSAGE_CONTENT\",\"delta\":\"a\"}\n\ndata: {\"type\":\"TEXT_MESSAGE_CONTENT\",\"delta\":\"b\"}\n", "a", ""},
		{"RUN_FINISHED ends the read", "data: {\"type\":\"RUN_FINISHED\"}\n\ndata: {\"type\":\"TEXT_MESSAGE_CONTENT\",\"delta\":\"a\"}\n\n", "", ""},
	})
	crlf := agui.Success(Input{Chunks: []string{"a"}, EOL: "\r\n"})
	if _, err := ReadAgUiFrames(crlf); !errors.Is(err, ErrNotItsFormat) {
		t.Errorf("CRLF stream: %v, want not its format", err)
	}
}

func TestReadAgUiClient(t *testing.T) {
	agui := systemWriter(t, "agui")
	const started = "data: {\"type\":\"RUN_STARTED\",\"threadId\":\"t\",\"runId\":\"r\"}\n\n"
	const message = "data: {\"type\":\"TEXT_MESSAGE_START\",\"messageId\":\"m\"}\n\ndata: {\"type\":\"TEXT_MESSAGE_CONTENT\",\"messageId\":\"m\",\"delta\":\"a\"}\n\n"
	const finished = "data: {\"type\":\"RUN_FINISHED\",\"threadId\":\"t\",\"runId\":\"r\"}\n\n"
	runReaderCases(t, ReadAgUiClient, []readerCase{
		// GA's controller opens a step per routing and never closes it
		// (Apps/GaChatbot.Api/Controllers/AgUiChatController.cs at b17870b: no STEP_FINISHED).
		{"its own writer", string(agui.Success(Input{Chunks: Split743(improvisation)})), "", "Cannot send 'RUN_FINISHED' while steps are still active: skill.improvisation"},
		{"the step finished", started + "data: {\"type\":\"STEP_STARTED\",\"stepName\":\"s\"}\n\n" + message +
			"data: {\"type\":\"TEXT_MESSAGE_END\",\"messageId\":\"m\"}\n\ndata: {\"type\":\"STEP_FINISHED\",\"stepName\":\"s\"}\n\n" + finished, "a", ""},
		{"RUN_ERROR", string(agui.Failure(Input{})), "", GaErrorMessage},
		{"multi-line data joined", "data: {\"type\":\"RUN_STARTED\",\ndata: \"threadId\":\"t\",\"runId\":\"r\"}\n\n", "", ""},
		{"leftover parsed at the end", started + strings.TrimSuffix(message, "\n\n"), "a", ""},
		{"unknown types dropped", "data: {\"type\":\"chunk\",\"content\":\"a\"}\n\ndata: {\"type\":\"error\",\"message\":\"x\"}\n\n", "", ""},
		{"no type", "data: {\"id\":1}\n\n", "", "Invalid event: the frame carries no event type."},
		{"not an object", "data: [1]\n\n", "", "Invalid event: the frame is not a JSON object."},
		{"not JSON", "data: [DONE]\n\n", "", "*"},
		{"must start the run", message, "", "First event must be 'RUN_STARTED'"},
		{"required field", "data: {\"type\":\"RUN_STARTED\",\"threadId\":\"t\"}\n\n", "", "[\n  {\n    \"expected\": \"string\",\n    \"code\": \"invalid_type\",\n    \"path\": [\n      \"runId\"\n    ],\n    \"message\": \"Invalid input: expected string, received undefined\"\n  }\n]"},
		{"finish with a message open", started + message + finished, "", "Cannot send 'RUN_FINISHED' while text messages are still active: m"},
		{"after the run", started + finished + message, "", "Cannot send event type 'TEXT_MESSAGE_START': The run has already finished with 'RUN_FINISHED'. Start a new run with 'RUN_STARTED'."},
	})
	var se *JSSyntaxError
	if _, err := ReadAgUiClient(agui.Success(Input{Chunks: []string{"a"}, EOL: "\r\n"})); !errors.As(err, &se) {
		t.Errorf("CRLF stream: %v, want a JSON.parse failure", err)
	}
}

func TestOnMessageMissesNamedEvents(t *testing.T) {
	// GaApi writes a chunk's later lines unprefixed, so a line "event: chord" names the event.
	stream := GaApi.Stream([]string{"A named event:\nevent: chord\nAm7 is next.\n"})
	if got := OnMessageEvents(stream); !slices.Equal(got, []string{Done}) {
		t.Errorf("onmessage events %q, want only [DONE]", got)
	}
	if got, err := ReadOnMessage(stream); err != nil || got != "" {
		t.Errorf("ReadOnMessage = %q, %v, want an empty answer", got, err)
	}
	if got, err := ReadStandard(stream); err != nil || got != "A named event:" {
		t.Errorf("ReadStandard = %q, %v, want the named event's data", got, err)
	}
	if got, err := OnMessage.ReadFormat(GaChatbot.Stream([]string{"Hi.\n"}), FormatText); err != nil || got != "Hi.\n" {
		t.Errorf("onmessage on GaChatbot.Api = %q, %v", got, err)
	}
}

func TestReadOpenAIStream(t *testing.T) {
	openai := systemWriter(t, "openai")
	foundry := systemWriter(t, "foundry")
	runReaderCases(t, ReadOpenAIStream, []readerCase{
		{"its own writer", string(openai.Success(Input{Chunks: Split743(improvisation)})), improvisation, ""},
		{"its own writer, CRLF", string(openai.Success(Input{Chunks: Split743(improvisation), EOL: "\r\n"})), improvisation, ""},
		{"its failure", string(openai.Failure(Input{})), "", OpenAIErrorMessage},
		{"GA's failure: the error string stringified", "data: {\"error\":\"" + GaErrorMessage + "\"}\n\n", "", `"` + GaErrorMessage + `"`},
		{"an error object without message", "data: {\"error\":{\"code\":500,\"x\":\"<&>\"}}\n\n", "", `{"code":500,"x":"<&>"}`},
		{"GA's text", string(GaChatbot.Stream([]string{"Hello.\n"})), "", "*"},
		{"another JSON format", string(foundry.Success(Input{Chunks: []string{"Hello."}})), "", ""},
		{"[DONE] ends it", "data: {\"choices\":[{\"delta\":{\"content\":\"a\"}}]}\n\ndata: [DONE]\n\ndata: nonsense\n\n", "a", ""},
		{"the last event needs its blank line", "data: {\"choices\":[{\"delta\":{\"content\":\"a\"}}]}\n", "", ""},
		{"a lone CR ends a line", "data: {\"choices\":[{\"delta\":{\"content\":\"a\"}}]}\r\r", "a", ""},
	})
}

func TestFailureStreams(t *testing.T) {
	tests := []struct {
		writer, reader, want string
	}{
		{"gachatbot", "chatservice", "throws:" + GaErrorMessage},
		{"gachatbot", "chatapi", "throws:" + GaErrorMessage},
		{"gachatbot", "page", `{"error":"Failed to process message. Please try again."}`},
		{"foundry", "foundry", "throws:" + FoundryClientError},
		{"foundry", "standard", "throws:" + FoundryErrorMessage},
		{"foundry-skill", "foundry", "never"},
		{"agui", "aguiframes", "throws:" + GaErrorMessage},
		{"agui", "standard", "throws:" + GaErrorMessage},
		{"openai", "standard", "throws:" + OpenAIErrorMessage},
		{"openai", "chatservice", "throws:[object Object]"},
		{"bit", "standard", "throws:" + BitErrorMessage},
		{"sseformatter", "standard", ""},
		{"sseformatter", "foundry", "never"},
	}
	for _, tt := range tests {
		w, r := systemWriter(t, tt.writer), systemReader(t, tt.reader)
		got, err := r.ReadFormat(w.Failure(Input{}), w.Format)
		var nc *NeverCompletesError
		switch {
		case errors.As(err, &nc):
			got = "never"
		case err != nil:
			got = "throws:" + err.Error()
		}
		if got != tt.want {
			t.Errorf("%s → %s: %q, want %q", tt.writer, tt.reader, got, tt.want)
		}
	}
}

func TestSseFormatterSplitsEveryLineEnd(t *testing.T) {
	got := string(sseFormatterSuccess(Input{Chunks: []string{"a\r\nb\rc\n"}}))
	if want := "data: a\ndata: b\ndata: c\ndata: \n\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if text, _ := ReadStandard([]byte(got)); text != "a\nb\nc\n" {
		t.Errorf("standard reader: %q", text)
	}
}

// TestGaWritersSkipBlankChunks checks GA's controllers' skip of chunks that are only white space
// (string.IsNullOrWhiteSpace), for both GA writers and through the one path lesson 6 and the
// matrix share: no event for "  ", where a blank event would end the answer's paragraph early.
func TestGaWritersSkipBlankChunks(t *testing.T) {
	chunks := []string{"a\n", "  ", "b\n"}
	for _, tc := range []struct {
		w    Writer
		want string
	}{
		{GaApi, "data: a\n\n\ndata: b\n\n\ndata: [DONE]\n\n"},
		{GaChatbot, "data: a\ndata: \n\ndata: b\ndata: \n\ndata: [DONE]\n\n"},
		{GaApi746, "data: a\ndata: \n\ndata: b\ndata: \n\ndata: [DONE]\n\n"},
	} {
		if got := string(tc.w.Stream(chunks)); got != tc.want {
			t.Errorf("%s.Stream(%q) = %q, want %q", tc.w.Key, chunks, got, tc.want)
		}
		if got := string(tc.w.Success(Input{Chunks: chunks})); got != tc.want {
			t.Errorf("%s.Success = %q, want %q", tc.w.Key, got, tc.want)
		}
	}
}

// TestOneListOneLookup checks that every writer and reader the package names is in its one list
// under a key of its own, found by that key, and that an unknown key is told with the keys there are.
func TestOneListOneLookup(t *testing.T) {
	seen := map[string]bool{}
	for _, w := range Writers {
		if seen[w.Key] {
			t.Errorf("writer key %q twice", w.Key)
		}
		seen[w.Key] = true
		if got, err := WriterByKey(w.Key); err != nil || got.Name != w.Name {
			t.Errorf("WriterByKey(%q) = %q, %v", w.Key, got.Name, err)
		}
	}
	for _, w := range append(GaWriters(), GaApi746) {
		if got, err := WriterByKey(w.Key); err != nil || got.Name != w.Name {
			t.Errorf("%s is not in Writers: %v", w.Name, err)
		}
	}
	seen = map[string]bool{}
	for _, r := range Readers {
		if seen[r.Key] {
			t.Errorf("reader key %q twice", r.Key)
		}
		seen[r.Key] = true
	}
	for _, r := range append(GaReaders(), ChatService746, GaChatbotPageFixed) {
		if got, err := ReaderByKey(r.Key); err != nil || got.Name != r.Name {
			t.Errorf("%s is not in Readers: %v", r.Name, err)
		}
	}
	if _, err := ReaderByKey("nope"); err == nil || !strings.Contains(err.Error(), `unknown reader "nope"; the readers are standard, onmessage, page,`) {
		t.Errorf("ReaderByKey(nope): %v", err)
	}
	shipped, err := ReadersByKey(nil)
	if err != nil || len(shipped) != len(Readers)-2 {
		t.Fatalf("ReadersByKey(nil): %d readers, %v", len(shipped), err)
	}
	for _, r := range shipped {
		if r.Fix != "" {
			t.Errorf("ReadersByKey(nil) holds the fixed %s", r.Name)
		}
	}
	picked, err := ReadersByKey([]string{"pagefixed", "standard"})
	if err != nil || len(picked) != 2 || picked[0].Key != "pagefixed" || picked[1].Key != "standard" {
		t.Errorf("ReadersByKey(pagefixed, standard) = %v, %v", picked, err)
	}
}
