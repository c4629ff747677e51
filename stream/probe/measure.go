package probe

import (
	"context"
	"strings"
	"unicode/utf8"

	"course/stream/wire"
)

// measure runs every reader on the bytes received and sets the verdict. Each reader runs until
// ctx ends; one still running then is reported as not measured, and is left to finish on its own
// on the bounded capture. It says whether every reader it started has finished.
func (r *Report) measure(ctx context.Context, raw []byte, readers []wire.Reader) (finished bool) {
	reads := make([]namedRead, len(readers))
	for i, rd := range readers {
		reads[i] = namedRead{rd.Name, func() (string, error) { return rd.Read(raw) }}
	}
	return r.measureReads(ctx, reads)
}

// namedRead is one reader's read of what was received, by the reader's name.
type namedRead struct {
	name string
	read func() (string, error)
}

// measureReads is measure for reads of any transport.
func (r *Report) measureReads(ctx context.Context, reads []namedRead) (finished bool) {
	finished = true
	r.Readers = r.Readers[:0]
	answered := r.Answer != nil && r.Answer.OK
	exact := true
	for _, rd := range reads {
		res := ReaderResult{Reader: rd.name}
		if ctx.Err() != nil {
			res.NotMeasured = "out of time: the probe was stopped"
		} else {
			done := make(chan ReaderResult, 1)
			go func() { done <- r.result(rd.name, rd.read, answered) }()
			select {
			case res = <-done:
			case <-ctx.Done():
				res.NotMeasured = "out of time: the probe was stopped"
				finished = false
			}
		}
		exact = exact && res.Exact
		r.Readers = append(r.Readers, res)
	}
	if answered {
		r.Pass = r.Complete && exact
	}
	return finished
}

// result runs one reader's read and measures what it gives against the answer, when there is one.
func (r *Report) result(name string, read func() (string, error), answered bool) ReaderResult {
	got, err := read()
	res := ReaderResult{Reader: name}
	switch {
	case err != nil:
		res.Throws = err.Error()
		if answered {
			res.Measure = "(throws)"
		}
		return res
	case answered:
		m := wire.Compare(r.Answer.Text, got)
		res.Measure, res.Exact = m.String(), m.Exact()
	}
	if len(got) > MaxGot {
		cut := MaxGot
		for cut > 0 && !utf8.RuneStart(got[cut]) {
			cut--
		}
		res.Got, res.GotLeftOut = strings.Clone(got[:cut]), len(got)-cut
	} else {
		res.Got = got
	}
	return res
}
