package l6

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"course/ga/skills"
	"course/lessons/kit/chathost"
	"course/stream/wire"
)

// TestLessonHostClockStandsStill gives the lessons' host a model that takes a while to answer:
// the fallback step is slow, yet every elapsedMs in the stream is 0, so no byte count a lesson
// prints can depend on how fast the machine is.
func TestLessonHostClockStandsStill(t *testing.T) {
	t.Parallel()
	answer := skills.Improvisation{}.Execute(wire.ArpeggioQuestion).Text
	model := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/chat" {
			http.NotFound(w, r)
			return
		}
		time.Sleep(25 * time.Millisecond) // the model thinks; the trace must not show it
		_ = json.NewEncoder(w).Encode(map[string]any{"message": map[string]string{"role": "assistant", "content": answer}, "done": true})
	}))
	defer model.Close()

	ho := chathost.Options{ModelURL: model.URL}
	host, err := ho.Start(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := host.Stop(); err != nil {
			t.Error(err)
		}
	}()
	resp, err := (&lesson{host: host}).post(t.Context(), chathost.StreamPath, wire.ArpeggioQuestion)
	if err != nil {
		t.Fatal(err)
	}
	routing, _ := splitRouting(resp.Body)
	var event struct {
		Trace struct {
			Steps []struct {
				Name      string `json:"name"`
				ElapsedMs *int64 `json:"elapsedMs"`
			} `json:"steps"`
		} `json:"trace"`
	}
	if err := json.Unmarshal([]byte(routing), &event); err != nil || len(event.Trace.Steps) == 0 {
		t.Fatalf("no routing event with a trace (%v): %.300q", err, resp.Body)
	}
	fallback := false
	for _, s := range event.Trace.Steps {
		fallback = fallback || s.Name == "gen_ai.chat.fallback"
		if s.ElapsedMs == nil {
			t.Errorf("step %s has no elapsedMs", s.Name)
		} else if *s.ElapsedMs != 0 {
			t.Errorf("step %s: elapsedMs %d, want 0", s.Name, *s.ElapsedMs)
		}
	}
	if !fallback {
		t.Errorf("the answer did not go through the model: %s", routing)
	}
}
