package l17

import (
	"fmt"
	"slices"
	"strings"

	"course/internal/lazy"
	"course/internal/report"
	"course/theory"
)

// How the lesson reads and grades the answers of GA's capo and tunings skills.

// capoReply is what the lesson reads in a capo answer: its kind ("shape", "sounds" or
// "declined"), the chord it names, and the chord its Am-shape remark names.
type capoReply struct{ kind, chord, am string }

var (
	capoShapeRe = lazy.Regexp(`play a \*\*(.+?) shape\*\* to sound in \*\*(.+?)\*\*`)
	capoSoundRe = lazy.Regexp(`sounds as \*\*(.+?)\*\*`)
	capoAmRe    = lazy.Regexp(`an Am shape at capo \d+ would sound as (.+?)\.`)
	chordPartRe = lazy.Regexp(`^([A-G][#b]*)(.*)$`)
)

// askCapo asks the capo skill prompt and reads its answer.
func (l *lesson) askCapo(prompt string) capoReply {
	text := strings.ReplaceAll(l.capo.Execute(prompt).Text, "\r\n", "\n")
	var r capoReply
	if m := capoAmRe().FindStringSubmatch(text); m != nil {
		r.am = m[1]
	}
	switch m, o := capoShapeRe().FindStringSubmatch(text), capoSoundRe().FindStringSubmatch(text); {
	case m != nil:
		r.kind, r.chord = "shape", m[1]
	case o != nil:
		r.kind, r.chord = "sounds", o[1]
	default:
		r.kind = "declined"
	}
	return r
}

// chordParts is a chord's root pitch class and the rest of its symbol.
func chordParts(chord string) (int, string, error) {
	m := chordPartRe().FindStringSubmatch(chord)
	if m == nil {
		return -1, "", fmt.Errorf("%q is not a chord symbol", chord)
	}
	pc, ok := theory.PitchClass(m[1])
	if !ok {
		return -1, "", fmt.Errorf("%q has no root", chord)
	}
	return pc, m[2], nil
}

// spellable reports whether a key signature writes the chord's root, for a major or minor chord.
func (l *lesson) spellable(chord string) bool {
	m := chordPartRe().FindStringSubmatch(chord)
	if m == nil {
		return false
	}
	switch m[2] {
	case "":
		return slices.Contains(l.majorKeys, m[1])
	case "m":
		return slices.Contains(l.minorKeys, m[1])
	}
	return true
}

// verdict grades a capo answer against what the question asks.
func (l *lesson) verdict(r capoReply, want capoWant) (string, error) {
	v, _, err := l.grade(r, want)
	return v, err
}

// grade is verdict and its colour: right green, right in a theoretical spelling yellow, a
// wrong chord, the wrong direction or a refusal red.
func (l *lesson) grade(r capoReply, want capoWant) (string, report.Verdict, error) {
	switch {
	case r.kind == "declined":
		return "declined", report.Wrong, nil
	case r.kind != want.kind:
		return "wrong direction", report.Wrong, nil
	}
	pc, q, err := chordParts(r.chord)
	if err != nil {
		return "", 0, err
	}
	wpc, wq, err := chordParts(want.chord)
	if err != nil {
		return "", 0, err
	}
	switch {
	case pc != wpc || q != wq:
		return "wrong chord", report.Wrong, nil
	case l.spellable(r.chord):
		return "right", report.Right, nil
	}
	return "right, theoretical spelling", report.Lossy, nil
}

// show is the reply as the tables write it: "declined", or its kind and chord.
func (r capoReply) show() string {
	if r.kind == "declined" {
		return "declined"
	}
	return r.kind + " " + r.chord
}

// tuningReply is what the lesson reads in a tunings answer: the tuning it names, the notes it
// gives, the table's note and move per string, and the move by the string's number.
type tuningReply struct {
	name   string
	notes  []string
	rows   [][2]string
	moveOf map[string]string
}

var (
	tuningNamedRe   = lazy.Regexp(`^\*\*(.+?) tuning\*\* \(low → high\): \*\*([^*]+)\*\*`)
	tuningUnnamedRe = lazy.Regexp(`^That tuning \(low → high: \*\*([^*]+)\*\*\) doesn't match`)
	tuningRowRe     = lazy.Regexp(`^\| (\d)[^|]*\| ([^|]+?) \| ([^|]+?) \|$`)
)

// askTunings asks the tunings skill prompt and reads its answer.
func (l *lesson) askTunings(prompt string) tuningReply {
	lines := strings.Split(strings.ReplaceAll(l.tunings.Execute(prompt).Text, "\r\n", "\n"), "\n")
	r := tuningReply{moveOf: map[string]string{}}
	for _, line := range lines {
		if m := tuningRowRe().FindStringSubmatch(line); m != nil {
			r.rows = append(r.rows, [2]string{m[2], m[3]})
			r.moveOf[m[1]] = m[3]
		}
	}
	if m := tuningNamedRe().FindStringSubmatch(lines[0]); m != nil {
		r.name, r.notes = m[1], strings.Split(m[2], " – ")
	} else if m := tuningUnnamedRe().FindStringSubmatch(lines[0]); m != nil {
		r.notes = strings.Split(m[1], " – ")
	}
	return r
}

// short is the reply in a table cell: the tuning named, the notes read without a name, or
// "declined".
func (r tuningReply) short() string {
	switch {
	case r.name != "":
		return r.name
	case r.notes != nil:
		return "no name, reads " + strings.Join(r.notes, " ")
	}
	return "declined"
}

// moveNames writes string moves as the skill's table does: "same", "+1st", "-2st".
func moveNames(moves []int) []string {
	out := make([]string, len(moves))
	for i, d := range moves {
		switch {
		case d == 0:
			out[i] = "same"
		case d > 0:
			out[i] = fmt.Sprintf("+%dst", d)
		default:
			out[i] = fmt.Sprintf("%dst", d)
		}
	}
	return out
}
