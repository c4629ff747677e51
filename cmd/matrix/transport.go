package matrix

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"course/internal/keyed"
	"course/internal/report"
	"course/stream/wire"
	"course/stream/wire/transport"
)

// readBound bounds one read of a WebSocket or SignalR pair, all of it on loopback: a failure
// bound, not a pace.
const readBound = time.Minute

// transportKinds is what --transport names, once the flags that mean something over one
// transport only are checked.
func transportKinds(opts *MatrixOptions) ([]transport.Kind, error) {
	name := opts.Transport
	if name == "" {
		name = "sse"
	}
	kinds, err := transport.KindsByName(name)
	if err != nil {
		return nil, err
	}
	switch {
	case name == "sse":
	case opts.CRLF:
		return nil, fmt.Errorf("--crlf frames server-sent events; --transport %s carries messages, not lines", name)
	case name == "all" && (len(opts.Writers) > 0 || len(opts.Readers) > 0):
		return nil, errors.New("--writers and --readers pick within one transport; with --transport all there are three")
	}
	return kinds, nil
}

// overTitle names a transport in the section titles.
func overTitle(k transport.Kind) string {
	if k == transport.WebSocket {
		return "Over a WebSocket"
	}
	return "Over SignalR"
}

// overTransports runs the matrix over each WebSocket or SignalR transport in kinds: the text
// through every pair (or the failures, or the hazards), then the tool-call approvals, those
// over server-sent events too when all is set.
func (m *matrix) overTransports(ctx context.Context, opts *MatrixOptions, kinds []transport.Kind, text string, chunks []string) error {
	for _, k := range kinds {
		writers, err := transport.WritersOf(k, opts.Writers)
		if err != nil {
			return err
		}
		readers, err := transport.ReadersOf(k, opts.Readers)
		if err != nil {
			return err
		}
		m.transportSystems(k, writers, readers)
		switch {
		case opts.Hazards:
			err = m.transportHazards(ctx, k, writers, readers)
		case opts.Error:
			err = m.transportFailures(ctx, k, writers, readers)
		default:
			err = m.transportPairs(ctx, k, writers, readers, text, chunks)
		}
		if err != nil {
			return err
		}
	}
	if len(kinds) > 0 && !opts.Hazards && !opts.Error {
		return m.approvals(ctx, kinds, opts.Transport == "all")
	}
	return nil
}

// transportSystems names a transport's writers and readers by the keys its grid uses.
func (m *matrix) transportSystems(k transport.Kind, writers []transport.Writer, readers []transport.Reader) {
	if m.json != nil {
		for _, w := range writers {
			m.record(systemRecord{Record: "writer", Transport: k.String(), Key: w.Key, Name: w.Name, Documented: w.Documented, Formats: []string{w.Format.String()}})
		}
		for _, rd := range readers {
			m.record(systemRecord{Record: "reader", Transport: k.String(), Key: rd.Key, Name: rd.Name})
		}
		return
	}
	m.r.Title("%s: the writers and readers", overTitle(k))
	rows := make([][]string, max(len(writers), len(readers)))
	for i := range rows {
		rows[i] = []string{"", "", "", ""}
		if i < len(writers) {
			rows[i][0], rows[i][1] = writers[i].Key, writers[i].Label()
		}
		if i < len(readers) {
			rows[i][2], rows[i][3] = readers[i].Key, readers[i].Name
		}
	}
	m.r.Table([]string{"writer", "", "reader", ""}, rows)
}

// readAll serves each writer's answer of chunks (or its failure) on loopback and reads it with
// every reader, one connection a pair, in writer-major order.
func readAll(ctx context.Context, writers []transport.Writer, readers []transport.Reader, chunks []string, fail bool) ([]transport.Delivery, error) {
	var out []transport.Delivery
	for _, w := range writers {
		s, err := w.Serve(wire.Input{Chunks: chunks}, fail)
		if err != nil {
			return nil, err
		}
		for _, rd := range readers {
			rctx, cancel := context.WithTimeout(ctx, readBound)
			out = append(out, rd.Read(rctx, transport.TargetFor(w, s, wire.ArpeggioQuestion)))
			cancel()
		}
		s.Close()
	}
	return out, nil
}

func writerKey(w transport.Writer) string { return w.Key }

func readerKey(r transport.Reader) string { return r.Key }

// transportPairs is the transport's grid: each writer's answer through each reader, measured
// against the text.
func (m *matrix) transportPairs(ctx context.Context, k transport.Kind, writers []transport.Writer, readers []transport.Reader, text string, chunks []string) error {
	ds, err := readAll(ctx, writers, readers, chunks, false)
	if err != nil {
		return err
	}
	var cells []cellRecord
	for wi, w := range writers {
		for ri, rd := range readers {
			got, err := transport.Shows(w.Format, ds[wi*len(readers)+ri])
			c := newCell(w.Key, rd.Key, text, true, got, err)
			c.Transport = k.String()
			cells = append(cells, c)
		}
	}
	m.grid(overTitle(k)+": each writer (down) with each reader (across)", keyed.Keys(writers, writerKey), keyed.Keys(readers, readerKey), cells)
	return nil
}

// transportFailures is --error over a transport: what each writer sends when answering fails,
// as the course's own reader received it, then what each reader's user sees.
func (m *matrix) transportFailures(ctx context.Context, k transport.Kind, writers []transport.Writer, readers []transport.Reader) error {
	ds, err := readAll(ctx, writers, readers, nil, true)
	if err != nil {
		return err
	}
	if m.json == nil {
		m.r.Title("%s: what each writer sends when answering fails, one message or item a line", overTitle(k))
		for wi, w := range writers {
			m.r.Line("%s", w.Label())
			d := ds[wi*len(readers)]
			for _, v := range d.Values {
				m.quoteFitted(string(v))
			}
			if d.Err != nil {
				m.r.Line("  (then %s)", d.Err)
			}
		}
	}
	var cells []cellRecord
	for wi, w := range writers {
		for ri, rd := range readers {
			got, err := transport.Shows(w.Format, ds[wi*len(readers)+ri])
			c := newCell(w.Key, rd.Key, "", false, got, err)
			c.Transport = k.String()
			cells = append(cells, c)
		}
	}
	m.grid(overTitle(k)+": what each user sees when answering fails", keyed.Keys(writers, writerKey), keyed.Keys(readers, readerKey), cells)
	return nil
}

// transportHazards is --hazards over a transport: each of its hazards through every pair, the
// pairs that deliver it exactly counted, the others shown.
func (m *matrix) transportHazards(ctx context.Context, k transport.Kind, writers []transport.Writer, readers []transport.Reader) error {
	for _, h := range transport.Hazards() {
		ds, err := readAll(ctx, writers, readers, h.Chunks, false)
		if err != nil {
			return err
		}
		ps := hazardPairs{m: m, text: strings.Join(h.Chunks, ""), hazard: h.Title, transport: k.String(), quote: quoteClipped}
		for wi, w := range writers {
			for ri, rd := range readers {
				got, err := transport.Shows(w.Format, ds[wi*len(readers)+ri])
				ps.add(w.Key, rd.Key, got, err)
			}
		}
		if m.json != nil {
			continue
		}
		quoted := make([]string, len(h.Chunks))
		for i, c := range h.Chunks {
			quoted[i] = quoteClipped(c)
		}
		m.hazardReport(fmt.Sprintf("%s, hazard: %s", overTitle(k), h.Title), quoted, nil, "pairs", len(writers)*len(readers), ps)
	}
	return nil
}

// quoteClipped quotes a chunk as the hazards do, a long one cut to its start and its length.
func quoteClipped(s string) string {
	if n := utf8.RuneCountInString(s); n > 60 {
		return wire.QuoteVisible(string([]rune(s)[:20])) + fmt.Sprintf("… (%d characters)", n)
	}
	return wire.QuoteVisible(s)
}

// approvalRecord is the --json record of one run of a tool-call approval.
type approvalRecord struct {
	Record   string   `json:"record"`
	Flow     string   `json:"flow"`
	Reader   string   `json:"reader,omitempty"`
	Scenario string   `json:"scenario,omitempty"`
	Surfaced bool     `json:"surfaced"`
	Answers  []string `json:"answers,omitempty"`
	Cell     string   `json:"cell"`
	Text     string   `json:"text"`
	Error    string   `json:"error,omitempty"`
}

// approvals runs the tool-call approvals of the transports in kinds (and of server-sent
// events with sse): which readers surface the request, then what becomes of a decision in
// each scenario, every cell a run on loopback.
func (m *matrix) approvals(ctx context.Context, kinds []transport.Kind, sse bool) error {
	has := func(k transport.Kind) bool {
		for _, x := range kinds {
			if x == k {
				return true
			}
		}
		return k == transport.SSE && sse
	}
	var flows, streams []transport.ApprovalFlow
	for _, f := range transport.ApprovalFlows {
		if has(f.Transport) {
			flows = append(flows, f)
		}
	}
	for _, f := range transport.ApprovalStreams {
		if has(f.Transport) {
			streams = append(streams, f)
		}
	}
	if m.json == nil {
		m.r.Title("Tool-call approvals: the flows")
		var rows [][]string
		for _, f := range flows {
			name := f.Name
			if f.Documented {
				name += " (as documented)"
			}
			rows = append(rows, []string{f.Key, name, f.Back})
		}
		m.r.Table([]string{"flow", "", "the decision goes"}, rows)
	}
	// Which readers surface the request: every reader of the transport, the application
	// approving as soon as it sees the request.
	var surfRows [][]string
	var surfVerdicts []report.Verdict
	for _, f := range streams {
		s, err := f.Serve()
		if err != nil {
			return err
		}
		readers, _ := transport.ReadersOf(f.Transport, nil)
		for _, rd := range readers {
			rctx, cancel := context.WithTimeout(ctx, readBound)
			d := rd.Read(rctx, transport.ApprovalTarget(f, s))
			cancel()
			got, err := transport.Shows(wire.FormatBit, d)
			cell := wire.Measured(transport.ApprovalAnswer, got, err)
			surfaced := transport.Surfaced(d)
			if m.json != nil {
				m.record(approvalRecord{Record: "approval-reader", Flow: f.Key, Reader: rd.Key, Surfaced: surfaced, Cell: cell, Text: got, Error: errText(err)})
				continue
			}
			seen := "shown"
			if !surfaced {
				seen = "never shown"
			}
			surfRows = append(surfRows, []string{f.Key, rd.Key, seen, cell})
			surfVerdicts = append(surfVerdicts, verdictOf(got, err))
		}
		s.Close()
	}
	if m.json == nil && len(surfRows) > 0 {
		m.r.Title("Tool-call approvals: which readers surface the request, and the answer once approved")
		for i, row := range surfRows {
			row[3] = report.Mark(surfVerdicts[i], row[3])
		}
		m.r.Table([]string{"writer", "reader", "the request", "the answer"}, surfRows)
	}
	// What becomes of a decision, run with the course's own client of each transport.
	var rows [][]string
	for _, f := range flows {
		for _, sc := range transport.Scenarios {
			rctx, cancel := context.WithTimeout(ctx, readBound)
			run := transport.RunApproval(rctx, f, sc.Scenario)
			cancel()
			err := run.Err
			if errors.Is(err, transport.ErrStillWaiting) {
				err = &wire.NeverCompletesError{Shown: run.Shown}
			}
			cell := wire.Measured(transport.ApprovalAnswer, run.Shown, err)
			said := strings.Join(run.Answers, ", then ")
			if run.Same {
				said = "(it goes on the reply's own connection)"
			}
			if m.json != nil {
				m.record(approvalRecord{Record: "approval", Flow: f.Key, Scenario: sc.Head, Surfaced: run.Surfaced, Answers: run.Answers, Cell: cell, Text: run.Shown, Error: errText(run.Err)})
				continue
			}
			rows = append(rows, []string{f.Key, sc.Head, said, report.Mark(verdictOf(run.Shown, err), cell)})
		}
	}
	if m.json == nil {
		m.r.Title("Tool-call approvals: what becomes of the decision")
		m.r.Table([]string{"flow", "the decision", "the server says", "the user sees"}, rows)
	}
	return nil
}

// verdictOf colours an approval's answer: exact, changed, or a failure the user meets.
func verdictOf(got string, err error) report.Verdict {
	switch {
	case err != nil:
		return report.Wrong
	case got == transport.ApprovalAnswer:
		return report.Right
	}
	return report.Lossy
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
