package gahost

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestInjectedClockAndIDs holds the model's answer for a while: on the system clock the fallback
// step measures that time, and with Course:Clock=fixed and sequential ids every duration is 0 and
// every id is known in advance, however slow the step was.
func TestInjectedClockAndIDs(t *testing.T) {
	t.Parallel()
	const held = 20 * time.Millisecond
	for _, tc := range []struct {
		name  string
		cfg   Config
		opts  []Option
		fixed bool
	}{
		{"system clock, random ids", Config{}, nil, false},
		{"Course:Clock=fixed, sequential ids", Config{Clock: "fixed"}, []Option{WithIDs(SequentialIDs())}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			calls, hold := make(chan string, 32), make(chan struct{})
			model := startModel(t, &modelStub{answer: stubAnswer, hold: hold, calls: calls})
			go func() {
				for p := range calls {
					if p == "/api/chat" {
						time.Sleep(held) // real time passes while the model "thinks"
						close(hold)
						return
					}
				}
			}()
			cfg := tc.cfg
			cfg.OllamaBaseURL, cfg.OllamaEndpoint = model, model
			h, err := NewHandler(cfg, nil, tc.opts...)
			if err != nil {
				t.Fatal(err)
			}
			srv := httptest.NewServer(h)
			t.Cleanup(srv.Close)

			r := post(t, srv.URL+chatPath, "application/json", `{"message":"`+arpeggioQuestion+`"}`)
			var chat struct {
				ElapsedMs int64  `json:"elapsedMs"`
				TraceID   string `json:"traceId"`
				Trace     struct {
					RunID string `json:"runId"`
					Steps []struct {
						Name      string `json:"name"`
						ElapsedMs int64  `json:"elapsedMs"`
					} `json:"steps"`
				} `json:"trace"`
			}
			if r.status != http.StatusOK {
				t.Fatalf("HTTP %d %s", r.status, r.body)
			}
			if err := json.Unmarshal(r.body, &chat); err != nil {
				t.Fatal(err)
			}
			fallback := int64(-1)
			for _, s := range chat.Trace.Steps {
				if s.Name == "gen_ai.chat.fallback" {
					fallback = s.ElapsedMs
				}
				if tc.fixed && s.ElapsedMs != 0 {
					t.Errorf("step %s took %d ms on a fixed clock", s.Name, s.ElapsedMs)
				}
			}
			if !tc.fixed {
				if fallback < held.Milliseconds() || chat.ElapsedMs < held.Milliseconds() {
					t.Errorf("system clock: fallback step %d ms, /chat %d ms; the model was held %v", fallback, chat.ElapsedMs, held)
				}
				return
			}
			if fallback != 0 || chat.ElapsedMs != 0 {
				t.Errorf("fixed clock: fallback step %d ms, /chat %d ms", fallback, chat.ElapsedMs)
			}
			// The span id is drawn first, then the trace id, then the run id.
			if want := fmt.Sprintf("%032x", 2); chat.TraceID != want {
				t.Errorf("traceId %q, want %q", chat.TraceID, want)
			}
			if want := fmt.Sprintf("run_%032x", 3); chat.Trace.RunID != want {
				t.Errorf("runId %q, want %q", chat.Trace.RunID, want)
			}
		})
	}
}

// TestStatusTimestampFollowsTheClock reads /status's timestamp from an injected clock.
func TestStatusTimestampFollowsTheClock(t *testing.T) {
	at := time.Date(2025, time.March, 4, 5, 6, 7, 890_000_000, time.UTC)
	h, err := NewHandler(Config{OllamaBaseURL: closedPort(t), OllamaEndpoint: closedPort(t)}, nil, WithClock(FixedClock(at)))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	resp, err := http.Get(srv.URL + "/api/chatbot/status")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var status struct {
		Timestamp string `json:"timestamp"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&status); err != nil {
		t.Fatal(err)
	}
	if want := "2025-03-04T05:06:07.89Z"; status.Timestamp != want {
		t.Errorf("timestamp %q, want %q", status.Timestamp, want)
	}
}

// TestClockConfiguration accepts "system" and "fixed" for Course:Clock, from the environment or
// the command line, and names anything else.
func TestClockConfiguration(t *testing.T) {
	cfg, err := ApplyArgs(ConfigFromEnv(func(k string) string {
		if k == "Course__Clock" {
			return "system"
		}
		return ""
	}), []string{"--Course:Clock=fixed"})
	if err != nil || cfg.Clock != "fixed" {
		t.Fatalf("Clock %q, %v", cfg.Clock, err)
	}
	if _, err := NewHandler(Config{Clock: "slow"}, nil); err == nil || !strings.Contains(err.Error(), `Course:Clock "slow"`) {
		t.Errorf("Course:Clock=slow: %v", err)
	}
}
