package l17

import (
	"context"
	"fmt"
	"io"
	"strings"

	"course/ga/skills"
	"course/internal/report"
	"course/learn"
	"course/lessons/kit"
	"course/theory"
)

// Exercises is lesson 17's exercises, in the order docs/l17.md asks them, solved with
// the lesson's options.
func Exercises(opts *Options) learn.Lesson {
	tunings := skills.AlternateTunings{Revision: opts.Revision}
	return learn.NewLesson("l17",
		fallbackExercise(skills.Registered(), "If I capo on 2 and play an Em shape, what's the sounding sound"),
		sharpKeyExercise(skills.Capo{}, capoKey{key: "F#", other: "Gb", fret: 2}),
		stringMoveExercise(tunings, theory.Tuning{Name: "A A D G B E", Strings: strings.Fields("A1 A2 D3 G3 B3 E4")}),
	)
}

// intentForm is the form of exercise 1: a skill's intent, with or without "skill." before the
// skill's name, letter case aside.
var intentForm = learn.Form{Says: "the skill's intent as the lesson's first table writes it, such as skill.capo",
	Rule: `letter case, runs of spaces, a full stop at the end and "skill." before the name do not matter; every other character does`, Read: func(s string) []string {
		return []string{strings.TrimPrefix(learn.Text.Read(s)[0], "skill.")}
	}}

// fallbackExercise is exercise 1: the skill the keyword fallback picks for prompt, among the
// registered skills in their order.
func fallbackExercise(registered []skills.Skill, prompt string) *learn.Exercise {
	return learn.Compute(intentForm, func(_ context.Context, w io.Writer) (string, error) {
		r := report.New(w)
		r.Title("CanHandle of each skill in registration order, up to the first that accepts %s", kit.Quote(prompt))
		var rows [][]string
		for _, s := range registered {
			ok := s.CanHandle(prompt)
			rows = append(rows, []string{s.IntentID(), kit.YesNo(ok)})
			if ok {
				break
			}
		}
		r.Table([]string{"skill", "accepts"}, rows)
		return kit.FirstAccepting(registered, prompt), r.Err()
	}).WithHints(
		"Without embeddings the router asks each skill's CanHandle in registration order and takes the first that says yes.",
		"ChordInfo accepts a bare chord symbol only beside an intent word; look at what the skills after it in the list want.",
	)
}

// capoKey is a capo question's key, the same key spelled the other way, and the fret.
type capoKey struct {
	key, other string
	fret       int
}

// sharpKey is what exercise 2's claims are decided on: whether the skill gets each phrasing's
// shape right, and the key it reads in the first.
type sharpKey struct {
	right []bool
	read  string
}

// sharpKeyExercise is exercise 2: which phrasings of "what shape with capo fret in key" the
// capo skill reads right, and what it reads the key of the lesson's phrasing as.
func sharpKeyExercise(capo skills.Capo, k capoKey) *learn.Exercise {
	type claim = learn.Claim[sharpKey]
	pc, _ := theory.PitchClass(k.key)
	phrasings := []string{
		fmt.Sprintf("Capo on %d, song in %s, what shape", k.fret, k.key),
		fmt.Sprintf("song in %s, capo %d, what shape", k.key, k.fret),
		fmt.Sprintf("song in %s major, capo %d, what shape", k.key, k.fret),
		fmt.Sprintf("song in %s, capo %d, what shape", k.other, k.fret),
		fmt.Sprintf("Capo on %d, song in %s , what shape", k.fret, k.key),
	}
	claims := make([]claim, 0, len(phrasings)+1)
	for i, p := range phrasings {
		claims = append(claims, claim{Text: fmt.Sprintf("%s gets the shape for %s", kit.Quote(p), k.key),
			Holds: func(f sharpKey) bool { return f.right[i] }})
	}
	letter := strings.TrimRight(k.key, "#b♯♭")
	claims = append(claims, claim{Text: fmt.Sprintf("in %s the skill reads the key as %s", kit.Quote(phrasings[0]), letter),
		Holds: func(f sharpKey) bool {
			letterPC, _ := theory.PitchClass(letter)
			readPC, ok := theory.PitchClass(f.read)
			return ok && readPC == letterPC
		}})
	want := capoWant{"shape", theory.SharpName(pc - k.fret)}
	return learn.Choose(func(_ context.Context, w io.Writer) (sharpKey, error) {
		r := report.New(w)
		l := &lesson{capo: capo, majorKeys: theory.SignatureKeys(false), minorKeys: theory.SignatureKeys(true)}
		r.Title("The capo skill on %s with capo %d: the shape to play is %s", k.key, k.fret, want.chord)
		var rows [][]string
		var f sharpKey
		for i, p := range phrasings {
			reply := l.askCapo(p)
			v, err := l.verdict(reply, want)
			if err != nil {
				return sharpKey{}, err
			}
			f.right = append(f.right, v == "right" || v == "right, theoretical spelling")
			keyRead := "-"
			if reply.kind == "shape" {
				shape, _, err := chordParts(reply.chord)
				if err != nil {
					return sharpKey{}, err
				}
				keyRead = theory.SharpName(shape + k.fret)
			}
			if i == 0 {
				f.read = keyRead
			}
			rows = append(rows, []string{p, reply.show(), keyRead, v})
		}
		r.Table([]string{"prompt", "answer", "the key it read", "verdict"}, rows)
		return f, r.Err()
	}, claims...).WithHints(
		`The key group of the skill's expression must be followed by \b, a boundary between a word character and a non-word one.`,
		"# is not a word character, b is. When the boundary is missing after the accidental, the engine gives the accidental back.",
		"The shape the skill names, moved up by the capo's fret, is the key it read.",
	)
}

// semitonesSays is how exercise 3 asks for its two moves, read as learn.Signed reads them.
const semitonesSays = "two numbers of semitones, the skill's then the textbook's, such as +2 -10"

// stringMoveExercise is exercise 3: the move the tunings skill's table shows for the sixth
// string of tuning, asked by its notes, and the move a textbook gives from the pitches.
func stringMoveExercise(tunings skills.AlternateTunings, tuning theory.Tuning) *learn.Exercise {
	prompt := "what tuning is " + strings.Join(tuning.Notes(), " ")
	return learn.Compute(learn.Signed.Saying(semitonesSays), func(_ context.Context, w io.Writer) (string, error) {
		l := &lesson{tunings: tunings}
		skill, ok := l.askTunings(prompt).moveOf["6"]
		if !ok {
			return "", fmt.Errorf("the tunings skill's answer to %q has no row for string 6", prompt)
		}
		moves, err := tuning.MovesFrom(theory.StandardTuning)
		if err != nil {
			return "", err
		}
		textbook := moveNames(moves[:1])[0]
		r := report.New(w)
		r.Title("%s, string 6", kit.Quote(prompt))
		r.Facts(0,
			report.Fact{Label: "the skill's table", Value: skill},
			report.Fact{Label: "a textbook, " + theory.StandardTuning.Strings[0] + " to " + tuning.Strings[0], Value: textbook},
		)
		return strings.TrimSuffix(skill, "st") + " " + strings.TrimSuffix(textbook, "st"), r.Err()
	}).WithHints(
		"Ask the skill the question and read the row of string 6 in its table; the lesson's tuning table reads the same rows.",
		"The skill sees note names only, no octaves: it has to pick a way round the octave. A textbook knows which way the string went.",
	)
}
