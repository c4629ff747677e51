package matrix

import (
	"errors"
	"strings"

	"course/internal/report"
	"course/stream/wire"
)

// hazard is one adversarial input: chunks as a server produces them, and a conversation id.
type hazard struct {
	title          string
	chunks         []string
	conversationID string
}

// hazards are the inputs the systems invite: each is given as the chunks a model's tokens or a
// chunker would produce, so a writer gets exactly the pieces that trouble it.
var hazards = []hazard{
	{title: "a line that is [DONE]", chunks: []string{"When you are finished, type the next line.\n", "[DONE]\n", "The stream goes on.\n"}},
	{title: "a chunk equal to the one before it", chunks: []string{"Two lines:", "\n", "\n", "*", "*", "Am", "*", "*", "\n"}},
	{title: "a blank line inside a chunk", chunks: []string{"First paragraph.\n\nSecond paragraph.\n"}},
	{title: "a line that names an event", chunks: []string{"Chords to try:\nevent: turnaround\nAm7 D7 G.\n"}},
	{title: `a conversation id with "`, chunks: []string{"Hello.\n"}, conversationID: `conv"1`},
	{title: `a conversation id with \`, chunks: []string{"Hello.\n"}, conversationID: `conv\1`},
	{title: `the conversation id x","type":"done`, chunks: []string{"Hello.\n"}, conversationID: `x","type":"done`},
	{title: "a text with CR", chunks: []string{"Line one.\r\n", "Line two.\r\n", "50%\r100%\n"}},
	{title: "a text with U+2028", chunks: []string{"Am F C G\u2028", "is the progression.\u2028"}},
}

// hazards is the --hazards run: each input through the pairs whose reader is written for its
// writer's format, since a reader meeting a foreign format fails on any text; the pairs that
// deliver the input exactly are counted, the others shown.
func (m *matrix) hazards() {
	for _, h := range hazards {
		ps := hazardPairs{m: m, text: strings.Join(h.chunks, ""), hazard: h.title, quote: wire.QuoteVisible}
		pairs := 0
		for _, w := range m.writers {
			stream := w.Success(wire.Input{Chunks: h.chunks, ConversationID: h.conversationID, EOL: m.eol})
			for _, rd := range m.readers {
				if !rd.Speaks(w.Format) {
					continue
				}
				pairs++
				got, err := rd.ReadFormat(stream, w.Format)
				ps.add(w.Key, rd.Key, got, err)
			}
		}
		if m.json != nil {
			continue
		}
		var facts []report.Fact
		if h.conversationID != "" {
			facts = append(facts, report.Fact{Label: "conversation id", Value: wire.QuoteVisible(h.conversationID)})
		}
		quoted := make([]string, len(h.chunks))
		for i, c := range h.chunks {
			quoted[i] = wire.QuoteVisible(c)
		}
		m.hazardReport("Hazard: "+h.title, quoted, facts, "pairs that share a format", pairs, ps)
	}
}

// hazardReport prints one hazard: its chunks, quoted, and facts, how many of the pairs deliver
// it exactly, and what the others' users see, each failing row writer, reader and what is shown.
func (m *matrix) hazardReport(title string, quoted []string, facts []report.Fact, pairsAre string, pairs int, ps hazardPairs) {
	failing := ps.failing
	m.r.Title("%s", title)
	m.r.Facts(0, append([]report.Fact{{Label: "chunks", Value: strings.Join(quoted, " ")}}, facts...)...)
	m.r.Line("exact in %d of the %d %s; the others:", pairs-len(failing), pairs, pairsAre)
	if len(failing) > 0 {
		widths := report.ColumnWidths([]string{"writer", "reader"}, failing)
		room := report.DefaultWidth - widths[0] - widths[1] - 4
		for i, row := range failing {
			// Marked after clipping, which measures the text: a changed text yellow, a failure red.
			v := report.Lossy
			if ps.thrown[i] {
				v = report.Wrong
			}
			row[2] = report.Mark(v, clipWidth(row[2], room))
		}
		m.r.Table([]string{"writer", "reader", "what the user sees"}, failing)
	}
}

// hazardPairs gathers what one hazard's pairs came to: with --json, each pair's record; else
// the rows of the pairs that do not deliver the text exactly.
type hazardPairs struct {
	m *matrix
	// text is what every pair should deliver; hazard and transport name the run in a record.
	text, hazard, transport string
	// quote quotes a text the user sees, in a row.
	quote   func(string) string
	failing [][]string
	thrown  []bool // for each failing row, whether the reader failed rather than changed the text
}

// add records what the reader's user got from the writer's stream of the hazard.
func (ps *hazardPairs) add(writer, reader, got string, err error) {
	if ps.m.json != nil {
		c := newCell(writer, reader, ps.text, true, got, err)
		c.Transport, c.Hazard = ps.transport, ps.hazard
		ps.m.record(c)
		return
	}
	if err != nil || got != ps.text {
		ps.failing = append(ps.failing, []string{writer, reader, ps.shown(got, err)})
		ps.thrown = append(ps.thrown, err != nil)
	}
}

// shown is a --hazards cell: the text the user sees in quotes, and for a read that never
// completes, the text left on screen.
func (ps *hazardPairs) shown(got string, err error) string {
	var nc *wire.NeverCompletesError
	if errors.As(err, &nc) {
		return "(never completes) " + ps.quote(nc.Shown)
	}
	if cell, ok := wire.Outcome(err); ok {
		return cell
	}
	return ps.quote(got)
}
