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
	// Rule says in one line exactly what the form's reading makes the same and what it keeps
	// apart, printed under the question's "Answer with" line; "" prints none.
	Rule string
	// AnyOrder compares the items as a set.
	AnyOrder bool
	// Counted says the question gives the number of items, so that a wrong answer may say how
	// many were given against how many are asked for without giving anything away.
	Counted bool
	// Item names one item for a verdict, "one of the options"; "" is "answer".
	Item string
	// Valid says an item read is one the form can take at all, whatever the answer; a verdict
	// names the items that are not. Nil takes every item.
	Valid func(item string) bool
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
// order, or none. The letters may be run together (acd), separated by spaces or commas, in
// either case, each in brackets or with one after it ((a), a), a.); a word that is not made of
// option letters is kept whole, to be named as no option.
func letters(n int) Form {
	last := Letter(n - 1)
	isOption := func(r rune) bool { return r >= 'a' && r < 'a'+rune(n) }
	return Form{
		Says:     fmt.Sprintf("the letters of the options that hold (a to %s), or none", last),
		Rule:     fmt.Sprintf("Letters in any order and either case, run together or apart: \"a c\", \"A,C\", \"(a) (c)\" and \"ac\" are one answer; \"none\" is the empty answer; a word that is not option letters is not read as letters."),
		Item:     fmt.Sprintf("one of the options a to %s", last),
		Valid:    func(item string) bool { return item == "none" || len(item) == 1 && isOption(rune(item[0])) },
		AnyOrder: true,
		Read: func(s string) []string {
			var items []string
			none := false
			for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return unicode.IsSpace(r) || r == ',' || r == ';' || r == '/' }) {
				w = strings.Trim(w, "()[].:")
				switch {
				case w == "":
				case w == "none":
					none = true
				case strings.IndexFunc(w, func(r rune) bool { return !isOption(r) }) < 0:
					for _, r := range w {
						items = append(items, string(r))
					}
				default:
					items = append(items, w)
				}
			}
			if items == nil && none {
				return []string{"none"}
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

// compare reads both answers and says whether they are the same. A wrong answer's verdict gives
// nothing of the course's answer away: it says how the answer was read, so that a typo shows,
// the items that are no answer of this form at all (a letter past the last option), and how
// many items were given against how many are wanted only when the question says that count
// already (Counted). It never names an item that is wrong or a position that differs: with
// that, every exercise would fall in two tries without a thought.
func (f Form) compare(given, want string) Verdict {
	g, w := f.read(given), f.read(want)
	ok := slices.Equal(g, w)
	if f.AnyOrder {
		gs, ws := slices.Clone(g), slices.Clone(w)
		slices.Sort(gs)
		slices.Sort(ws)
		ok = slices.Equal(slices.Compact(gs), slices.Compact(ws))
	}
	if ok {
		return Verdict{OK: true}
	}
	msg := fmt.Sprintf("read as %q", strings.Join(g, " "))
	if len(g) == 0 {
		msg = fmt.Sprintf("%q reads as no %s", strings.TrimSpace(given), f.noun())
	}
	if f.Valid != nil {
		var unknown []string
		for _, item := range g {
			if !f.Valid(item) {
				unknown = append(unknown, item)
			}
		}
		if unknown != nil {
			msg += fmt.Sprintf("; %s: not %s", strings.Join(unknown, ", "), f.noun())
		}
	}
	if f.Counted && len(g) != len(w) {
		msg += fmt.Sprintf("; %d given, the question asks for %d", len(g), len(w))
	}
	return Verdict{Differs: msg}
}

// noun is what one item of the form is, for a verdict.
func (f Form) noun() string {
	if f.Item == "" {
		return "answer"
	}
	return f.Item
}
