package l3

import (
	"strings"
	"testing"

	"course/ga/embeddings"
	"course/internal/testutil"
	"course/learn/learntest"
	"course/lessons/kit"
)

// TestExercises runs every exercise of lesson 3 through the tests each exercise of the course
// gets: the course's answer is accepted, a wrong one refused, and a change to the input the
// answer rests on moves it.
func TestExercises(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Lesson(t, l)
	t.Run("l3.1", func(t *testing.T) {
		// Four strings or more: the triads of both windows leave the corpus.
		cfg := defaultConfig()
		cfg.fretCount, cfg.minPlayed = 4, 4
		learntest.Exercise(t, l.Exercises[0], learntest.Case{Wrong: "15360", Moved: corpusSizeExercise(cfg)})
	})
	t.Run("l3.2", func(t *testing.T) {
		// The Cmaj7 filter keeps complete Cmaj7 chords.
		learntest.Exercise(t, l.Exercises[1], learntest.Case{Wrong: "a", Moved: filterExercise(defaultConfig(), "Cmaj7", "Am7")})
	})
	t.Run("l3.3", func(t *testing.T) {
		// ROOT's own weight, set again, changes nothing in the header.
		learntest.Exercise(t, l.Exercises[2], learntest.Case{Wrong: "b f", Moved: weightExercise(defaultConfig(), []string{"ROOT=0.05"})})
	})
	t.Run("l3.4", func(t *testing.T) {
		// Weights that add up to 1 make a stored vector, and open C's query, of length 1.
		cfg := defaultConfig()
		sum := weightSum(cfg.partitions)
		for i := range cfg.partitions {
			cfg.partitions[i].Weight /= sum
		}
		learntest.Exercise(t, l.Exercises[3], learntest.Case{Wrong: "b", Moved: nearestExercise(cfg)})
	})
}

// TestWeightFlag checks --weight: ROOT's weight reaches the lesson's header, and a malformed
// one, an unknown partition or one that is not scored is one clear error.
func TestWeightFlag(t *testing.T) {
	for _, tc := range []struct{ weight, wantErr string }{
		{"ROOT", "write a partition and a weight"},
		{"NOPE=0", `no partition "NOPE"`},
		{"SPECTRAL=1", "SPECTRAL is not scored"},
	} {
		if _, err := testutil.Run(t, NewCmd(nil), "l3", "--weight", tc.weight); err == nil || !strings.Contains(err.Error(), tc.wantErr) {
			t.Errorf("--weight %s: error %v, want %q", tc.weight, err, tc.wantErr)
		}
	}
	base, err := testutil.Run(t, NewCmd(nil), "l3")
	if err != nil {
		t.Fatal(err)
	}
	out, err := testutil.Run(t, NewCmd(nil), "l3", "--weight", "root=0")
	if err != nil {
		t.Fatal(err)
	}
	if got, was := headerLine(out, "sqrt weights"), headerLine(base, "sqrt weights"); got == was {
		t.Errorf("ROOT's weight did not reach the header: %q", got)
	}
	// A malformed --weight fails the exercises' solves as it fails the lesson.
	e, err := Exercises(&Options{Weights: []string{"bogus"}}).Exercise(3)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Solve(t.Context()); err == nil || !strings.Contains(err.Error(), `"bogus"`) {
		t.Errorf("solve with --weight bogus: %v", err)
	}
	if ps, err := kit.WithWeights(embeddings.Partitions(), []string{"ROOT=0"}); err != nil || weightSum(ps) >= weightSum(embeddings.Partitions()) {
		t.Errorf("withWeights: %v", err)
	}
}

// TestCountForm checks that a count reads the same with or without thousands separators.
func TestCountForm(t *testing.T) {
	for _, s := range []string{"12,345", "12345", "12 345", "12.345 voicings", "12\u202f345"} {
		if got := countForm.Read(s); len(got) != 1 || got[0] != "12345" {
			t.Errorf("%q reads %q", s, got)
		}
	}
	if got := countForm.Read("1,234,567"); len(got) != 1 || got[0] != "1234567" {
		t.Errorf("1,234,567 reads %q", got)
	}
}

// TestExerciseForms checks each form's Rule on near misses of one answer: what the Rule says is the
// same answer is accepted, what it keeps apart is refused.
func TestExerciseForms(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Readings(t, l, []learntest.Reading{
		{Ex: 0, Want: "12345", Given: "12,345 voicings", OK: true},
		{Ex: 0, Want: "12345", Given: "12 345", OK: true},
		{Ex: 0, Want: "12345", Given: "12.345", OK: true},
		{Ex: 0, Want: "12345", Given: "12,34", OK: false},
		{Ex: 0, Want: "12345", Given: "12346", OK: false},
	})
}
