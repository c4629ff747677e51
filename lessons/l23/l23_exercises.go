package l23

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"course/ga/algebra"
	"course/internal/report"
	"course/learn"
	"course/lessons/kit"
	"course/theory"
)

// Exercises is lesson 23's exercises, in the order docs/l23.md asks them, solved with
// the lesson's options.
func Exercises(*Options) learn.Lesson {
	return learn.NewLesson("l23",
		phrasingExercise("delta", []string{
			"how far apart are Cmaj7 and Dm7 harmonically",
			"how harmonically far is Am from D7",
			"how harmonically far is Am to D7",
			"harmonic distance from Am to D7",
			"how harmonically far is Am vs D7",
		}),
		readingsExercise("more chromatic color", [][2]string{{"Cmaj7", "G7"}, {"Dm7", "G7"}, {"C", "Caug"}}),
		oneMoveExercise("C", "Cm", "Caug"),
	)
}

// skillNames are what the exercises call the two skills.
var skillNames = map[string]string{"delta": "the delta skill", "path": "the path skill"}

// phrasingExercise is exercise 1: which of prompts the named skill ("delta" or "path") answers.
// The claims are decided on the skill's answers, the i-th to prompts[i].
func phrasingExercise(skill string, prompts []string) *learn.Exercise {
	type claim = learn.Claim[[]pairAnswer]
	claims := make([]claim, len(prompts))
	for i, p := range prompts {
		claims[i] = claim{Text: fmt.Sprintf("%s answers %s", skillNames[skill], kit.Quote(p)),
			Holds: func(answers []pairAnswer) bool { return answers[i].kind == "answer" }}
	}
	return learn.Choose(func(_ context.Context, w io.Writer) ([]pairAnswer, error) {
		l := newLesson(io.Discard)
		r := report.New(w)
		r.Title("What %s answers", skillNames[skill])
		answers := make([]pairAnswer, len(prompts))
		rows := make([][]string, len(prompts))
		for i, p := range prompts {
			answers[i] = l.ask(skill, p)
			rows[i] = []string{p, answers[i].says()}
		}
		r.Table([]string{"prompt", "its answer"}, rows)
		return answers, r.Err()
	}, claims...).WithHints(
		"The skill's pattern reads two chords with a word or an arrow between them; look at which ones it lists.",
		`"from" opens the pair in some phrasings; what must come between the two chords?`,
	)
}

// deltaReading is the delta skill's interpretation of the move from a to b: the words after its
// arrow.
func deltaReading(l *lesson, a, b string) (string, error) {
	ans := l.ask("delta", "harmonic distance from "+a+" to "+b)
	if ans.kind != "answer" {
		return "", fmt.Errorf("the delta skill does not answer %s to %s: %s", a, b, ans.says())
	}
	value := ans.value("**Interpretation**")
	if i := strings.LastIndex(value, algebra.ExplainArrow+" "); i >= 0 {
		return value[i+len(algebra.ExplainArrow)+1:], nil
	}
	return value, nil
}

// readingsExercise is exercise 2: for each pair, whether both ways read reading, and whether the
// two ways read differently. The claims are decided on the delta skill's readings, the i-th
// pair's there and back.
func readingsExercise(reading string, pairs [][2]string) *learn.Exercise {
	type claim = learn.Claim[[][2]string]
	var claims []claim
	for i, p := range pairs {
		claims = append(claims,
			claim{Text: fmt.Sprintf("%s and %s read %s both ways", p[0], p[1], kit.Quote(reading)),
				Holds: func(r [][2]string) bool { return r[i][0] == reading && r[i][1] == reading }},
			claim{Text: fmt.Sprintf("%s → %s and %s → %s read differently", p[0], p[1], p[1], p[0]),
				Holds: func(r [][2]string) bool { return r[i][0] != r[i][1] }})
	}
	return learn.Choose(func(_ context.Context, w io.Writer) ([][2]string, error) {
		l := newLesson(io.Discard)
		r := report.New(w)
		r.Title("The delta skill's interpretation of each pair, both ways")
		var readings [][2]string
		var rows [][]string
		for _, p := range pairs {
			there, err := deltaReading(l, p[0], p[1])
			if err != nil {
				return nil, err
			}
			back, err := deltaReading(l, p[1], p[0])
			if err != nil {
				return nil, err
			}
			readings = append(readings, [2]string{there, back})
			rows = append(rows, []string{p[0] + " → " + p[1], there}, []string{p[1] + " → " + p[0], back})
		}
		r.Table([]string{"pair", "interpretation"}, rows)
		return readings, r.Err()
	}, claims...).WithHints(
		"The interpretation is the first of GA's rules that holds, in order: any gain in ic1 or ic2 comes first.",
		"Going back negates every count of the delta. A pair that gains a semitone one way and a whole tone the other reads the same both ways.",
	)
}

// oneMove is what exercise 3's claims are decided on: the chords' vectors, the path skill's
// moves between them, and the sets a search from the far chord expands.
type oneMove struct {
	sameNear                bool
	nearMoves, farDistance  int
	farFound                bool
	expandedFar, sameVector int
}

// oneMoveExercise is exercise 3: the path skill and the course's vectors on from to near, and
// on from to far.
func oneMoveExercise(from, near, far string) *learn.Exercise {
	type claim = learn.Claim[oneMove]
	return learn.Choose(func(_ context.Context, w io.Writer) (oneMove, error) {
		l := newLesson(io.Discard)
		vectors := kit.SetVectors()
		r := report.New(w)
		r.Title("%s, %s and %s", from, near, far)
		var rows [][]string
		sets := map[string]algebra.Set{}
		for _, c := range []string{from, near, far} {
			set, ok := l.path.BuildSet(c)
			if !ok {
				return oneMove{}, fmt.Errorf("the path skill builds no set for %s", c)
			}
			sets[c] = set
			rows = append(rows, []string{c, kit.SharpNotes(set.PitchClasses()), kit.VectorString(vectors[set])})
		}
		r.Table([]string{"chord", "notes", "vector"}, rows)
		moves := func(a, b string) (int, bool, error) {
			ans := l.ask("path", "shortest path from "+a+" to "+b)
			steps, err := pathSets(ans)
			return len(steps) - 1, len(steps) > 0, err
		}
		nearMoves, nearFound, err := moves(from, near)
		if err != nil {
			return oneMove{}, err
		}
		_, farFound, err := moves(from, far)
		if err != nil {
			return oneMove{}, err
		}
		src := sets[far]
		sameVector := 0
		for _, s := range algebra.Items() {
			if vectors[s] == vectors[src] {
				sameVector++
			}
		}
		expandedFar := expanded(src.PitchClasses(), vectors)
		nearCell, found := "no path", "no path"
		if nearFound {
			nearCell = strconv.Itoa(nearMoves)
		}
		if farFound {
			found = "a path"
		}
		r.Blank()
		r.Facts(0,
			report.Fact{Label: fmt.Sprintf("the path skill's moves from %s to %s", from, near), Value: nearCell},
			report.Fact{Label: fmt.Sprintf("the path skill from %s to %s", from, far), Value: found},
			report.Fact{Label: fmt.Sprintf("sets a search from %s expands", far), Value: strconv.Itoa(expandedFar)},
			report.Fact{Label: fmt.Sprintf("sets with %s's vector", far), Value: strconv.Itoa(sameVector)},
		)
		return oneMove{
			sameNear:    vectors[sets[from]] == vectors[sets[near]],
			nearMoves:   nearMoves,
			farDistance: theory.VectorDistance(vectors[sets[far]], vectors[sets[from]]),
			farFound:    farFound,
			expandedFar: expandedFar,
			sameVector:  sameVector,
		}, r.Err()
	},
		claim{Text: fmt.Sprintf("%s and %s have the same vector", from, near), Holds: func(f oneMove) bool { return f.sameNear }},
		claim{Text: fmt.Sprintf("the path skill goes from %s to %s in one move", from, near), Holds: func(f oneMove) bool { return f.nearMoves == 1 }},
		claim{Text: fmt.Sprintf("%s's vector is within 2 of %s's", far, from), Holds: func(f oneMove) bool { return f.farDistance <= 2 }},
		claim{Text: fmt.Sprintf("the path skill finds a path from %s to %s", from, far), Holds: func(f oneMove) bool { return f.farFound }},
		claim{Text: fmt.Sprintf("the search from %s expands only the sets that share its vector", far),
			Holds: func(f oneMove) bool { return f.expandedFar == f.sameVector }},
	).WithHints(
		"A move joins two sets of the same size whose vectors are at most 2 apart.",
		"Write the three chords' vectors, and count the sets of three notes that share the far chord's.",
	)
}
