package l1

import (
	"strconv"
	"strings"
	"testing"

	"course/ga/embeddings"
	"course/ga/intents"
	"course/internal/testutil"
	"course/learn/learntest"
)

// TestExercises runs every exercise of lesson 1 through the tests each exercise of the course
// gets: the course's answer is accepted, a wrong one refused, and a change to the input the
// answer rests on moves it.
func TestExercises(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Lesson(t, l)
	t.Run("l1.1", func(t *testing.T) {
		// One more intent without example prompts is one fewer the router can reach.
		emptied, err := withoutExamples(intents.All(), "skill.theorycomparison")
		if err != nil {
			t.Fatal(err)
		}
		learntest.Exercise(t, l.Exercises[0], learntest.Case{Wrong: strconv.Itoa(len(intents.All())), Moved: routableExercise(emptied)})
	})
	t.Run("l1.2", func(t *testing.T) {
		// In full mode the container holds the orchestrator.
		learntest.Exercise(t, l.Exercises[1], learntest.Case{Wrong: "c d", Moved: routedModeExercise("full")})
	})
	t.Run("l1.3", func(t *testing.T) {
		// ROOT moved out of the search leaves the index and adds its dimensions to those left out.
		ps := embeddings.Partitions()
		for i := range ps {
			if ps[i].Name == "ROOT" {
				ps[i].Role, ps[i].Weight = embeddings.Info, 0
			}
		}
		learntest.Exercise(t, l.Exercises[2], learntest.Case{Wrong: "IDENTITY; 6", Moved: searchedExercise(ps)})
	})
	t.Run("l1.4", func(t *testing.T) {
		// Another intent's first example leaves another row.
		learntest.Exercise(t, l.Exercises[3], learntest.Case{Wrong: "7 What is the difference", Moved: droppedExampleExercise(intents.All(), "voicing")})
	})
}

// withoutExamples is a copy of ins in which intent id has no example prompt left.
func withoutExamples(ins []intents.Intent, id string) ([]intents.Intent, error) {
	for {
		next, err := withoutFirstExample(ins, id)
		if err != nil {
			return ins, nil
		}
		ins = next
	}
}

// TestDropExampleFlag runs the lesson with --drop-example: the row follows, a wrong id is one
// clear error, and --mode routed fails as the container does.
func TestDropExampleFlag(t *testing.T) {
	for _, tc := range []struct {
		args    []string
		wantErr string
	}{
		{args: []string{"--drop-example", "skill.nosuch"}, wantErr: `no intent "skill.nosuch"`},
		{args: []string{"--drop-example", "skill.fretspan"}, wantErr: "intent skill.fretspan has no example prompt"},
		{args: []string{"--mode", "routed"}, wantErr: "registers no orchestrator (it gives RoutedChatApplicationService)"},
	} {
		_, err := testutil.Run(t, NewCmd(nil), append([]string{"l1"}, tc.args...)...)
		if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
			t.Errorf("%v: error %v, want %q", tc.args, err, tc.wantErr)
		}
	}
	out, err := testutil.Run(t, NewCmd(nil), "l1", "--drop-example", "skill.theorycomparison")
	if err != nil {
		t.Fatal(err)
	}
	base := runLesson(t, func(*lesson) {})
	if got, was := intentRow(t, out, "skill.theorycomparison"), intentRow(t, base, "skill.theorycomparison"); got[1] == was[1] || got[2] == was[2] {
		t.Errorf("the row did not move: %v, was %v", got, was)
	}
	if in, _ := intents.Lookup("skill.theorycomparison"); strings.Join(intentRow(t, base, in.ID)[2:], " ") != in.Examples[0] {
		t.Errorf("the fixture changed")
	}
}

// TestExerciseForms checks each form's Rule on near misses of one answer: what the Rule says is the
// same answer is accepted, what it keeps apart is refused.
func TestExerciseForms(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Readings(t, l, []learntest.Reading{
		{Ex: 2, Want: "IDENTITY STRUCTURE; 6", Given: "structure, identity (12) and 6", OK: true},
		{Ex: 2, Want: "IDENTITY STRUCTURE; 6", Given: "Identity. Structure: 6", OK: true},
		{Ex: 2, Want: "IDENTITY STRUCTURE; 6", Given: "IDENTITY STRUCTURE; 7", OK: false},
		{Ex: 2, Want: "IDENTITY STRUCTURE; 6", Given: "IDENTITY; 6", OK: false},
		{Ex: 3, Want: "7 What is a chord?", Given: "Skill.TheoryComparison 7 what  is a CHORD!", OK: true},
		{Ex: 3, Want: "7 What is a chord?", Given: "skill.fretspan 7 What is a chord?", OK: false},
		{Ex: 3, Want: "7 What is a chord?", Given: "7 What is a chord,", OK: false},
	})
}
