package transport

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"course/stream/signalr"
	"course/stream/sse"
	"course/stream/websocket"
	"course/stream/wire"
)

// bitShows reads one Bit event for a run: the text it adds, whether it is the approval request,
// whether it ends the reply, and the error it carries.
func bitShows(e []byte, run *ApprovalRun, answer *strings.Builder) (request, end bool) {
	obj, ok := wire.ParseObject(string(e), nil)
	if !ok {
		return false, false
	}
	switch jsonString(obj.Get("type")) {
	case "text.delta":
		answer.WriteString(jsonText(obj.Get("text")))
	case "tool_call.approval_requested":
		run.Surfaced = true
		return true, false
	case "finish":
		return false, true
	case "error":
		run.Err = errors.New(jsonString(obj.Get("message")))
		return false, true
	}
	return false, false
}

// postJSON posts v and names the answer: "taken" for a 2xx, else the status and its first line.
func postJSON(ctx context.Context, url string, v any) (string, *http.Response, error) {
	body, _ := json.Marshal(v)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return "", nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", nil, err
	}
	if resp.StatusCode/100 == 2 {
		return "taken", resp, nil
	}
	msg, _ := io.ReadAll(io.LimitReader(resp.Body, 200))
	_ = resp.Body.Close()
	return fmt.Sprintf("refused: %d %s", resp.StatusCode, strings.TrimSpace(string(msg))), nil, nil
}

func runBitSSE(ctx context.Context, a, decideAt *Server, decisions []bool) ApprovalRun {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var run ApprovalRun
	_, resp, err := postJSON(ctx, a.URL, BitRequest("what time is it"))
	if err != nil || resp == nil {
		run.Err = fmt.Errorf("the stream: %v", err)
		return run
	}
	defer resp.Body.Close()
	var answer strings.Builder
	rd := sse.NewReader(resp.Body)
	for {
		ev, err := rd.Next()
		if err != nil {
			if !errors.Is(err, io.EOF) {
				run.Err = err
			}
			break
		}
		request, end := bitShows([]byte(ev.Data), &run, &answer)
		if end {
			break
		}
		if !request {
			continue
		}
		refused := false
		for _, approved := range decisions {
			said, r, err := postJSON(ctx, decideAt.Base+ApprovalsPath, map[string]any{"toolCallId": approvalCallID, "approved": approved})
			if err != nil {
				said = "refused: " + err.Error()
			}
			if r != nil {
				_ = r.Body.Close()
			}
			run.Answers = append(run.Answers, said)
			refused = refused || (len(run.Answers) == 1 && said != "taken")
		}
		if refused {
			// Nothing will continue the reply: the page stops it.
			run.Err = ErrStillWaiting
			break
		}
	}
	run.Shown = answer.String()
	return run
}

// ErrStillWaiting ends a run whose decision was refused: the reply waits for a decision that
// will not come, and the client gives up on it.
var ErrStillWaiting = errors.New("the reply waits for a decision that never comes")

func runFoundry(ctx context.Context, a, decideAt *Server, decisions []bool) ApprovalRun {
	var run ApprovalRun
	var answer strings.Builder
	// read reads one reply; on the approval request it sends the decisions, each a new request
	// whose reply is read in turn (processStream on its own assistant message).
	var read func(url string, body any, depth int)
	read = func(url string, body any, depth int) {
		_, resp, err := postJSON(ctx, url, body)
		if err != nil || resp == nil {
			run.Err = fmt.Errorf("the stream: %v", err)
			return
		}
		defer resp.Body.Close()
		rd := sse.NewReader(resp.Body)
		for {
			ev, err := rd.Next()
			if err != nil {
				return
			}
			obj, ok := wire.ParseObject(ev.Data, nil)
			if !ok {
				continue
			}
			switch jsonString(obj.Get("type")) {
			case "chunk":
				answer.WriteString(jsonString(obj.Get("content")))
			case "error":
				if depth > 0 {
					run.Answers[len(run.Answers)-1] = "refused: error event"
					return
				}
				run.Err = errors.New(wire.FoundryClientError)
				return
			case "done":
				return
			case "mcpApprovalRequest":
				run.Surfaced = true
				for _, approved := range decisions {
					run.Answers = append(run.Answers, "taken")
					read(decideAt.Base+FoundryPath, map[string]any{
						"message": map[bool]string{true: "Approved", false: "Rejected"}[approved], "conversationId": wire.DefaultConversationID,
						"previousResponseId": foundryResponseID, "mcpApproval": map[string]any{"approvalRequestId": foundryApprovalID, "approved": approved},
					}, depth+1)
				}
			}
		}
	}
	read(a.URL, map[string]any{"message": "what time is it", "conversationId": nil}, 0)
	run.Shown = answer.String()
	return run
}

func runBitWebSocket(ctx context.Context, a *Server, decisions []bool) ApprovalRun {
	var run ApprovalRun
	c, err := websocket.Dial(ctx, a.URL, websocket.DialOptions{})
	if err != nil {
		run.Err = err
		return run
	}
	defer c.CloseNow()
	if err := c.Write(ctx, websocket.Text, BitRequest("what time is it")); err != nil {
		run.Err = err
		return run
	}
	var answer strings.Builder
	for {
		m, err := c.Read(ctx)
		if err != nil {
			var ce *websocket.CloseError
			if !errors.As(err, &ce) || ce.Code != websocket.CloseNormal {
				run.Err = err
			}
			break
		}
		request, end := bitShows(m.Data, &run, &answer)
		if end {
			break
		}
		if request {
			for _, approved := range decisions {
				if err := c.Write(ctx, websocket.Text, bitDecision(approvalCallID, approved)); err != nil {
					run.Err = err
				}
				run.Answers = append(run.Answers, "(no answer)")
			}
		}
	}
	run.Shown = answer.String()
	return run
}

func runBitHub(ctx context.Context, a *Server, decisions []bool) ApprovalRun {
	var run ApprovalRun
	c, err := signalr.Dial(ctx, a.URL, signalr.Options{})
	if err != nil {
		run.Err = err
		return run
	}
	defer c.Conn().CloseNow()
	var answer strings.Builder
	var h hubStream
	if err := c.Send(ctx, h.invocation(Target{Method: BitHubMethod, Request: BitRequest("what time is it")})); err != nil {
		run.Err = err
		return run
	}
	asked := map[string]int{} // invocation id of each decision to its place in Answers
	for {
		rec, err := c.ReadRecord(ctx)
		if err != nil {
			run.Err = err
			break
		}
		if rec.Type == signalr.TypeCompletion && rec.InvocationID != h.id {
			if i, ok := asked[rec.InvocationID]; ok {
				run.Answers[i] = "taken"
				if rec.Error != "" {
					run.Answers[i] = "refused: " + rec.Error
				}
			}
			continue
		}
		if rec.Type == signalr.TypeStreamItem && rec.InvocationID == h.id {
			request, end := bitShows(rec.Item, &run, &answer)
			if end {
				break
			}
			if request {
				for _, approved := range decisions {
					id := strconv.Itoa(2 + len(asked))
					asked[id] = len(run.Answers)
					run.Answers = append(run.Answers, "(no answer)")
					if err := c.Send(ctx, map[string]any{"type": signalr.TypeInvocation, "invocationId": id, "target": BitApprovalMethod, "arguments": []any{approvalCallID, approved}}); err != nil {
						run.Err = err
					}
				}
			}
			continue
		}
		if rec.Type == signalr.TypeCompletion || rec.Type == signalr.TypeClose {
			break
		}
	}
	// The answers to the decisions may follow the last item: read them before leaving.
	for pendingAnswers(run.Answers) && run.Err == nil {
		rec, err := c.ReadRecord(ctx)
		if err != nil {
			break
		}
		if i, ok := asked[rec.InvocationID]; ok && rec.Type == signalr.TypeCompletion {
			run.Answers[i] = "taken"
			if rec.Error != "" {
				run.Answers[i] = "refused: " + rec.Error
			}
		}
	}
	_ = c.Close()
	run.Shown = answer.String()
	return run
}

func pendingAnswers(answers []string) bool {
	for _, a := range answers {
		if a == "(no answer)" {
			return true
		}
	}
	return false
}
