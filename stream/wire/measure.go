package wire

import (
	"fmt"
	"strings"

	"course/internal/textdiff"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// Measure is what a user got against the answer the server computed, counted on a line diff of
// the two: the answer's lines that did not arrive, the line breaks that were lost, and what
// arrived that the answer does not have.
type Measure struct {
	// Lines is the number of the answer's lines that hold text, blank lines aside.
	Lines int
	// Missing is the number of those lines whose text did not arrive whole: dropped, or cut in
	// two by a line break or anything else.
	Missing int
	// Moved is the number of the answer's lines that arrived whole but elsewhere, such as two
	// swapped lines.
	Moved int
	// Breaks is the number of the answer's line breaks that did not arrive: those of dropped
	// lines, and those between lines that arrived run together on one line.
	Breaks int
	// ExtraBreaks is the number of line breaks that arrived where the answer has none, such as a
	// blank line that was not there or a line cut in two.
	ExtraBreaks int
	// Extra is the number of lines that arrived with text the answer does not have at that
	// place: neither a piece of an answer line there nor holding one.
	Extra int
	// exact is whether the user got the answer byte for byte.
	exact bool
}

// Exact reports whether the user got the answer byte for byte.
func (m Measure) Exact() bool { return m.exact }

// String is the measure as the lessons print it: "exact"; the missing lines and line breaks
// ("1 of 6 lines missing, 8 line breaks missing"); else the moved lines; or "differs" when what
// arrived only has more than the answer, or differs within a line.
func (m Measure) String() string {
	if m.exact {
		return "exact"
	}
	var parts []string
	if m.Missing > 0 {
		parts = append(parts, fmt.Sprintf("%d of %d lines missing", m.Missing, m.Lines))
	}
	if m.Breaks > 0 {
		parts = append(parts, fmt.Sprintf("%d line breaks missing", m.Breaks))
	}
	if m.Moved > 0 {
		parts = append(parts, fmt.Sprintf("%d of %d lines moved", m.Moved, m.Lines))
	}
	if parts == nil {
		return "differs"
	}
	return strings.Join(parts, ", ")
}

// TextLines counts the lines of s that hold text, the unit of a Measure's lines.
func TextLines(s string) int {
	n := 0
	for line := range strings.SplitSeq(s, "\n") {
		if strings.TrimSpace(line) != "" {
			n++
		}
	}
	return n
}

// Compare measures what a user got against the answer the server computed.
//
// It diffs the two line by line (go-diff's line mode) and looks at each change, a run of the
// answer's lines replaced by a run of what arrived. An answer line whose text, trimmed, stands
// in the replacement arrived, perhaps run together with its neighbours; one whose text stands
// as a whole line in another change moved; any other is missing. A change that takes out more
// line breaks than it puts in lost the difference; lines run together lost the breaks between
// them even where the change puts others back elsewhere.
func Compare(answer, got string) Measure {
	m := Measure{exact: answer == got, Lines: TextLines(answer)}
	if m.exact {
		return m
	}
	changes := lineChanges(answer, got)
	moved := movedLines(changes)
	// A moved line takes its line break with it, out of one change and into another; only a
	// break it gained or lost on the way (the answer's last line has none) still counts.
	movedOut, movedIn := make([]int, len(changes)), make([]int, len(changes))
	arrived := map[lineRef]bool{}
	for from, to := range moved {
		kept := min(strings.Count(changes[from.change].removed[from.line], "\n"), strings.Count(changes[to.change].added[to.line], "\n"))
		movedOut[from.change] += kept
		movedIn[to.change] += kept
		arrived[to] = true
	}
	m.Moved = len(moved)
	for i, c := range changes {
		missing, joins := c.follow(i, moved)
		m.Missing += missing
		removed := strings.Join(c.removed, "")
		for j, line := range c.added {
			text := strings.TrimSpace(line)
			if text != "" && !arrived[lineRef{i, j}] && !strings.Contains(removed, text) && !holdsALine(line, c.removed) {
				m.Extra++
			}
		}
		out := strings.Count(removed, "\n") - movedOut[i]
		in := strings.Count(strings.Join(c.added, ""), "\n") - movedIn[i]
		lost := max(out-in, joins)
		m.Breaks += lost
		m.ExtraBreaks += in - out + lost
	}
	return m
}

// follow walks the change's removed lines through its added text, in order: it counts the lines
// whose text is not there (nor moved elsewhere), and the places where two lines arrived on one.
func (c change) follow(i int, moved map[lineRef]lineRef) (missing, joins int) {
	added := strings.Join(c.added, "")
	at, prev := 0, -1
	for j, line := range c.removed {
		text := strings.TrimSpace(line)
		if _, ok := moved[lineRef{i, j}]; ok || text == "" {
			prev = -1
			continue
		}
		pos := strings.Index(added[at:], text)
		if pos >= 0 {
			pos += at
		} else {
			pos = strings.Index(added, text)
		}
		if pos < 0 {
			missing++
			prev = -1
			continue
		}
		if strings.Count(added[:pos], "\n") == prev {
			joins++
		}
		at = pos + len(text)
		prev = strings.Count(added[:at], "\n")
	}
	return missing, joins
}

// change is one run of the answer's lines replaced by a run of the lines that arrived; each line
// keeps its line feed.
type change struct {
	removed, added []string
}

// lineChanges diffs answer and got line by line and returns the changes between the equal runs.
func lineChanges(answer, got string) []change {
	var out []change
	var cur *change
	for _, d := range textdiff.Lines(answer, got) {
		if d.Type == diffmatchpatch.DiffEqual {
			cur = nil
			continue
		}
		if cur == nil {
			out = append(out, change{})
			cur = &out[len(out)-1]
		}
		split := strings.SplitAfter(d.Text, "\n")
		if split[len(split)-1] == "" {
			split = split[:len(split)-1]
		}
		if d.Type == diffmatchpatch.DiffDelete {
			cur.removed = append(cur.removed, split...)
		} else {
			cur.added = append(cur.added, split...)
		}
	}
	return out
}

// lineRef names one line of a change.
type lineRef struct{ change, line int }

// movedLines pairs each removed line whose text is not in its own change's replacement with an
// added line of another change that holds exactly its text, each added line used once.
func movedLines(changes []change) map[lineRef]lineRef {
	used := map[lineRef]bool{}
	moved := map[lineRef]lineRef{}
	for i, c := range changes {
		inserted := strings.Join(c.added, "")
		for j, line := range c.removed {
			text := strings.TrimSpace(line)
			if text == "" || strings.Contains(inserted, text) {
				continue
			}
		search:
			for k, other := range changes {
				if k == i {
					continue
				}
				for l, added := range other.added {
					ref := lineRef{k, l}
					if !used[ref] && strings.TrimSpace(added) == text {
						used[ref] = true
						moved[lineRef{i, j}] = ref
						break search
					}
				}
			}
		}
	}
	return moved
}

// holdsALine reports whether line holds the text of one of lines.
func holdsALine(line string, lines []string) bool {
	for _, l := range lines {
		if t := strings.TrimSpace(l); t != "" && strings.Contains(line, t) {
			return true
		}
	}
	return false
}
