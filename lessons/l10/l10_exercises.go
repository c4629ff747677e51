package l10

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"course/ga/skills"
	"course/internal/report"
	"course/learn"
	"course/lessons/kit"
	"course/theory"
)

// Exercises is lesson 10's exercises, in the order docs/l10.md asks them, solved with
// the lesson's options.
func Exercises(*Options) learn.Lesson {
	key := func(name string, minor bool) theory.Tonality {
		return theory.Tonality{Tonic: theory.MustNote(name), Minor: minor}
	}
	return learn.NewLesson("l10",
		sameNotesExercise(key("F", false), key("D", true)),
		unisonExercise(theory.MustNote("Cb")),
		sameLineExercise(key("Db", false), key("Bb", true)),
		passBackExercise("B°", "Bdim"),
	)
}

// quietLesson is the lesson's DSL and SKILL.md texts with its output thrown away, for an
// exercise's solve.
func quietLesson() (*lesson, error) { return newLesson(io.Discard) }

// roots are the root names of chord symbols, "Bb" of "Bbdim".
func roots(chords []string) []string {
	out := make([]string, len(chords))
	for i, c := range chords {
		out[i] = kit.NoteRoot().FindString(c)
	}
	return out
}

// sameNotesExercise is exercise 1: domain.diatonicChords on major and minor, two keys of the
// same notes when they are relative keys. The claims are decided on the closure's chords for
// each key, major's first.
func sameNotesExercise(major, minor theory.Tonality) *learn.Exercise {
	type claim = learn.Claim[[2][]string]
	pitches := func(chords []string) []int {
		var pcs []int
		for _, c := range chords {
			pcs = append(pcs, kit.RootPitchClass(c))
		}
		return pcs
	}
	return learn.Choose(func(_ context.Context, w io.Writer) ([2][]string, error) {
		l, err := quietLesson()
		if err != nil {
			return [2][]string{}, err
		}
		r := report.New(w)
		r.Title(`ga_dsl_eval "domain.diatonicChords" on %s and %s`, major, minor)
		for _, k := range []theory.Tonality{major, minor} {
			r.Line("%-9s  GA       %s", k, strings.Join(l.diatonicChords(k), " "))
			r.Line("%-9s  textbook %s", "", strings.Join(k.Triads(), " "))
		}
		return [2][]string{l.diatonicChords(major), l.diatonicChords(minor)}, r.Err()
	},
		claim{Text: fmt.Sprintf("domain.diatonicChords writes %s's chords as the textbook does", major),
			Holds: func(ga [2][]string) bool { return slices.Equal(ga[0], major.Triads()) }},
		claim{Text: fmt.Sprintf("domain.diatonicChords writes %s's chords as the textbook does", minor),
			Holds: func(ga [2][]string) bool { return slices.Equal(ga[1], minor.Triads()) }},
		claim{Text: fmt.Sprintf("the closure's chords for %s and for %s have roots on the same seven pitches", major, minor),
			Holds: func(ga [2][]string) bool { return kit.SameSet(pitches(ga[0]), pitches(ga[1])) }},
		claim{Text: fmt.Sprintf("the closure names the roots of %s's chords and of %s's alike", major, minor),
			Holds: func(ga [2][]string) bool { return kit.SameSet(roots(ga[0]), roots(ga[1])) }},
		claim{Text: fmt.Sprintf("the closure writes a root of %s with a sharp where the textbook writes a flat", minor),
			Holds: func(ga [2][]string) bool {
				textbook := roots(minor.Triads())
				for i, r := range roots(ga[1]) {
					if i < len(textbook) && strings.Contains(r, "#") && strings.Contains(textbook[i], "b") {
						return true
					}
				}
				return false
			}},
	).WithHints(
		"The closure spells every note from one of two fixed lists of twelve names. What chooses the list: the key's notes, or the root you ask about?",
		"Ask yourself which list a natural root other than F gets.",
	)
}

// twin is n's other name among the 21 note names: the same pitch on another letter, or n.
func twin(n theory.Note) theory.Note {
	for _, o := range theory.SpelledNoteNames() {
		if o.PitchClass() == n.PitchClass() && o.Letter != n.Letter {
			return o
		}
	}
	return n
}

// unison is what exercise 2's claims are decided on: domain.transposeChord's answers for a
// note by 0 and by 12 semitones, and for its twin by 0.
type unison struct{ zero, octave, twinZero string }

// unisonExercise is exercise 2: domain.transposeChord on n by 0 semitones.
func unisonExercise(n theory.Note) *learn.Exercise {
	type claim = learn.Claim[unison]
	other := twin(n)
	return learn.Choose(func(_ context.Context, w io.Writer) (unison, error) {
		l, err := quietLesson()
		if err != nil {
			return unison{}, err
		}
		u := unison{l.transposed(n.String(), 0), l.transposed(n.String(), 12), l.transposed(other.String(), 0)}
		r := report.New(w)
		r.Title(`ga_dsl_eval "domain.transposeChord"`)
		r.Table([]string{"symbol", "semitones", "GA"}, [][]string{
			{n.String(), "0", u.zero}, {n.String(), "12", u.octave}, {other.String(), "0", u.twinZero},
		})
		return u, r.Err()
	},
		claim{Text: fmt.Sprintf("the closure gives %s back as it was, moved by 0 semitones", n),
			Holds: func(u unison) bool { return u.zero == n.String() }},
		claim{Text: fmt.Sprintf("its answer for %s by 0 semitones is the same pitch as %s", n, n),
			Holds: func(u unison) bool { return kit.RootPitchClass(u.zero) == n.PitchClass() }},
		claim{Text: fmt.Sprintf("its answer for %s by 0 semitones is on the letter %s", n, n.String()[:1]),
			Holds: func(u unison) bool { return strings.HasPrefix(u.zero, n.String()[:1]) }},
		claim{Text: fmt.Sprintf("it answers %s by 12 semitones as it answers %s by 0", n, n),
			Holds: func(u unison) bool { return u.octave == u.zero }},
		claim{Text: fmt.Sprintf("it answers %s by 0 semitones as it answers %s by 0", n, other),
			Holds: func(u unison) bool { return u.twinZero == u.zero }},
	).WithHints(
		"The closure does not move a letter: it turns the root into a pitch class, adds the semitones, and writes the result again.",
		"Which list writes the result, and what does that list call the pitch class you started on?",
	)
}

// sameLine reports whether two keys' lines of the common-tones table read alike: the same
// misspelled pairs, the same notes written otherwise, the same pairs of a wrong pitch.
func sameLine(x, y keyCommonTones) bool {
	return x.misspelled == y.misspelled && slices.Equal(x.spellings, y.spellings) && len(x.wrong) == len(y.wrong)
}

// sameLineExercise is exercise 3: the common-tones table's lines of keys a and b, and of a's
// enharmonic twin, on which the claims are decided, in that order.
func sameLineExercise(a, b theory.Tonality) *learn.Exercise {
	type claim = learn.Claim[[3]keyCommonTones]
	enharmonic := theory.Tonality{Tonic: twin(a.Tonic), Minor: a.Minor}
	return learn.Choose(func(_ context.Context, w io.Writer) ([3]keyCommonTones, error) {
		l, err := quietLesson()
		if err != nil {
			return [3]keyCommonTones{}, err
		}
		c := [3]keyCommonTones{l.keyCommonTones(a), l.keyCommonTones(b), l.keyCommonTones(enharmonic)}
		r := report.New(w)
		r.Title(`ga_dsl_eval "domain.commonTones" on every pair of triads of %s, %s and %s`, a, b, enharmonic)
		rows := [][]string{}
		for i, k := range []theory.Tonality{a, b, enharmonic} {
			rows = append(rows, []string{k.String(), strings.Join(k.Triads(), " "),
				fmt.Sprintf("%d of %d", c[i].misspelled, c[i].pairs), strings.Join(c[i].spellings, ", "), fmt.Sprint(len(c[i].wrong))})
		}
		r.Table([]string{"key", "triads", "misspelled pairs", "the key's note as GA writes it", "wrong pitch"}, rows)
		return c, r.Err()
	},
		claim{Text: fmt.Sprintf("%s, on the same keys of the piano as %s, gets the same line as %s", enharmonic, a, a),
			Holds: func(c [3]keyCommonTones) bool { return sameLine(c[0], c[2]) }},
		claim{Text: fmt.Sprintf("domain.commonTones gives %s's pairs and %s's the same misspellings", a, b),
			Holds: func(c [3]keyCommonTones) bool {
				return c[0].misspelled == c[1].misspelled && slices.Equal(c[0].spellings, c[1].spellings)
			}},
		claim{Text: fmt.Sprintf("each of %s and %s has exactly one note the closure writes otherwise than the key spells it", a, b),
			Holds: func(c [3]keyCommonTones) bool { return len(c[0].spellings) == 1 && len(c[1].spellings) == 1 }},
		claim{Text: fmt.Sprintf("the closure gets a shared note's pitch wrong in %s or in %s", a, b),
			Holds: func(c [3]keyCommonTones) bool { return len(c[0].wrong)+len(c[1].wrong) > 0 }},
	).WithHints(
		"domain.commonTones is given two chords and nothing else: it cannot know which key you had in mind.",
		"Its list writes Db, Eb, Ab and Bb flat and every other black key sharp. Which note of the two keys is not written as the list writes it?",
	)
}

// passBack is what exercise 4's claims are decided on: domain.transposeChord on a chord as
// written and as returned, and C major's chords, the closure's own and the SKILL.md's, given
// back to it by 0 semitones.
type passBack struct {
	up, upReturned  string
	ownRows, mdRows [][]string
}

// sameBack says whether every chord of rows, a chord and what came back, came back as it was.
func sameBack(rows [][]string) bool {
	return len(rows) > 0 && !slices.ContainsFunc(rows, func(r []string) bool { return r[0] != r[1] })
}

// passBackExercise is exercise 4: a chord as a SKILL.md writes it and as the closures write it,
// given back to domain.transposeChord.
func passBackExercise(written, returned string) *learn.Exercise {
	type claim = learn.Claim[passBack]
	return learn.Choose(func(_ context.Context, w io.Writer) (passBack, error) {
		l, err := quietLesson()
		if err != nil {
			return passBack{}, err
		}
		cMajor := theory.Tonality{Tonic: theory.MustNote("C")}
		roundTrip := func(chords []string) [][]string {
			var rows [][]string
			for _, c := range chords {
				rows = append(rows, []string{c, l.transposed(c, 0)})
			}
			return rows
		}
		f := passBack{up: l.transposed(written, 1), upReturned: l.transposed(returned, 1),
			ownRows: roundTrip(l.diatonicChords(cMajor)), mdRows: roundTrip(diatonicClaimChords(l, cMajor))}
		r := report.New(w)
		r.Title(`ga_dsl_eval "domain.transposeChord", up a semitone`)
		r.Table([]string{"symbol", "GA"}, [][]string{{written, f.up}, {returned, f.upReturned}})
		r.Title("C major's chords from domain.diatonicChords, by 0 semitones")
		r.Table([]string{"symbol", "GA"}, f.ownRows)
		r.Title("C major's chords as diatonic-chords' SKILL.md shows them, by 0 semitones")
		r.Table([]string{"symbol", "GA"}, f.mdRows)
		return f, r.Err()
	},
		claim{Text: fmt.Sprintf("domain.transposeChord reads %s as a diminished chord", written),
			Holds: func(f passBack) bool { return strings.HasSuffix(f.up, "dim") }},
		claim{Text: fmt.Sprintf("domain.transposeChord answers %s and %s up a semitone alike", written, returned),
			Holds: func(f passBack) bool { return f.up == f.upReturned }},
		claim{Text: "domain.transposeChord writes a diminished chord with °",
			Holds: func(f passBack) bool {
				return strings.Contains(f.up+f.upReturned, "°") || slices.ContainsFunc(f.ownRows, func(r []string) bool { return strings.Contains(r[1], "°") })
			}},
		claim{Text: "each chord domain.diatonicChords returns for C major comes back from transposeChord, by 0 semitones, as it was",
			Holds: func(f passBack) bool { return sameBack(f.ownRows) }},
		claim{Text: "each chord diatonic-chords' SKILL.md shows for C major comes back from transposeChord, by 0 semitones, as it was",
			Holds: func(f passBack) bool { return sameBack(f.mdRows) }},
	).WithHints(
		"A closure's parser and its renderer need not know the same symbols: one may read what the other never writes.",
		"Compare what goes in with what comes out, for the closure's own chords and for the SKILL.md's.",
	)
}

// diatonicClaimChords are the chords diatonic-chords' SKILL.md shows for key k, read from its
// JSON array; none when it shows none.
func diatonicClaimChords(l *lesson, k theory.Tonality) []string {
	for _, c := range skills.DiatonicClaims(l.md["diatonic-chords"]) {
		if c.Root == k.Tonic.String() && c.Scale == k.Mode() {
			var chords []string
			for _, f := range strings.Split(strings.Trim(c.Claim, "[]"), ",") {
				if f = strings.Trim(strings.TrimSpace(f), `"`); f != "" {
					chords = append(chords, f)
				}
			}
			return chords
		}
	}
	return nil
}
