package lessons

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"course/ga/skills"
)

// TestLessonHostClockStandsStill gives the lessons' host a model that takes a while to answer:
// the fallback step is slow, yet every elapsedMs in the stream is 0, so no byte count a lesson
// prints can depend on how fast the machine is.
func TestLessonHostClockStandsStill(t *testing.T) {
	t.Parallel()
	answer := skills.Improvisation{}.Execute(arpeggioQuestion).Text
	model := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/chat" {
			http.NotFound(w, r)
			return
		}
		time.Sleep(25 * time.Millisecond) // the model thinks; the trace must not show it
		_ = json.NewEncoder(w).Encode(map[string]any{"message": map[string]string{"role": "assistant", "content": answer}, "done": true})
	}))
	defer model.Close()

	ho := HostOptions{ModelURL: model.URL}
	host, err := ho.Start(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := host.Stop(); err != nil {
			t.Error(err)
		}
	}()
	resp, err := (&lesson6{host: host}).post(t.Context(), streamPath, arpeggioQuestion)
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

// TestAskAllAnswersEveryQuestionInItsPlace checks the questions a lesson sends two at a time:
// every one is asked once, each answer lands at its own index, no more than hostConcurrency
// are in flight, and the error returned is the lowest-numbered question's.
func TestAskAllAnswersEveryQuestionInItsPlace(t *testing.T) {
	var inFlight, most atomic.Int32
	answers := make([]int, 50)
	err := askAll(len(answers), func(i int) error {
		n := inFlight.Add(1)
		defer inFlight.Add(-1)
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
		time.Sleep(time.Duration(50-i) * 10 * time.Microsecond) // later questions finish first
		answers[i] += i * i
		if i == 31 || i == 17 {
			return fmt.Errorf("question %d", i)
		}
		return nil
	})
	if err == nil || err.Error() != "question 17" {
		t.Errorf("error %v, want question 17's", err)
	}
	for i, a := range answers {
		if a != i*i {
			t.Fatalf("answer %d is %d, want %d", i, a, i*i)
		}
	}
	if m := most.Load(); m > hostConcurrency {
		t.Errorf("%d questions in flight at once, want at most %d", m, hostConcurrency)
	}
	if err := askAll(0, func(int) error { return errors.New("asked") }); err != nil {
		t.Errorf("no questions: %v", err)
	}
}
