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
var Text = Form{Says: "a line of text", Rule: "letter case, runs of spaces and a full stop at the end do not matter; every other character does", Read: func(s string) []string {
	s = strings.Join(strings.Fields(strings.ToLower(s)), " ")
	return []string{strings.TrimSuffix(s, ".")}
}}

// YesNo is an answer of yes or no (y, n, true and false are read too).
var YesNo = Form{Says: "yes or no", Rule: "yes, y and true are yes, no, n and false are no, in either case; any other word is neither", Read: func(s string) []string {
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
var Numbers = Form{Says: "numbers, in order", Rule: `numbers in order, as decimals (0.6 and 0.60 alike); the words and punctuation between them are skipped, and so is the total after "of" ("3 of 12" is 3)`, Read: func(s string) []string {
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
	rule := "note names in order, split at spaces, commas or dashes; the letter's case and ♯ ♭ for # b do not matter; C# and Db are different names"
	if enharmonic {
		rule = "note names in order, split at spaces, commas or dashes; the letter's case and ♯ ♭ for # b do not matter, and neither does the spelling: C# and Db are one pitch"
	}
	return Form{Says: says, Rule: rule, Read: func(s string) []string {
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
		Rule:     `letters in any order and either case, run together or apart: "a c", "A,C", "(a) (c)", "c) a)" and "ac" are one answer; "none" is the empty answer; a word not made of option letters is not read as letters`,
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

// Items is the answer s as the form reads it, the items it compares.
func (f Form) Items(s string) []string { return f.read(s) }

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

// Saying is the form with another Says, for a question that words its answer its own way; how
// the answer is read, and its Rule, stay the form's.
func (f Form) Saying(says string) Form {
	f.Says = says
	return f
}

// Counting is the form with Counted set: for a question that says how many items it asks for.
func (f Form) Counting() Form {
	f.Counted = true
	return f
}

// Signed is an answer of signed numbers in order, semitones up and down: +7 and 7 are the same,
// -7 (or −7) is not; "st" or "semitones" after a number and the words between numbers are skipped.
var Signed = Form{
	Says: "signed numbers, in order, such as +7 -5",
	Rule: `signed numbers in order: +7 and 7 are one answer, -7 and −7 another; "st" or "semitones" after a number, and words between the numbers, are skipped`,
	Item: "a signed number",
	Read: func(s string) []string {
		var items []string
		s = strings.ReplaceAll(strings.ToLower(s), "−", "-")
		for _, w := range strings.FieldsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || r == ',' || r == ';' || r == '/' }) {
			w = strings.TrimSuffix(strings.TrimSuffix(strings.Trim(w, ".:()"), "semitones"), "st")
			n, err := strconv.Atoi(strings.TrimPrefix(w, "+"))
			if err != nil || strings.HasPrefix(w, "+-") {
				continue
			}
			items = append(items, signedItem(n))
		}
		return items
	},
}

func signedItem(n int) string {
	if n > 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// Chord is an answer of one chord symbol; Chords reads several.
var Chord = Form{
	Says:  "a chord symbol, such as Am7",
	Rule:  "the root's letter in either case, ♯ ♭ for # b; the rest of the symbol as written, so Am7 and AM7 are different chords",
	Item:  "a chord symbol",
	Read:  func(s string) []string { return chordItems(s) },
	Valid: func(item string) bool { return item != "" && strings.ContainsRune("ABCDEFG", rune(item[0])) },
}

// Chords is an answer of chord symbols, separated by spaces or commas, in order or, with
// anyOrder, as a set.
func Chords(anyOrder bool) Form {
	f := Chord
	f.Says, f.AnyOrder = "chord symbols, in order, such as Am7 D7", anyOrder
	f.Rule = "chord symbols split at spaces or commas, in order; " + Chord.Rule
	if anyOrder {
		f.Says = "chord symbols, in any order, such as Am7 D7"
		f.Rule = "chord symbols split at spaces or commas, in any order; " + Chord.Rule
	}
	return f
}

func chordItems(s string) []string {
	var items []string
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || r == ',' || r == ';' }) {
		w = strings.NewReplacer("♯", "#", "♭", "b").Replace(strings.TrimSuffix(w, "."))
		if w == "" {
			continue
		}
		if c := unicode.ToUpper(rune(w[0])); c >= 'A' && c <= 'G' {
			w = string(c) + w[1:]
		}
		items = append(items, w)
	}
	return items
}

// Chart is an answer of one fret chart, six strings from the low E, each a fret or x for a
// muted string: written together, x32010, or dashed, x-3-2-0-1-3, as frets past 9 need.
var Chart = Form{
	Says:  "a fret chart, low E first, such as x32010 or x-3-2-0-1-3",
	Rule:  "six strings from the low E, each a fret or x (or X) for a muted one, written together (x32010) or with dashes (x-3-2-0-1-3), the two alike; frets past 9 need the dashes",
	Item:  "a fret chart of six strings",
	Read:  func(s string) []string { return []string{chartItem(strings.TrimSpace(s))} },
	Valid: func(item string) bool { _, ok := frets(item); return ok },
}

// chartItem is a chart in the course's writing, together when every fret is one digit, dashed
// when not, or the chart as given when it is not one.
func chartItem(s string) string {
	f, ok := frets(s)
	if !ok {
		return s
	}
	sep := ""
	for _, fret := range f {
		if len(fret) > 1 {
			sep = "-"
		}
	}
	return strings.Join(f, sep)
}

// frets reads a chart's six strings.
func frets(s string) ([]string, bool) {
	s = strings.ToLower(s)
	f := strings.Split(s, "-")
	if len(f) == 1 {
		f = strings.Split(s, "")
	}
	if len(f) != 6 {
		return nil, false
	}
	for i, fret := range f {
		if fret == "x" {
			continue
		}
		n, err := strconv.Atoi(fret)
		if err != nil || n < 0 || n > 24 {
			return nil, false
		}
		f[i] = strconv.Itoa(n)
	}
	return f, true
}

// Decimals is an answer of numbers compared at places decimals after the point: with 3, 0.6 and
// 0.6004 are both 0.600.
func Decimals(places int) Form {
	return Form{
		Says: "numbers, in order",
		Rule: fmt.Sprintf("numbers in order, each rounded to %d decimals (0.6 and 0.600 alike); the words between them are skipped", places),
		Item: "a number",
		Read: func(s string) []string {
			var items []string
			for _, w := range strings.FieldsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || r == ',' || r == ';' }) {
				if v, err := strconv.ParseFloat(strings.Trim(w, ".:()"), 64); err == nil {
					d := strconv.FormatFloat(v, 'f', places, 64)
					if strings.Trim(d, "-0.") == "" {
						d = strings.TrimPrefix(d, "-") // -0.000 is 0.000
					}
					items = append(items, d)
				}
			}
			return items
		},
		Valid: func(item string) bool { _, err := strconv.ParseFloat(item, 64); return err == nil },
	}
}

// Words is an answer of words, split at spaces, commas, semicolons and colons, each read by
// the first of forms that takes it as one valid item; a word none takes is dropped when it is
// a word of letters (a joining word such as "then"), kept to be named otherwise. Literal words
// are taken as they are, letter case aside.
func Words(says string, literal []string, forms ...Form) Form {
	var rules []string
	for _, f := range forms {
		rules = append(rules, f.Item+": "+f.Rule)
	}
	if literal != nil {
		rules = append(rules, fmt.Sprintf("%q as a word", literal))
	}
	take := func(w string) (string, bool) {
		if slices.Contains(literal, strings.ToLower(w)) {
			return strings.ToLower(w), true
		}
		for _, f := range forms {
			if items := f.read(w); len(items) == 1 && (f.Valid == nil || f.Valid(items[0])) {
				return items[0], true
			}
		}
		return w, false
	}
	return Form{
		Says: says,
		Rule: "words in order, each read as " + strings.Join(rules, "; "),
		Read: func(s string) []string {
			var items []string
			for _, w := range strings.FieldsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || r == ',' || r == ';' || r == ':' }) {
				w = strings.TrimSuffix(w, ".")
				item, ok := take(w)
				if !ok && strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) }) < 0 {
					continue
				}
				items = append(items, item)
			}
			return items
		},
	}
}

// Fields is an answer of fields separated by sep, in order, each read by its own form; an answer
// with another number of fields is read whole, as one item that no answer is.
func Fields(says, sep string, fields ...Form) Form {
	var rules []string
	for i, f := range fields {
		rules = append(rules, fmt.Sprintf("%d, %s", i+1, f.Rule))
	}
	return Form{
		Says:    says,
		Rule:    fmt.Sprintf("%d fields separated by %q, in order, each read as its own: %s", len(fields), sep, strings.Join(rules, "; ")),
		Counted: true,
		Read: func(s string) []string {
			parts := strings.Split(s, sep)
			if len(parts) != len(fields) {
				return []string{strings.TrimSpace(s)}
			}
			items := make([]string, len(parts))
			for i, p := range parts {
				items[i] = strings.Join(fields[i].read(p), " ")
			}
			return items
		},
	}
}

// PitchClass is an answer of one pitch class: a note name in any spelling, its number from 0
// (C) to 11, or both as a table writes them, "4 E".
var PitchClass = Form{
	Says:  "a pitch class, such as E or 4",
	Rule:  "a note name in any spelling and either case (E, Fb, e alike), or its number from 0 for C to 11, or both as the tables write them (4 E)",
	Item:  "a pitch class",
	Valid: func(item string) bool { return item != "" && item[0] >= 'A' && item[0] <= 'G' },
	Read: func(s string) []string {
		var pcs []string
		for _, w := range strings.Fields(s) {
			if n, err := strconv.Atoi(w); err == nil && n >= 0 && n < 12 {
				w = [12]string{"C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"}[n]
			}
			pcs = append(pcs, noteItem(w, true))
		}
		if pcs = slices.Compact(pcs); len(pcs) != 1 {
			return []string{strings.Join(pcs, " ")}
		}
		return pcs
	},
}
