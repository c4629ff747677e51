package l26

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"course/fixtures"
	"course/ga/config"
	"course/ga/skills"
	"course/internal/report"
	"course/learn"
	"course/theory"
)

// Exercises is lesson 26's exercises, in the order docs/l26.md asks them, solved with
// the lesson's options.
func Exercises(*Options) learn.Lesson {
	return learn.NewLesson("l26",
		modeOnDegreeExercise(fixtures.Modes, "Major Pentatonic", 3),
		aliasExercise(fixtures.Modes, "What is Minor Pentatonic?"),
		formulaExercise("C Eb F F# G Bb"),
		quotingExercise(fixtures.Modes, "'Lydian #2'", "Lydian #2 #6"),
	)
}

// exerciseLesson is the lesson over yaml, printing to out, for an exercise's solve.
func exerciseLesson(out io.Writer, yaml []byte) (*lesson, error) {
	return newLesson(out, yaml)
}

// family finds the family the skill answers from whose label is label.
func (l *lesson) family(label string) (config.ModalFamily, error) {
	for _, f := range l.families {
		if familyLabel(f) == label {
			return f, nil
		}
	}
	return config.ModalFamily{}, fmt.Errorf("the skill answers from no family %q", label)
}

// modeOnDegreeExercise is exercise 1: the notes, on C, that mode k of the family would need to
// be its first mode played from degree k.
func modeOnDegreeExercise(yaml []byte, label string, k int) *learn.Exercise {
	return learn.Compute(learn.Notes(true).Saying("the notes of that mode on C, in order, such as C D E G A (C# or Db alike)"), func(_ context.Context, w io.Writer) (string, error) {
		l, err := exerciseLesson(w, yaml)
		if err != nil {
			return "", err
		}
		f, err := l.family(label)
		if err != nil {
			return "", err
		}
		if k < 1 || k > len(f.Modes) {
			return "", fmt.Errorf("%s has no mode %d", label, k)
		}
		_, first, err := modeNotes(f.Modes[0])
		if err != nil {
			return "", err
		}
		l.r.Title("%s's modes as the catalogue lists them, and the degree of mode 1 each is played from", label)
		var rows [][]string
		for i, m := range f.Modes {
			_, pcs, err := modeNotes(m)
			if err != nil {
				return "", err
			}
			from := "no degree"
			if d := theory.DegreeOf(first, pcs); d > 0 {
				from = "degree " + strconv.Itoa(d)
			}
			rows = append(rows, []string{strconv.Itoa(i + 1), m.Name, m.Notes, from, theory.FlatNames(theory.Rotation(first, i+1))})
		}
		l.r.Table([]string{"mode", "name", "notes", "mode 1 from", "mode 1 from this degree, on C"}, rows)
		return theory.FlatNames(theory.Rotation(first, k)), nil
	}).WithHints(
		"Play the family's first mode starting from its k-th note, then move it down so that it starts on C.",
		"Count the semitones from the new first note to each of the others; write each as a note above C.",
	)
}

// aliasDigits is the length in an alias answer.
var aliasDigits = regexp.MustCompile(`\d+`)

// aliasForm reads "minor pentatonic, 16": the alias, lower case, and its length.
var aliasForm = learn.Form{
	Says: `the alias, then its length in characters, such as "dorian, 6"`,
	Rule: `the first number is the length, "characters" or "long" after it skipped; in the alias, letter case, runs of spaces and , ; : " ' ( ) and backticks do not matter; every other character does`,
	Read: func(s string) []string {
		s = strings.ToLower(s)
		n := aliasDigits.FindString(s)
		alias := aliasDigits.ReplaceAllString(s, " ")
		alias = strings.Join(strings.Fields(strings.Map(func(r rune) rune {
			if strings.ContainsRune(`,;:"'()`+"`", r) {
				return ' '
			}
			return r
		}, alias)), " ")
		alias = strings.TrimSuffix(strings.TrimSuffix(alias, " characters"), " long")
		return []string{alias, n}
	},
}

// aliasExercise is exercise 2: the alias of the mode the skill answers prompt with that the
// prompt contains, first in the skill's lookup order.
func aliasExercise(yaml []byte, prompt string) *learn.Exercise {
	return learn.Compute(aliasForm, func(_ context.Context, w io.Writer) (string, error) {
		l, err := exerciseLesson(w, yaml)
		if err != nil {
			return "", err
		}
		answered := modeAnswered(l.firstLine(prompt))
		lower := strings.ToLower(prompt)
		l.r.Title("ModesSkill's lookup list: the aliases %q contains, in the list's order", prompt)
		var rows [][]string
		found := ""
		for i, m := range l.skill.LookupOrder() {
			if strings.TrimSpace(m.Alias) == "" || !strings.Contains(lower, m.Alias) {
				continue
			}
			mode := fmt.Sprintf("%s (%s %d)", m.Mode.Name, familyLabel(m.Family), m.Place)
			if found == "" && mode == answered {
				found = m.Alias
			}
			rows = append(rows, []string{strconv.Itoa(i + 1), m.Alias, strconv.Itoa(utf8.RuneCountInString(m.Alias)), mode})
		}
		l.r.Table([]string{"place", "alias", "length", "mode"}, rows)
		l.r.Line("the answer is about: %s", answered)
		if found == "" {
			return "", fmt.Errorf("no alias in %q names the mode the skill answers with, %s", prompt, answered)
		}
		return fmt.Sprintf("%s, %d", found, utf8.RuneCountInString(found)), nil
	}).WithHints(
		"The skill makes a list of aliases, one per name and alternate name of every mode, and takes the first the question contains.",
		"The list is sorted longest alias first, and the sort keeps the file's order among aliases of one length.",
	)
}

// formulaForm reads a formula: degrees in order, ♯ and ♭ as # and b.
var formulaForm = learn.Form{
	Says: "the degrees in order, such as 1 b3 4 5 b7",
	Rule: "degrees in order, split at spaces, commas or backticks; ♯ ♭ for # b; every other character counts, so b3 and 3b differ",
	Read: func(s string) []string {
		s = strings.NewReplacer("♯", "#", "♭", "b", "`", " ").Replace(s)
		return strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' || r == '\n' })
	},
}

// formulaExercise is exercise 3: the formula the skill computes for notes.
func formulaExercise(notes string) *learn.Exercise {
	return learn.Compute(formulaForm, func(_ context.Context, w io.Writer) (string, error) {
		parsed, err := theory.ParseNotes(notes)
		if err != nil {
			return "", err
		}
		skill := skills.ComputeFormulaFromNotes(notes)
		if skill == "" {
			return "", fmt.Errorf("the skill computes no formula for %q", notes)
		}
		r := report.New(w)
		major := theory.MustNote("C")
		r.Title("%s: each note against C major's note at its place", notes)
		skillParts := strings.Fields(skill)
		var rows [][]string
		for i, n := range parsed {
			ref := major.Up(theory.Degree{Number: i%7 + 1})
			rows = append(rows, []string{strconv.Itoa(i + 1), n.String(), ref.String(), skillParts[i]})
		}
		r.Table([]string{"place", "note", "C major's note", "the skill's degree"}, rows)
		r.Facts(0,
			report.Fact{Label: "the skill's formula", Value: skill},
			report.Fact{Label: "a textbook's", Value: theory.TextbookFormula(parsed)},
			report.Fact{Label: "read from the letters", Value: theory.LetterFormula(parsed)},
		)
		return skill, r.Err()
	}).WithHints(
		"The skill never looks at a note's letter: the i-th note is degree i, whatever it is.",
		"Measure the i-th note against the i-th note of C major, in semitones, and write the difference as flats or sharps.",
	)
}

// namesRead pairs the mode names yaml writes with the names the YAML reader keeps, in the
// file's order.
func namesRead(yaml []byte) (written, read []string, err error) {
	written, err = config.ModeNamesAsWritten(yaml)
	if err != nil {
		return nil, nil, err
	}
	all, err := config.ReadModes(yaml)
	if err != nil {
		return nil, nil, err
	}
	for _, f := range all {
		for _, m := range f.Modes {
			read = append(read, m.Name)
		}
	}
	if len(written) != len(read) {
		return nil, nil, fmt.Errorf("the file writes %d mode names, the reader reads %d", len(written), len(read))
	}
	return written, read, nil
}

// readAs is the name the reader keeps for the mode whose name line writes name.
func readAs(written, read []string, name string) (string, bool) {
	i := slices.Index(written, name)
	if i < 0 {
		return "", false
	}
	return read[i], true
}

// nameLine is a mode's name line in Modes.yaml.
var nameLine = regexp.MustCompile(`(?m)^(      - Name: )([^'"\n].*)$`)

// quoteHashes quotes every mode name yaml writes unquoted with " #" in it.
func quoteHashes(yaml []byte) []byte {
	return nameLine.ReplaceAllFunc(yaml, func(line []byte) []byte {
		m := nameLine.FindSubmatch(line)
		if !bytes.Contains(m[2], []byte(" #")) {
			return line
		}
		return []byte(string(m[1]) + "'" + strings.ReplaceAll(string(m[2]), "'", "''") + "'")
	})
}

// quoting is what exercise 4's claims are decided on: what the reader keeps of the two name
// lines, which mode "What is <name>?" is answered with and which mode the plain line writes,
// and how many names are read otherwise than written once every name with " #" is quoted.
type quoting struct {
	quotedRead, plainRead string
	answered, plainMode   string
	differQuoted          int
}

// differ counts the names read otherwise than written.
func differ(written, read []string) int {
	n := 0
	for i := range written {
		if written[i] != read[i] {
			n++
		}
	}
	return n
}

// quotingExercise is exercise 4: what the YAML reader makes of two name lines of yaml, quoted
// and plain as the file writes them, and what quoting the names does.
func quotingExercise(yaml []byte, quoted, plain string) *learn.Exercise {
	type claim = learn.Claim[quoting]
	// The names as the file means them, without the quotes a line may have.
	bare, plainBare := strings.Trim(quoted, "'"), strings.Trim(plain, "'")
	plainFirst, _, _ := strings.Cut(plainBare, " #")
	return learn.Choose(func(_ context.Context, w io.Writer) (quoting, error) {
		written, read, err := namesRead(yaml)
		if err != nil {
			return quoting{}, err
		}
		var f quoting
		var ok1, ok2 bool
		f.quotedRead, ok1 = readAs(written, read, bare)
		f.plainRead, ok2 = readAs(written, read, plainBare)
		if !ok1 || !ok2 {
			return quoting{}, fmt.Errorf("the file writes no mode named %q or %q", bare, plainBare)
		}
		l, err := exerciseLesson(w, yaml)
		if err != nil {
			return quoting{}, err
		}
		f.answered = modeAnswered(l.firstLine("What is " + plainFirst + "?"))
		// The mode the plain line writes, found by its place in the file.
		place := 0
		for _, fam := range l.all {
			for k, m := range fam.Modes {
				if written[place] == plainBare {
					f.plainMode = fmt.Sprintf("%s (%s %d)", m.Name, familyLabel(fam), k+1)
				}
				place++
			}
		}
		qWritten, qRead, err := namesRead(quoteHashes(yaml))
		if err != nil {
			return quoting{}, err
		}
		f.differQuoted = differ(qWritten, qRead)
		l.r.Title("The two name lines, and what the reader keeps")
		l.r.Table([]string{"written", "read"}, [][]string{{quoted, f.quotedRead}, {plain, f.plainRead}})
		l.r.Line("%q is answered with: %s", "What is "+plainFirst+"?", f.answered)
		l.r.Line(`names read otherwise than written: %d as the file is, %d with every name with " #" quoted`, differ(written, read), f.differQuoted)
		return f, l.r.Err()
	},
		claim{Text: fmt.Sprintf("the reader reads `Name: %s` as %s", quoted, bare),
			Holds: func(f quoting) bool { return f.quotedRead == bare }},
		claim{Text: fmt.Sprintf("the reader reads `Name: %s` as %s", plain, plainBare),
			Holds: func(f quoting) bool { return f.plainRead == plainBare }},
		claim{Text: fmt.Sprintf("the reader reads `Name: %s` as %s", plain, plainFirst),
			Holds: func(f quoting) bool { return f.plainRead == plainFirst }},
		claim{Text: fmt.Sprintf(`"What is %s?" is answered with the mode written %s`, plainFirst, plainBare),
			Holds: func(f quoting) bool { return f.plainMode != "" && f.answered == f.plainMode }},
		claim{Text: `quoting every name written with " #" in it makes the reader read every mode name as written`,
			Holds: func(f quoting) bool { return f.differQuoted == 0 }},
	).WithHints(
		"In YAML a # that follows a space starts a comment, unless it is inside quotes.",
		"Section 4 of the lesson lists every name read otherwise than written; quote those and look again.",
	)
}
