package wire

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
