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
// same notes when they are relative keys.
func sameNotesExercise(major, minor theory.Tonality) *learn.Exercise {
	return &learn.Exercise{Kind: learn.Choice,
		Options: []string{
			fmt.Sprintf("domain.diatonicChords writes %s's chords as the textbook does", major),
			fmt.Sprintf("domain.diatonicChords writes %s's chords as the textbook does", minor),
			fmt.Sprintf("the closure's chords for %s and for %s have roots on the same seven pitches", major, minor),
			fmt.Sprintf("the closure names the roots of %s's chords and of %s's alike", major, minor),
			fmt.Sprintf("the closure writes a root of %s with a sharp where the textbook writes a flat", minor),
		},
		Hints: []string{
			"The closure spells every note from one of two fixed lists of twelve names. What chooses the list: the key's notes, or the root you ask about?",
			"Ask yourself which list a natural root other than F gets.",
		},
		Solve: func(context.Context) (learn.Answer, error) {
			l, err := quietLesson()
			if err != nil {
				return learn.Answer{}, err
			}
			gaMajor, gaMinor := l.diatonicChords(major), l.diatonicChords(minor)
			var pcMajor, pcMinor []int
			for _, c := range gaMajor {
				pcMajor = append(pcMajor, kit.RootPitchClass(c))
			}
			for _, c := range gaMinor {
				pcMinor = append(pcMinor, kit.RootPitchClass(c))
			}
			sharpForFlat := false
			textbook := minor.Triads()
			for i, r := range roots(gaMinor) {
				sharpForFlat = sharpForFlat || i < len(textbook) && strings.Contains(r, "#") && strings.Contains(roots(textbook)[i], "b")
			}
			return learn.Answer{
				Holds: []bool{slices.Equal(gaMajor, major.Triads()), slices.Equal(gaMinor, textbook), kit.SameSet(pcMajor, pcMinor), kit.SameSet(roots(gaMajor), roots(gaMinor)), sharpForFlat},
				Evidence: func(r *report.Report) error {
					r.Title(`ga_dsl_eval "domain.diatonicChords" on %s and %s`, major, minor)
					for _, k := range []theory.Tonality{major, minor} {
						r.Line("%-9s  GA       %s", k, strings.Join(l.diatonicChords(k), " "))
						r.Line("%-9s  textbook %s", "", strings.Join(k.Triads(), " "))
					}
					return r.Err()
				}}, nil
		}}
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

// unisonExercise is exercise 2: domain.transposeChord on n by 0 semitones.
func unisonExercise(n theory.Note) *learn.Exercise {
	other := twin(n)
	return &learn.Exercise{Kind: learn.Choice,
		Options: []string{
			fmt.Sprintf("the closure gives %s back as it was, moved by 0 semitones", n),
			fmt.Sprintf("its answer for %s by 0 semitones is the same pitch as %s", n, n),
			fmt.Sprintf("its answer for %s by 0 semitones is on the letter %s", n, n.String()[:1]),
			fmt.Sprintf("it answers %s by 12 semitones as it answers %s by 0", n, n),
			fmt.Sprintf("it answers %s by 0 semitones as it answers %s by 0", n, other),
		},
		Hints: []string{
			"The closure does not move a letter: it turns the root into a pitch class, adds the semitones, and writes the result again.",
			"Which list writes the result, and what does that list call the pitch class you started on?",
		},
		Solve: func(context.Context) (learn.Answer, error) {
			l, err := quietLesson()
			if err != nil {
				return learn.Answer{}, err
			}
			zero, octave, twinZero := l.transposed(n.String(), 0), l.transposed(n.String(), 12), l.transposed(other.String(), 0)
			return learn.Answer{
				Holds: []bool{zero == n.String(), kit.RootPitchClass(zero) == n.PitchClass(), strings.HasPrefix(zero, n.String()[:1]), octave == zero, twinZero == zero},
				Evidence: func(r *report.Report) error {
					r.Title(`ga_dsl_eval "domain.transposeChord"`)
					r.Table([]string{"symbol", "semitones", "GA"}, [][]string{
						{n.String(), "0", zero}, {n.String(), "12", octave}, {other.String(), "0", twinZero},
					})
					return r.Err()
				}}, nil
		}}
}

// sameLineExercise is exercise 3: the common-tones table's lines of keys a and b.
func sameLineExercise(a, b theory.Tonality) *learn.Exercise {
	return &learn.Exercise{Kind: learn.Choice,
		Options: []string{
			fmt.Sprintf("%s and %s have the same seven notes", a, b),
			fmt.Sprintf("%s and %s have the same seven triads, so the same 21 pairs to ask", a, b),
			fmt.Sprintf("domain.commonTones gives %s's pairs and %s's the same misspellings", a, b),
			"each of the two keys has exactly one note the closure writes otherwise than the key spells it",
			"the closure gets a shared note's pitch wrong in one of the two keys",
		},
		Hints: []string{
			"domain.commonTones is given two chords and nothing else: it cannot know which key you had in mind.",
			"Its list writes Db, Eb, Ab and Bb flat and every other black key sharp. Which note of the two keys is not written as the list writes it?",
		},
		Solve: func(context.Context) (learn.Answer, error) {
			l, err := quietLesson()
			if err != nil {
				return learn.Answer{}, err
			}
			ca, cb := l.keyCommonTones(a), l.keyCommonTones(b)
			var na, nb []string
			for _, n := range a.Notes() {
				na = append(na, n.String())
			}
			for _, n := range b.Notes() {
				nb = append(nb, n.String())
			}
			return learn.Answer{
				Holds: []bool{kit.SameSet(na, nb), kit.SameSet(a.Triads(), b.Triads()),
					ca.misspelled == cb.misspelled && slices.Equal(ca.spellings, cb.spellings),
					len(ca.spellings) == 1 && len(cb.spellings) == 1, len(ca.wrong)+len(cb.wrong) > 0},
				Evidence: func(r *report.Report) error {
					r.Title(`ga_dsl_eval "domain.commonTones" on every pair of triads of %s and %s`, a, b)
					rows := [][]string{}
					for _, k := range []struct {
						key theory.Tonality
						c   keyCommonTones
					}{{a, ca}, {b, cb}} {
						rows = append(rows, []string{k.key.String(), strings.Join(k.key.Triads(), " "),
							fmt.Sprintf("%d of %d", k.c.misspelled, k.c.pairs), strings.Join(k.c.spellings, ", "), fmt.Sprint(len(k.c.wrong))})
					}
					r.Table([]string{"key", "triads", "misspelled pairs", "the key's note as GA writes it", "wrong pitch"}, rows)
					return r.Err()
				}}, nil
		}}
}

// passBackExercise is exercise 4: a chord as a SKILL.md writes it and as the closures write it,
// given back to domain.transposeChord.
func passBackExercise(written, returned string) *learn.Exercise {
	return &learn.Exercise{Kind: learn.Choice,
		Options: []string{
			fmt.Sprintf("domain.transposeChord reads %s as a diminished chord", written),
			fmt.Sprintf("domain.transposeChord answers %s and %s up a semitone alike", written, returned),
			"domain.transposeChord writes a diminished chord with °",
			"each chord domain.diatonicChords returns for C major comes back from transposeChord, by 0 semitones, as it was",
			"each chord diatonic-chords' SKILL.md shows for C major comes back from transposeChord, by 0 semitones, as it was",
		},
		Hints: []string{
			"A closure's parser and its renderer need not know the same symbols: one may read what the other never writes.",
			"Compare what goes in with what comes out, for the closure's own chords and for the SKILL.md's.",
		},
		Solve: func(context.Context) (learn.Answer, error) {
			l, err := quietLesson()
			if err != nil {
				return learn.Answer{}, err
			}
			up, upReturned := l.transposed(written, 1), l.transposed(returned, 1)
			cMajor := theory.Tonality{Tonic: theory.MustNote("C")}
			roundTrip := func(chords []string) (bool, [][]string) {
				same := len(chords) > 0
				var rows [][]string
				for _, c := range chords {
					back := l.transposed(c, 0)
					same = same && back == c
					rows = append(rows, []string{c, back})
				}
				return same, rows
			}
			ownSame, ownRows := roundTrip(l.diatonicChords(cMajor))
			mdSame, mdRows := roundTrip(diatonicClaimChords(l, cMajor))
			writesRing := strings.Contains(up+upReturned, "°") || slices.ContainsFunc(ownRows, func(r []string) bool { return strings.Contains(r[1], "°") })
			return learn.Answer{
				Holds: []bool{strings.HasSuffix(up, "dim"), up == upReturned, writesRing, ownSame, mdSame},
				Evidence: func(r *report.Report) error {
					r.Title(`ga_dsl_eval "domain.transposeChord", up a semitone`)
					r.Table([]string{"symbol", "GA"}, [][]string{{written, up}, {returned, upReturned}})
					r.Title("C major's chords from domain.diatonicChords, by 0 semitones")
					r.Table([]string{"symbol", "GA"}, ownRows)
					r.Title("C major's chords as diatonic-chords' SKILL.md shows them, by 0 semitones")
					r.Table([]string{"symbol", "GA"}, mdRows)
					return r.Err()
				}}, nil
		}}
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
