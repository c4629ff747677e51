package gahost

import "time"

// traceProtocol is AgenticTrace's fixed protocol label (AgenticTrace.cs:23-47).
const traceProtocol = "w3c-trace-context+otel-genai+ag-ui"

// Step is one entry of the agentic trace: name, status, elapsed milliseconds, ordered attributes.
type Step struct {
	// Name is the step's dotted name, e.g. "chat.request" or "orchestration.route".
	Name string
	// Status is "completed", or "error" for the orchestration.timeout step.
	Status string
	// ElapsedMs is the step's duration in whole milliseconds; 0 for a step that is not timed.
	ElapsedMs int64
	// Attributes are the step's attributes in insertion order; nil is written as {}.
	Attributes Object
}

// Trace is GA's AgenticTrace as it appears in /chat and in the routing event.
type Trace struct {
	// TraceID is the request's W3C trace id, 32 lowercase hex digits, continued from a valid traceparent header.
	TraceID string
	// RunID identifies the chat run: "run_" and 32 random lowercase hex digits.
	RunID string
	// Steps are the trace's steps in the order they completed.
	Steps []Step

	// now is the host's clock, which times the steps; nil reads the system clock.
	now func() time.Time
}

// JSON returns the trace as an ordered object (AgenticTrace.cs:23-47).
func (t *Trace) JSON() any {
	if t == nil {
		return nil
	}
	steps := make([]Object, len(t.Steps))
	for i, s := range t.Steps {
		attrs := s.Attributes
		if attrs == nil {
			attrs = Object{}
		}
		steps[i] = Object{
			{"name", s.Name},
			{"status", s.Status},
			{"elapsedMs", s.ElapsedMs},
			{"attributes", attrs},
		}
	}
	return Object{
		{"traceId", t.TraceID},
		{"protocol", traceProtocol},
		{"runId", t.RunID},
		{"steps", steps},
	}
}

// add appends a step that took no measured time.
// AgenticTraceBuilder.AddStep (Apps/GaChatbot.Api/Services/AgenticTraceBuilder.cs:6-67)
func (t *Trace) add(name string, attrs Object) {
	t.Steps = append(t.Steps, Step{Name: name, Status: "completed", Attributes: attrs})
}

// timed starts a step that is added when done is called, so its position follows completion
// order; an exception passing through still closes it as completed (AgenticTraceBuilder.cs:6-67).
func (t *Trace) timed(name string, attrs Object) (done func(final Object)) {
	now := t.now
	if now == nil {
		now = time.Now
	}
	start := now()
	return func(final Object) {
		all := append(append(Object{}, attrs...), final...)
		t.Steps = append(t.Steps, Step{Name: name, Status: "completed", ElapsedMs: now().Sub(start).Milliseconds(), Attributes: all})
	}
}
