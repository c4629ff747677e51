package l9

import (
	"context"
	"fmt"
	"io"
	"regexp"
	"strings"
	"unicode"

	"course/internal/report"
	"course/learn"
	"course/lessons/kit"
	"course/theory"
)

// Exercises is lesson 9's exercises, in the order docs/l9.md asks them, solved with
// the lesson's options.
func Exercises(*Options) learn.Lesson {
	return learn.NewLesson("l9",
		intervalExercise([]string{"What is the interval from G to C# ?", "What is the interval from G to C#?"}),
		sharpExercise("C", "F#"),
		keyOrderExercise(true),
		theoreticalKeyExercise(theory.Tonality{Tonic: theory.MustNote("B#")}),
	)
}

// quietLesson is the lesson's intents with its output thrown away, for an exercise's solve.
func quietLesson(keysFromSharps bool) (*lesson, error) {
	return newLesson(io.Discard, keysFromSharps)
}

// noteItem is a note name at the start of an answer's item.
var noteItem = regexp.MustCompile(`^[a-gA-G](#|b|♯|♭)*$`)

// intervalForm reads, for each question, the two notes and the interval's short name: note
// names with a capital letter and # or b, short names as the skill writes them (M3 is not m3).
var intervalForm = learn.Form{Says: "for each question in turn, the two notes the skill answers about and the interval's short name, such as C E M3, C Eb m3 (none for no interval)",
	Rule: `items in order, split at spaces and , ; : . ( ); a note's letter in either case, ♯ ♭ for # b; "to", "from", "and", "is", "a" and "then" are skipped; "none" in either case; the interval's name as the skill writes it, so M3 and m3 differ`,
	Read: func(s string) []string {
		var items []string
		for _, f := range strings.FieldsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || strings.ContainsRune(",;:.()", r) }) {
			switch strings.ToLower(f) {
			case "to", "from", "and", "is", "a", "then":
				continue
			}
			f = strings.NewReplacer("♯", "#", "♭", "b").Replace(f)
			if noteItem.MatchString(f) {
				f = strings.ToUpper(f[:1]) + f[1:]
			}
			if strings.EqualFold(f, "none") {
				f = "none"
			}
			items = append(items, f)
		}
		return items
	}}

// intervalReading is the interval skill's answer to q: the two notes it answers about and the
// interval's short name, or "none" when it names no interval.
func (l *lesson) intervalReading(q string) (string, string) {
	answer := l.ask(intervalIntent, q).Answer
	m := intervalAnswerRe().FindStringSubmatch(answer)
	if m == nil {
		return "none", answer
	}
	return m[1] + " " + m[2] + " " + m[4], answer
}

// printAnswers prints the interval skill's answers to questions, as the exercises quote them.
func printAnswers(w io.Writer, questions, answers []string) error {
	r := report.New(w)
	r.Title("The interval skill's answers")
	for i, q := range questions {
		r.Line("%s", q)
		r.Line("  | %s", answers[i])
	}
	return r.Err()
}

// intervalExercise is exercise 1: the interval skill's reading of each of questions.
func intervalExercise(questions []string) *learn.Exercise {
	return learn.Compute(intervalForm, func(_ context.Context, w io.Writer) (string, error) {
		l, err := quietLesson(false)
		if err != nil {
			return "", err
		}
		readings := make([]string, len(questions))
		answers := make([]string, len(questions))
		for i, q := range questions {
			readings[i], answers[i] = l.intervalReading(q)
		}
		return strings.Join(readings, ", "), printAnswers(w, questions, answers)
	}).WithHints(
		`The skill finds the notes with a regular expression whose last token is \b, a boundary between a word character and another character.`,
		"Neither # nor a space nor ? is a word character: where is the last boundary the second note can end on?",
	)
}

// sharpFollowers are what follows the second note in exercise 2's questions.
var sharpFollowers = []string{"m?", "?", " ?", "7?", " major?"}

// sharpExercise is exercise 2: whether the interval skill reads note, asked from from, with
// each of sharpFollowers after it, and as the first note. The claims are decided on the
// skill's answers, the i-th to the i-th question.
func sharpExercise(from, note string) *learn.Exercise {
	type claim = learn.Claim[[]string]
	var questions []string
	var claims []claim
	reads := func(answer string, first bool) bool {
		m := intervalAnswerRe().FindStringSubmatch(answer)
		return m != nil && (!first && m[2] == note || first && m[1] == note)
	}
	for _, f := range sharpFollowers {
		q := fmt.Sprintf("What is the interval from %s to %s%s", from, note, f)
		i := len(questions)
		questions = append(questions, q)
		claims = append(claims, claim{Text: fmt.Sprintf("the skill reads %s in %q", note, q),
			Holds: func(answers []string) bool { return reads(answers[i], false) }})
	}
	first := fmt.Sprintf("What is the interval from %s to %s?", note, from)
	i := len(questions)
	questions = append(questions, first)
	claims = append(claims, claim{Text: fmt.Sprintf("the skill reads %s as the first note in %q", note, first),
		Holds: func(answers []string) bool { return reads(answers[i], true) }})
	return learn.Choose(func(_ context.Context, w io.Writer) ([]string, error) {
		l, err := quietLesson(false)
		if err != nil {
			return nil, err
		}
		answers := make([]string, len(questions))
		for i, q := range questions {
			answers[i] = l.ask(intervalIntent, q).Answer
		}
		return answers, printAnswers(w, questions, answers)
	}, claims...).WithHints(
		`A note ends where \b finds a boundary: between a word character (a letter, a digit, _) and any other character.`,
		"After the sharp, is the next character a word character? If not, the engine gives the sharp up and ends the note at its letter.",
	)
}

// keyOrderExercise is exercise 3: the keys whose relative key the scale-info skill names right
// with its list of keys from seven sharps when fromSharps, else with GA's list, against GA's.
func keyOrderExercise(fromSharps bool) *learn.Exercise {
	form := learn.Numbers.Saying("two numbers: the keys right with the list from seven sharps, then how many of them are wrong with GA's list")
	return learn.Compute(form, func(_ context.Context, w io.Writer) (string, error) {
		ga, err := quietLesson(false)
		if err != nil {
			return "", err
		}
		other, err := quietLesson(fromSharps)
		if err != nil {
			return "", err
		}
		var rows [][]string
		right, newlyRight := 0, 0
		for _, k := range ga.keys {
			before, after := ga.keyRow(k), other.keyRow(k)
			okBefore, okAfter := before.scaleRel == before.textbook, after.scaleRel == after.textbook
			right += kit.Count(okAfter)
			newlyRight += kit.Count(okAfter && !okBefore)
			if okBefore != okAfter {
				rows = append(rows, []string{k.String(), before.scaleRel, after.scaleRel, before.textbook})
			}
		}
		label := "GA's list"
		if fromSharps {
			label = "from seven sharps"
		}
		r := report.New(w)
		r.Title("ScaleInfoSkill's relative key where the list's order changes it (course l9 --keys-from-sharps)")
		if len(rows) == 0 {
			r.Line("(no key's relative key changes)")
		} else {
			r.Table([]string{"key", "GA's list", label, "textbook"}, rows)
		}
		r.Blank()
		r.Facts(0,
			report.Fact{Label: "relative key right, " + label, Value: fmt.Sprintf("%d of %d", right, len(ga.keys))},
			report.Fact{Label: "of them wrong with GA's list", Value: fmt.Sprint(newlyRight)},
		)
		return fmt.Sprintf("%d, %d", right, newlyRight), r.Err()
	}).WithHints(
		"The skill names the first key of the other mode with the same sounds. Which keys have an enharmonic twin among the 30?",
		"Turning the list round moves which twin comes first; it does not add a key or take one away.",
	)
}

// keySkills is what exercise 4's claims are decided on: both key skills' answers about a key,
// and the relative-key skill's about the key of the same sounds on other letters.
type keySkills struct {
	notes                string
	signature, twinCount []string
}

// twinKey is k on other letters, the same sounds: the natural or sharp name of its tonic's
// pitch class, or the flat one when that is k's own.
func twinKey(k theory.Tonality) theory.Tonality {
	pc := k.Tonic.PitchClass()
	name := theory.SharpName(pc)
	if name == k.Tonic.String() {
		name = theory.FlatName(pc)
	}
	return theory.Tonality{Tonic: theory.MustNote(name), Minor: k.Minor}
}

// theoreticalKeyExercise is exercise 4: the textbook's signature of k, and what each key skill
// makes of it.
func theoreticalKeyExercise(k theory.Tonality) *learn.Exercise {
	type claim = learn.Claim[keySkills]
	doubles := false
	for _, n := range k.Notes() {
		doubles = doubles || n.Acc > 1
	}
	twin := twinKey(k)
	return learn.Choose(func(_ context.Context, w io.Writer) (keySkills, error) {
		l, err := quietLesson(false)
		if err != nil {
			return keySkills{}, err
		}
		notesQ := fmt.Sprintf("What notes are in %s?", k)
		sigQ := fmt.Sprintf("How many sharps in %s?", k)
		twinQ := fmt.Sprintf("How many sharps in %s?", twin)
		notesA, sigA := l.ask(scaleInfoIntent, notesQ).Answer, l.ask(relativeKeyIntent, sigQ).Answer
		twinA := l.ask(relativeKeyIntent, twinQ).Answer
		r := report.New(w)
		r.Title("%s in the textbook and in both key skills", k)
		r.Facts(0,
			report.Fact{Label: "textbook notes", Value: noteList(k.Notes())},
			report.Fact{Label: "textbook signature", Value: theory.SignatureName(k.Signature())},
		)
		r.Line("%s", notesQ)
		r.Line("  | %s", notesA)
		r.Line("%s", sigQ)
		r.Line("  | %s", sigA)
		r.Line("%s", twinQ)
		r.Line("  | %s", twinA)
		return keySkills{notes: notesA, signature: signatureAnswerRe().FindStringSubmatch(sigA),
			twinCount: signatureAnswerRe().FindStringSubmatch(twinA)}, r.Err()
	},
		claim{Text: fmt.Sprintf("the relative-key skill gives %s the count it gives %s, the same sounds", k, twin),
			Holds: func(f keySkills) bool {
				return f.signature != nil && f.twinCount != nil && f.signature[1] == f.twinCount[1]
			}},
		claim{Text: fmt.Sprintf("the textbook spells some notes of %s with double sharps", k),
			Holds: func(keySkills) bool { return doubles }},
		claim{Text: fmt.Sprintf("the scale-info skill lists the notes of %s", k),
			Holds: func(f keySkills) bool { return scaleAnswerRe().MatchString(f.notes) }},
		claim{Text: fmt.Sprintf("the relative-key skill counts the sharps of %s", k),
			Holds: func(f keySkills) bool { return f.signature != nil }},
		claim{Text: fmt.Sprintf("the relative-key skill answers that %s has no sharps or flats", k),
			Holds: func(f keySkills) bool { return f.signature != nil && f.signature[1] == theory.SignatureName(0) }},
	).WithHints(
		"Spell the scale one note per letter, each at the step the major scale asks for, and count the accidentals.",
		"The scale-info skill knows GA's thirty keys only; the relative-key skill first looks the tonic up in a table of seventeen names.",
	)
}
