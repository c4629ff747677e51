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

// intervalExercise is exercise 1: the interval skill's reading of each of questions.
func intervalExercise(questions []string) *learn.Exercise {
	return &learn.Exercise{Kind: learn.Value, Form: intervalForm,
		Hints: []string{
			`The skill finds the notes with a regular expression whose last token is \b, a boundary between a word character and another character.`,
			"Neither # nor a space nor ? is a word character: where is the last boundary the second note can end on?",
		},
		Solve: func(context.Context) (learn.Answer, error) {
			l, err := quietLesson(false)
			if err != nil {
				return learn.Answer{}, err
			}
			readings := make([]string, len(questions))
			answers := make([]string, len(questions))
			for i, q := range questions {
				readings[i], answers[i] = l.intervalReading(q)
			}
			return learn.Answer{Value: strings.Join(readings, ", "), Evidence: func(r *report.Report) error {
				r.Title("The interval skill's answers")
				for i, q := range questions {
					r.Line("%s", q)
					r.Line("  | %s", answers[i])
				}
				return r.Err()
			}}, nil
		}}
}

// sharpFollowers are what follows the second note in exercise 2's questions.
var sharpFollowers = []string{"m?", "?", " ?", "7?", " major?"}

// sharpExercise is exercise 2: whether the interval skill reads note, asked from from, with
// each of sharpFollowers after it, and as the first note.
func sharpExercise(from, note string) *learn.Exercise {
	var questions []string
	var options []string
	for _, f := range sharpFollowers {
		q := fmt.Sprintf("What is the interval from %s to %s%s", from, note, f)
		questions = append(questions, q)
		options = append(options, fmt.Sprintf("the skill reads %s in %q", note, q))
	}
	first := fmt.Sprintf("What is the interval from %s to %s?", note, from)
	questions = append(questions, first)
	options = append(options, fmt.Sprintf("the skill reads %s as the first note in %q", note, first))
	return &learn.Exercise{Kind: learn.Choice, Options: options,
		Hints: []string{
			`A note ends where \b finds a boundary: between a word character (a letter, a digit, _) and any other character.`,
			"After the sharp, is the next character a word character? If not, the engine gives the sharp up and ends the note at its letter.",
		},
		Solve: func(context.Context) (learn.Answer, error) {
			l, err := quietLesson(false)
			if err != nil {
				return learn.Answer{}, err
			}
			holds := make([]bool, len(questions))
			answers := make([]string, len(questions))
			for i, q := range questions {
				answers[i] = l.ask(intervalIntent, q).Answer
				m := intervalAnswerRe().FindStringSubmatch(answers[i])
				last := i == len(questions)-1
				holds[i] = m != nil && (!last && m[2] == note || last && m[1] == note)
			}
			return learn.Answer{Holds: holds, Evidence: func(r *report.Report) error {
				r.Title("The interval skill's answers")
				for i, q := range questions {
					r.Line("%s", q)
					r.Line("  | %s", answers[i])
				}
				return r.Err()
			}}, nil
		}}
}

// keyOrderExercise is exercise 3: the keys whose relative key the scale-info skill names right
// with its list of keys from seven sharps when fromSharps, else with GA's list, against GA's.
func keyOrderExercise(fromSharps bool) *learn.Exercise {
	return &learn.Exercise{Kind: learn.Value,
		Form: learn.Form{Says: "two numbers: the keys right with the list from seven sharps, then how many of them are wrong with GA's list", Read: learn.Numbers.Read},
		Hints: []string{
			"The skill names the first key of the other mode with the same sounds. Which keys have an enharmonic twin among the 30?",
			"Turning the list round moves which twin comes first; it does not add a key or take one away.",
		},
		Solve: func(context.Context) (learn.Answer, error) {
			ga, err := quietLesson(false)
			if err != nil {
				return learn.Answer{}, err
			}
			other, err := quietLesson(fromSharps)
			if err != nil {
				return learn.Answer{}, err
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
			return learn.Answer{Value: fmt.Sprintf("%d, %d", right, newlyRight), Evidence: func(r *report.Report) error {
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
				return r.Err()
			}}, nil
		}}
}

// theoreticalKeyExercise is exercise 4: the textbook's signature of k, and what each key skill
// makes of it.
func theoreticalKeyExercise(k theory.Tonality) *learn.Exercise {
	return &learn.Exercise{Kind: learn.Choice,
		Options: []string{
			fmt.Sprintf("the textbook gives %s more than seven sharps", k),
			fmt.Sprintf("the textbook spells some notes of %s with double sharps", k),
			fmt.Sprintf("the scale-info skill lists the notes of %s", k),
			fmt.Sprintf("the relative-key skill counts the sharps of %s", k),
			fmt.Sprintf("the relative-key skill answers that %s has no sharps or flats", k),
		},
		Hints: []string{
			"Spell the scale one note per letter, each at the step the major scale asks for, and count the accidentals.",
			"The scale-info skill knows GA's thirty keys only; the relative-key skill first looks the tonic up in a table of seventeen names.",
		},
		Solve: func(context.Context) (learn.Answer, error) {
			l, err := quietLesson(false)
			if err != nil {
				return learn.Answer{}, err
			}
			notesQ := fmt.Sprintf("What notes are in %s?", k)
			sigQ := fmt.Sprintf("How many sharps in %s?", k)
			notesA, sigA := l.ask(scaleInfoIntent, notesQ).Answer, l.ask(relativeKeyIntent, sigQ).Answer
			doubles := false
			for _, n := range k.Notes() {
				doubles = doubles || n.Acc > 1
			}
			sig := signatureAnswerRe().FindStringSubmatch(sigA)
			return learn.Answer{
				Holds: []bool{k.Signature() > 7, doubles, scaleAnswerRe().MatchString(notesA), sig != nil, sig != nil && sig[1] == theory.SignatureName(0)},
				Evidence: func(r *report.Report) error {
					r.Title("%s in the textbook and in both key skills", k)
					r.Facts(0,
						report.Fact{Label: "textbook notes", Value: noteList(k.Notes())},
						report.Fact{Label: "textbook signature", Value: theory.SignatureName(k.Signature())},
					)
					r.Line("%s", notesQ)
					r.Line("  | %s", notesA)
					r.Line("%s", sigQ)
					r.Line("  | %s", sigA)
					return r.Err()
				}}, nil
		}}
}
