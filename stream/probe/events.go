package probe

import (
	"encoding/json"
	"slices"
	"strings"
	"time"

	"course/stream/sse"
	"course/stream/wire"
)

// eventStats is what the report needs of every event, gathered as each arrives so that no
// event has to be kept: counts by kind, the times that timing needs, and the error events.
type eventStats struct {
	n          int
	first      Millis
	byKind     map[string]int
	firstAt    map[string]Millis // of the first event of each kind
	lastAt     map[string]Millis // of the last event of each kind
	errors     []errorEvent      // the first MaxHazardLines
	errorCount int
}

// errorEvent is an error event's place in the stream and its message.
type errorEvent struct {
	n    int // counted from 1
	name string
}

func (s *eventStats) add(e Event) {
	if s.byKind == nil {
		s.byKind, s.firstAt, s.lastAt = map[string]int{}, map[string]Millis{}, map[string]Millis{}
	}
	s.n++
	if s.n == 1 {
		s.first = e.At
	}
	if s.byKind[e.Kind] == 0 {
		s.firstAt[e.Kind] = e.At
	}
	s.byKind[e.Kind]++
	s.lastAt[e.Kind] = e.At
	if e.Kind == KindError {
		if len(s.errors) < MaxHazardLines {
			s.errors = append(s.errors, errorEvent{n: s.n, name: e.Name})
		}
		s.errorCount++
	}
}

// newEvent is the report's record of an event that arrived at, since the request.
func newEvent(ev sse.Event, at time.Duration) Event {
	kind, name := Classify(ev.Type, ev.Data)
	return Event{
		At: Millis(at), Type: ev.Type, ID: ev.LastEventID,
		Lines: strings.Count(ev.Data, "\n") + 1, Kind: kind, Name: name, Data: ev.Data,
	}
}

// eventLog keeps the first keep events and the last keep + 1, in a ring, and the stats of all:
// a stream's memory then grows with its bytes, not with the objects of its events. A stream of
// up to 2 * keep + 1 events is kept whole, since leaving out one event saves no line.
type eventLog struct {
	keep  int
	head  []Event
	ring  []Event // the last events, oldest at next once full
	next  int
	stats eventStats
}

func (l *eventLog) add(e Event) {
	l.stats.add(e)
	if len(l.head) < l.keep {
		l.head = append(l.head, e)
		return
	}
	if len(l.ring) < l.keep+1 {
		l.ring = append(l.ring, e)
		return
	}
	l.ring[l.next] = e
	l.next = (l.next + 1) % len(l.ring)
}

// fill puts the kept events and the counts into r.
func (l *eventLog) fill(r *Report) {
	r.stats = l.stats
	r.EventCount = l.stats.n
	tail := append(slices.Clone(l.ring[l.next:]), l.ring[:l.next]...)
	if l.stats.n > 2*l.keep+1 {
		tail = tail[1:]
	}
	r.Events = append(slices.Clip(l.head), tail...)
	r.EventsLeftOut = l.stats.n - len(r.Events)
}

// Classify names an event's kind: [DONE]; an error (an object with an error field, an object of
// type "error", or an event of type error); another JSON object, named by its naming field or by
// its keys; or text.
func Classify(typ, data string) (kind, name string) {
	if data == wire.Done {
		return KindDone, ""
	}
	var buf [16]wire.Member
	obj, isObj := wire.ParseObject(data, buf[:0])
	if isObj {
		// wire.Kind parses the data again, so it is asked only when its answer can be "error".
		if _, ok := obj.Lookup("error"); ok && wire.Kind(data) == "error" {
			return KindError, errorMessage(obj.Get("error"))
		}
		if s, ok := wire.JSONString(obj.Get("type")); ok && s == "error" {
			return KindError, errorMessage(obj.Get("message"), obj.Get("error"))
		}
	}
	if typ == "error" {
		return KindError, data
	}
	if !isObj {
		return KindText, ""
	}
	for _, k := range []string{"type", "event", "object", "kind"} {
		if s, ok := wire.JSONString(obj.Get(k)); ok {
			return KindJSON, k + "=" + s
		}
	}
	return KindJSON, "{" + strings.Join(obj.Keys(), ", ") + "}"
}

// isText says whether Classify(typ, data) is KindText, without naming the kind: only an object
// or [DONE] is another kind, or an event of type error.
func isText(typ, data string) bool {
	return data != wire.Done && typ != "error" && !wire.IsObject(data)
}

// errorMessage is the first of the values that holds a message: a string, or an object's
// "message" string; otherwise the first value's JSON.
func errorMessage(values ...string) string {
	for _, v := range values {
		if s, ok := wire.JSONString(v); ok {
			return s
		}
		var inner struct {
			Message string `json:"message"`
		}
		if len(v) > 0 && v[0] == '{' && json.Unmarshal([]byte(v), &inner) == nil && inner.Message != "" {
			return inner.Message
		}
	}
	for _, v := range values {
		if len(v) > 0 {
			return v
		}
	}
	return ""
}
