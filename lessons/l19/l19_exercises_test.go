package l19

import (
	"testing"

	"course/learn/learntest"
)

// TestExercises runs every exercise of lesson 19 through the tests each exercise of the
// course gets: the course's answer is accepted, a wrong one refused, and a change to the input
// the answer rests on moves it.
func TestExercises(t *testing.T) {
	l := Exercises(&Options{})
	learntest.Lesson(t, l)
	// A voice that costs 1 whenever it moves: holding a common tone beats the sorted order.
	commonTones := voiceCost{"1 for a voice that moves, 0 for one that holds", func(a, b int) int {
		if a == b {
			return 0
		}
		return 1
	}}
	for i, c := range []learntest.Case{
		// The open A minor, five notes like the open C's: no note left over.
		{Wrong: "20, 4", Moved: distanceExercise("x-3-2-0-1-0", "x-0-2-2-1-0")},
		{Wrong: "b c", Moved: sortedExercise(commonTones)},
		// G7 to Cmaj7: the first pair moves a shell to another voicing.
		{Wrong: "c d", Moved: zeroExercise([2]string{"G7", "Cmaj7"}, maxCandidates)},
	} {
		e := l.Exercises[i]
		t.Run(e.Name(), func(t *testing.T) { learntest.Exercise(t, e, c) })
	}
}
