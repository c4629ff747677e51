package l15

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"course/ga/skills"
	"course/internal/lazy"
	"course/internal/report"
	"course/learn"
	"course/lessons/kit"
)

// Exercises is lesson 15's exercises, in the order docs/l15.md asks them, solved with
// the lesson's options.
func Exercises(*Options) learn.Lesson {
	return learn.NewLesson("l15",
		shorterSymbolExercise(beyondSymbols()[1:]),
		noteTokensExercise("What chord is D# F## A#"),
		firstMatchExercise("Am I right that G7 has an F?", "Is it right that G7 has an F?", "G7"),
		toolSuffixExercise(skillTableSymbols),
	)
}

// beyondSymbol is a chord of section 3 asked as a bare symbol, and the chord it names.
type beyondSymbol struct {
	symbol string
	chord  textbookChord
}

// beyondSymbols are section 3's chords asked as "What notes are in <symbol>?", in its order.
func beyondSymbols() []beyondSymbol {
	var out []beyondSymbol
	for _, b := range beyondChords {
		s, ok := strings.CutPrefix(b.prompt, "What notes are in ")
		if s, ok2 := strings.CutSuffix(s, "?"); ok && ok2 && !strings.Contains(s, " ") {
			out = append(out, beyondSymbol{s, b.chord})
		}
	}
	return out
}

// symbolOf is the symbol the lesson writes for a chord the skill read: its root and the suffix
// section 4 spells its quality with ("" for a major triad), or its quality in words.
func symbolOf(read *chordRead) string {
	q := read.canonical()
	if q == "major" {
		return read.root
	}
	for _, s := range spelledQualities {
		if s.quality == q {
			return read.root + s.symbol
		}
	}
	return read.root + " " + q
}

// readAsForm reads answers written "X=Y": a symbol and the symbol it is read as, in any order;
// "→", "->", ":" and " as " are read as "=", ♯ and ♭ as # and b, and letter case is kept.
var readAsForm = learn.Form{Says: "each symbol with the shorter symbol the skill reads, written X=Y, separated by spaces, in any order",
	Rule:     `pairs in any order, split at spaces, commas or semicolons, "and" and a full stop after a pair skipped; "→", "->", ":" and " as " are "=", spaces around it aside; ♯ ♭ for # b; letter case kept, so Cm=C and CM=C differ`,
	AnyOrder: true, Read: func(s string) []string {
		s = strings.NewReplacer("♯", "#", "♭", "b", "→", "=", "->", "=", ":", "=", " as ", "=").Replace(s)
		s = eqSpace().ReplaceAllString(s, "=")
		var items []string
		for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == ';' || r == '\n' || r == '\t' }) {
			if f = strings.TrimSuffix(f, "."); f != "" && f != "and" {
				items = append(items, f)
			}
		}
		return items
	}}

// eqSpace is "=" with the spaces around it.
var eqSpace = lazy.Regexp(`\s*=\s*`)

// shorterSymbolExercise is exercise 1: which of symbols the skill reads as a shorter symbol,
// the chord's first notes.
func shorterSymbolExercise(symbols []beyondSymbol) *learn.Exercise {
	return learn.Compute(readAsForm, func(_ context.Context, w io.Writer) (string, error) {
		l := &lesson{r: report.New(w)}
		l.r.Title("What the skill reads of each symbol, and the textbook's notes")
		var items []string
		for _, b := range symbols {
			want, err := b.chord.spell()
			if err != nil {
				return "", err
			}
			result, read := l.ask("What notes are in " + b.symbol + "?")
			l.r.Line("%s  %s", report.Pad(b.symbol, 9), show(read, result))
			l.r.Line("%s  the textbook: %s", report.Pad("", 9), want)
			textbook := strings.Fields(want)
			if read != nil && read.root == b.chord.root && len(read.notes) < len(textbook) && slices.Equal(read.notes, textbook[:len(read.notes)]) {
				items = append(items, b.symbol+"="+symbolOf(read))
			}
		}
		return strings.Join(items, " "), l.r.Err()
	}).WithHints(
		"The compact expression stops at the longest suffix it knows, provided a word boundary follows it.",
		"A #, a bracket or a slash is not a word character: look for a suffix the expression knows just before one of them.",
	)
}

// noteTokensExercise is exercise 2: the notes the skill's note expression reads in prompt.
func noteTokensExercise(prompt string) *learn.Exercise {
	return learn.Compute(learn.Notes(false), func(_ context.Context, w io.Writer) (string, error) {
		l := &lesson{r: report.New(w)}
		notes := skills.ChordInfoNotes(prompt)
		result, read := l.ask(prompt)
		l.r.Title("%s", kit.Quote(prompt))
		l.r.Line("the note expression reads  %s", strings.Join(notes, " "))
		l.r.Line("the skill answers          %s", show(read, result))
		return strings.Join(notes, " "), l.r.Err()
	}).WithHints(
		"The note token is a letter A to G and at most one # or b, with no letter right after it.",
		"Read the list token by token: what is left of a note with two accidentals, and which triad do the notes that are left make?",
	)
}

// firstMatch is what exercise 3's claims are decided on: what the skill reads in the message
// and in its rewording, and the symbol of each.
type firstMatch struct {
	read          *chordRead
	symbol, again string
}

// firstMatchExercise is exercise 3: what the skill reads in prompt, which asks about chord,
// and in reworded, the same question without prompt's first words.
func firstMatchExercise(prompt, reworded, chord string) *learn.Exercise {
	type claim = learn.Claim[firstMatch]
	first, _, _ := strings.Cut(prompt, " ")
	return learn.Choose(func(_ context.Context, w io.Writer) (firstMatch, error) {
		l := &lesson{r: report.New(w)}
		l.r.Title("What the skill reads")
		about := func(p string) (*chordRead, string) {
			result, read := l.ask(p)
			l.r.Line("%s  CanHandle %s", kit.Quote(p), kit.YesNo(skills.ChordInfoCanHandle(p)))
			l.r.Line("  %s", show(read, result))
			if read == nil {
				return nil, ""
			}
			return read, symbolOf(read)
		}
		var f firstMatch
		f.read, f.symbol = about(prompt)
		_, f.again = about(reworded)
		return f, l.r.Err()
	},
		claim{Text: fmt.Sprintf("the skill reads the message's first word, %q, as a chord", first),
			Holds: func(f firstMatch) bool { return f.symbol == first }},
		claim{Text: fmt.Sprintf("the skill answers about %s, the chord the message asks about", chord),
			Holds: func(f firstMatch) bool { return f.symbol == chord }},
		claim{Text: fmt.Sprintf("asked %q, the skill answers about %s", reworded, chord),
			Holds: func(f firstMatch) bool { return f.again == chord }},
		claim{Text: "the skill's answer holds the note F",
			Holds: func(f firstMatch) bool { return f.read != nil && slices.Contains(f.read.notes, "F") }},
		claim{Text: "the skill's keyword rule, CanHandle, accepts the message",
			Holds: func(firstMatch) bool { return skills.ChordInfoCanHandle(prompt) }},
	).WithHints(
		"The skill tries its expressions from the start of the message, and takes the first match.",
		"Is \"Am\" a root and a suffix the compact expression knows, followed by a word boundary?",
	)
}

// suffixForm reads suffixes in any order, letter case kept (M and m are other chords), quotes
// and backticks aside.
var suffixForm = learn.Form{Says: "the suffix as the table writes it, such as maj9 (several separated by spaces)", AnyOrder: true,
	Rule: "suffixes in any order, split at spaces, commas or |, \"and\" skipped; quotes, backticks and full stops around a suffix aside; letter case kept, so M7 and m7 differ",
	Read: func(s string) []string {
		var items []string
		for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '|' || r == '\n' }) {
			if f = strings.Trim(f, "`'\"."); f != "" && f != "and" {
				items = append(items, f)
			}
		}
		return items
	}}

// chordRoot is a symbol's root: its letter and an accidental.
var chordRoot = lazy.Regexp(`^[A-Ga-g][#b]?`)

// toolSuffixExercise is exercise 4: the suffixes the tool's expression lacks to read every
// symbol of table.
func toolSuffixExercise(table []string) *learn.Exercise {
	return learn.Compute(suffixForm, func(_ context.Context, w io.Writer) (string, error) {
		r := report.New(w)
		r.Title("ga_chord_info on the table's symbols it refuses")
		var missing []string
		for _, s := range table {
			res := skills.GetChordInfo(s)
			if res.Error == "" {
				continue
			}
			suffix := s[len(chordRoot().FindString(s)):]
			quality := skills.GetFormula(skills.NormalizeQuality(suffix)).Quality
			r.Line("%s: %s", s, kit.Quote(res.Error))
			r.Line("  the suffix %s, which the vocabulary reads as %s", kit.Quote(suffix), quality)
			if !slices.Contains(missing, suffix) {
				missing = append(missing, suffix)
			}
		}
		if len(missing) == 0 {
			return "", fmt.Errorf("the tool reads every symbol of the table")
		}
		return strings.Join(missing, " "), r.Err()
	}).WithHints(
		"Section 7 of the lesson names the symbol of the table that the tool refuses.",
		"The tool's expression lists its suffixes one by one; the vocabulary behind it knows more. What would the list need?",
	)
}
