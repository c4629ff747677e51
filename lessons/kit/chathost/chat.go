package chathost

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"course/hostproc"
	"course/internal/dotnet"
	"course/lessons/kit"
)

// The chat endpoints of GaChatbot.Api that the lessons ask.
const (
	ChatPath   = "/api/chatbot/chat"
	StreamPath = "/api/chatbot/chat/stream"
)

// VoicingQuestion is the question lesson 4 shows answered without a model.
const VoicingQuestion = "Show me Cmaj7 voicings"

const (
	// warmupCategory logs the line that says the host's start-up embedding attempt is over.
	warmupCategory = "IntentEmbeddingWarmupService"
	// warmupWait bounds the wait for the host's warm-up record.
	warmupWait = 10 * time.Second
)

// WaitForWarmup waits for the host's warm-up record, so that the warnings of its start-up
// embedding attempt are not taken for the first request's.
func WaitForWarmup(ctx context.Context, host *hostproc.Host) error {
	wctx, cancel := context.WithTimeout(ctx, warmupWait)
	defer cancel()
	_, err := host.WaitForLog(wctx, 0, func(r hostproc.LogRecord) bool {
		return hostproc.LastSegment(r.Category) == warmupCategory
	})
	if err != nil {
		return fmt.Errorf("wait for the host's %s record: %w", warmupCategory, err)
	}
	return nil
}

// ChatReply is the part of /chat's body that says who answered and what.
type ChatReply struct {
	Answer        string  `json:"naturalLanguageAnswer"`
	AgentID       string  `json:"agentId"`
	RoutingMethod *string `json:"routingMethod"`
}

// ChatFirstLine posts a prompt to the host's chat endpoint and returns "agent (routing method)"
// and the first non-blank line of the answer, trimmed and cut to width characters; or
// "HTTP status" and "".
func ChatFirstLine(ctx context.Context, host *hostproc.Host, prompt string, width int) (string, string, error) {
	resp, err := host.Chat(ctx, ChatPath, prompt)
	if err != nil {
		return "", "", err
	}
	if resp.Status < 200 || resp.Status > 299 {
		return fmt.Sprintf("HTTP %d", resp.Status), "", nil
	}
	var reply ChatReply
	if err := json.Unmarshal(resp.Body, &reply); err != nil {
		return "", "", fmt.Errorf("read the answer of %s: %w", ChatPath, err)
	}
	first := ""
	for line := range strings.SplitSeq(dotnet.ReplaceLineEndings(reply.Answer, "\n"), "\n") {
		if t := strings.TrimSpace(line); t != "" {
			first = t
			break
		}
	}
	method := "none"
	if reply.RoutingMethod != nil {
		method = *reply.RoutingMethod
	}
	return reply.AgentID + " (" + method + ")", kit.Cut(first, width), nil
}
