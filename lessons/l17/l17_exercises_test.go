package l17

import (
	"strings"
	"testing"

	"course/ga/skills"
	"course/learn/learntest"
	"course/theory"
)

// TestExercises runs every exercise of lesson 17 through the tests each exercise of the
// course gets: the course's answer is accepted, a wrong one refused, and a change to the input
// the answer rests on moves it.
func TestExercises(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Lesson(t, l)
	t.Run("l17.1", func(t *testing.T) {
		// With the word "chord" back, an intent word lets ChordInfo, first in the list, take it.
		learntest.Exercise(t, l.Exercises[0], learntest.Case{Wrong: "skill.capo",
			Moved: fallbackExercise(skills.Registered(), "If I capo on 2 and play an Em shape, what's the sounding chord")})
	})
	t.Run("l17.2", func(t *testing.T) {
		// A key without an accidental leaves nothing for the boundary to give back.
		learntest.Exercise(t, l.Exercises[1], learntest.Case{Wrong: "a b",
			Moved: sharpKeyExercise(skills.Capo{}, capoKey{key: "F", other: "E#", fret: 2})})
	})
	t.Run("l17.3", func(t *testing.T) {
		// Down five semitones to B is the short way round: the skill and a textbook agree.
		learntest.Exercise(t, l.Exercises[2], learntest.Case{Wrong: "0 0",
			Moved: stringMoveExercise(skills.AlternateTunings{}, theory.Tuning{Name: "B A D G B E", Strings: strings.Fields("B1 A2 D3 G3 B3 E4")})})
	})
}

// TestExerciseForms checks each form's Rule on near misses of one answer: what the Rule says is
// the same answer is accepted, what it keeps apart is refused.
func TestExerciseForms(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Readings(t, l, []learntest.Reading{
		{Ex: 0, Want: "skill.chordinfo", Given: "ChordInfo", OK: true},
		{Ex: 0, Want: "skill.chordinfo", Given: "  Skill.ChordInfo. ", OK: true},
		{Ex: 0, Want: "skill.chordinfo", Given: "chord info", OK: false},
		{Ex: 0, Want: "skill.chordinfo", Given: "skill-chordinfo", OK: false},
		{Ex: 2, Want: "+2 -10", Given: "2 st, then −10 semitones", OK: true},
		{Ex: 2, Want: "+2 -10", Given: "+2 +10", OK: false},
		{Ex: 2, Want: "+2 -10", Given: "-10 +2", OK: false},
	})
}
