package learn

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// Form says how an answer is written and when two writings are the same answer: each is read
// into items, and the items are compared in order or as a set.
type Form struct {
	// Says tells the learner how to write the answer, "a number", "notes, such as C E G".
	Says string
	// Read turns an answer into its items; an item it cannot read is returned as it is, so
	// that it shows as one that differs. Nil reads the whole answer as Text does.
	Read func(answer string) []string
	// AnyOrder compares the items as a set.
	AnyOrder bool
}

// Text is an answer compared as one line of text, letter case and runs of spaces aside, and a
// full stop at its end.
var Text = Form{Says: "a line of text", Read: func(s string) []string {
	s = strings.Join(strings.Fields(strings.ToLower(s)), " ")
	return []string{strings.TrimSuffix(s, ".")}
}}

// YesNo is an answer of yes or no (y, n, true and false are read too).
var YesNo = Form{Says: "yes or no", Read: func(s string) []string {
	switch w := strings.Trim(strings.ToLower(strings.TrimSpace(s)), ".!"); w {
	case "y", "yes", "true":
		return []string{"yes"}
	case "n", "no", "false":
		return []string{"no"}
	default:
		return []string{w}
	}
}}

// Numbers is an answer of one or more numbers in order; words and punctuation between them are
// skipped, and so is the total after "of", so "3 of 12, 6 of 12" and "3, 6" are the same answer.
var Numbers = Form{Says: "numbers, in order", Read: func(s string) []string {
	var items []string
	afterOf := false
	for _, word := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return unicode.IsSpace(r) || r == ',' || r == ';' || r == '/' }) {
		word = strings.Trim(word, ".:()")
		v, err := strconv.ParseFloat(word, 64)
		switch {
		case err != nil:
			afterOf = word == "of"
		case afterOf:
			afterOf = false
		default:
			items = append(items, strconv.FormatFloat(v, 'f', -1, 64))
		}
	}
	return items
}}

// Notes is an answer of note names in order, split at spaces, commas or dashes. A letter's case
// and ♯ or ♭ for # or b do not matter; with enharmonic, neither does the spelling (C# and Db are
// the same note), for the questions that ask for pitches rather than names.
func Notes(enharmonic bool) Form {
	says := "note names in order, such as C E G"
	if enharmonic {
		says += " (C# or Db alike)"
	}
	return Form{Says: says, Read: func(s string) []string {
		var items []string
		for _, f := range strings.FieldsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || r == ',' || r == '–' }) {
			items = append(items, noteItem(f, enharmonic))
		}
		return items
	}}
}

// noteItem is one note name in the course's spelling, or as given when it is not one.
func noteItem(f string, enharmonic bool) string {
	f = strings.NewReplacer("♯", "#", "♭", "b", "𝄪", "##", "𝄫", "bb").Replace(f)
	if f == "" {
		return f
	}
	letter := unicode.ToUpper(rune(f[0]))
	pc := strings.IndexRune("C D EF G A B", letter)
	if pc < 0 || letter == ' ' {
		return f
	}
	acc := f[1:]
	if strings.Trim(acc, "#") != "" && strings.Trim(acc, "b") != "" {
		return f
	}
	if !enharmonic {
		return string(letter) + acc
	}
	pc += strings.Count(acc, "#") - strings.Count(acc, "b")
	return [12]string{"C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"}[(pc%12+12)%12]
}

// letters is the form of a choice's answer: the letters of the options that hold, in any
// order, or "none".
func letters(n int) Form {
	return Form{Says: fmt.Sprintf("the letters of the options that hold (a to %s), or none", Letter(n-1)), AnyOrder: true,
		Read: func(s string) []string {
			var items []string
			for _, f := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return unicode.IsSpace(r) || r == ',' || r == '.' || r == ')' }) {
				if f == "none" {
					continue
				}
				items = append(items, f)
			}
			slices.Sort(items)
			return slices.Compact(items)
		}}
}

func (f Form) read(s string) []string {
	if f.Read == nil {
		return Text.Read(s)
	}
	return f.Read(s)
}

// compare reads both answers and says what differs, without giving the course's answer away:
// the items of the learner's that are wrong, and how many are missing.
func (f Form) compare(given, want string) Verdict {
	g, w := f.read(given), f.read(want)
	if f.AnyOrder {
		var wrong []string
		for _, item := range g {
			if !slices.Contains(w, item) {
				wrong = append(wrong, item)
			}
		}
		missing := 0
		for _, item := range w {
			if !slices.Contains(g, item) {
				missing++
			}
		}
		if wrong == nil && missing == 0 {
			return Verdict{OK: true}
		}
		var parts []string
		if wrong != nil {
			parts = append(parts, strings.Join(wrong, ", ")+" should not be there")
		}
		if missing > 0 {
			parts = append(parts, fmt.Sprintf("%d missing", missing))
		}
		return Verdict{Differs: fmt.Sprintf("read as %q: %s", strings.Join(g, " "), strings.Join(parts, "; "))}
	}
	if slices.Equal(g, w) {
		return Verdict{OK: true}
	}
	var wrong []string
	for i, item := range g {
		if i >= len(w) || item != w[i] {
			wrong = append(wrong, fmt.Sprintf("item %d (%s)", i+1, item))
		}
	}
	msg := fmt.Sprintf("read as %q", strings.Join(g, " "))
	if len(w) == 1 && len(g) == 1 {
		return Verdict{Differs: msg + ": not the course's answer"}
	}
	if wrong != nil {
		msg += ": " + strings.Join(wrong, ", ") + " differ"
	}
	if len(g) != len(w) {
		msg += fmt.Sprintf("; the course's answer has %d items, this one %d", len(w), len(g))
	}
	return Verdict{Differs: msg}
}
