package exercise

import (
	"slices"
	"strings"
	"testing"

	"course/learn"
	"course/lessons"
)

// TestWrongAnswersGiveNothingAway holds every choice and value exercise of the course to one
// rule: what a wrong answer is told depends on the answer given, never on the course's. For
// each exercise it builds wrong answers from the course's own (every choice answer one option
// away, every value answer with one word swapped for another), and checks that each gets the
// same reply whichever of the other wrong answers the course had computed instead.
func TestWrongAnswersGiveNothingAway(t *testing.T) {
	t.Parallel() // overlaps TestConcurrentAnswersKeepEveryEntry's waits
	choices, values := 0, 0
	for _, e := range lessons.Exercises().All() {
		if e.Kind == learn.Code {
			continue
		}
		t.Run(e.Name(), func(t *testing.T) {
			a, err := e.Solve(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			// answers are the course's answer, then the wrong ones built from it.
			var answers []learn.Answer
			var given []string
			switch e.Kind {
			case learn.Choice:
				choices++
				answers = append(answers, a)
				for i := range a.Holds {
					flipped := slices.Clone(a.Holds)
					flipped[i] = !flipped[i]
					answers = append(answers, learn.Answer{Holds: flipped})
				}
				for _, b := range answers {
					g, err := e.Expected(b)
					if err != nil {
						t.Fatal(err)
					}
					given = append(given, g)
				}
			case learn.Value:
				values++
				words := strings.Fields(a.Value)
				given = append(given, a.Value)
				for i := range words {
					for j := range words {
						if words[i] == words[j] {
							continue
						}
						w := slices.Clone(words)
						w[i] = words[j]
						given = append(given, strings.Join(w, " "))
					}
				}
				for _, g := range given {
					if e.Form.Counted && len(e.Form.Items(g)) != len(e.Form.Items(a.Value)) {
						continue // not an answer to a question that says how many items it wants
					}
					answers = append(answers, learn.Answer{Value: g})
				}
				// Answers of another length are refused too; where the question says how many
				// items it asks for, the reply may say it, so the course's answer keeps its length.
				given = append(given, a.Value+" "+words[0], "0")
				if !e.Form.Counted {
					answers = append(answers, learn.Answer{Value: given[len(given)-2]}, learn.Answer{Value: "0"})
				}
			}
			refused := 0
			for _, g := range given {
				var reply string
				for _, b := range answers {
					v, err := e.Accept(g, b)
					if err != nil {
						t.Fatal(err)
					}
					if g == b.Value && !v.OK {
						t.Fatalf("%q is refused as the answer it is", g)
					}
					if v.OK {
						continue
					}
					if reply == "" {
						reply = v.Differs
						refused++
					} else if v.Differs != reply {
						t.Fatalf("the reply to %q depends on the course's answer: %q against %q", g, reply, v.Differs)
					}
				}
			}
			if refused == 0 {
				t.Fatalf("no wrong answer built from %q is refused", given[0])
			}
		})
	}
	if choices == 0 || values == 0 {
		t.Errorf("%d choice and %d value exercises checked: the course has both", choices, values)
	}
}
