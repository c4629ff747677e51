package hostproc

import (
	"context"
	"encoding/json"
	"fmt"
)

// ChatBody is the request body GA's chat endpoints read, {"message": message}, for the lessons
// and for `course probe --message`.
func ChatBody(message string) []byte {
	// A map of strings always marshals; the error cannot happen.
	b, _ := json.Marshal(map[string]string{"message": message})
	return b
}

// Chat posts message to the chat endpoint at path, as a client of GA's API does.
func (h *Host) Chat(ctx context.Context, path, message string) (*Response, error) {
	resp, err := h.Post(ctx, path, ChatBody(message))
	if err != nil {
		return nil, fmt.Errorf("post %s: %w", path, err)
	}
	return resp, nil
}
