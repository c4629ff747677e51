package skills

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"course/ga/algebra"
)

// regexpTwoChords is TwoChordPattern's first match by the expression itself.
func regexpTwoChords(message string) (a, b string, ok bool) {
	m := find(grothendieckTwoChordRe, message)
	if m == nil {
		return "", "", false
	}
	return m.GroupByName("a").String(), m.GroupByName("b").String(), true
}

// Pieces of the generated questions: the expression's own parts, every kind of ASCII space
// and near misses of each.
var (
	twoChordLetters    = []string{"C", "c", "G", "a", "B", "b", "E", "f", "d", "H", "x", "Z", "_", "9", ""}
	twoChordAccidental = []string{"", "", "#", "b", "B", "##", "bb"}
	twoChordQuality    = []string{"", "", "maj", "MAJ", "Min", "m", "M", "dim", "aug", "sus", "add", "dom", "Dom", "mi", "ma", "do", "sum"}
	twoChordDigits     = []string{"", "", "7", "9", "13", "0", "007"}
	twoChordAltered    = []string{"", "", "b5", "#11", "b", "#", "b9#11", "B13", "b5b", "x"}
	twoChordSpace      = []string{" ", " ", "  ", "\t", "\v", "\f", "\r", "\n", "\x1c", " \t ", ""}
	twoChordWord       = []string{"to", "TO", "To", "and", "AND", "->", ">", "-", "t", "an", "into", "->>", "=>"}
	twoChordJunk       = []string{"", "", "", "harmonic distance from ", "delta ", "x", "_", ".", "?", "a ", "C to ", "Cm", "7", " and G", "!"}
)

// twoChordQuestion builds a question that is or nearly is TwoChordPattern's shape.
func twoChordQuestion(r *rand.Rand) string {
	pick := func(from []string) string { return from[r.IntN(len(from))] }
	var b strings.Builder
	b.WriteString(pick(twoChordJunk))
	for range 1 + r.IntN(2) {
		for _, part := range [][]string{twoChordLetters, twoChordAccidental, twoChordQuality, twoChordDigits, twoChordAltered} {
			b.WriteString(pick(part))
		}
		b.WriteString(pick(twoChordSpace))
		b.WriteString(pick(twoChordWord))
		b.WriteString(pick(twoChordSpace))
	}
	for _, part := range [][]string{twoChordLetters, twoChordAccidental, twoChordQuality, twoChordDigits, twoChordAltered, twoChordJunk} {
		b.WriteString(pick(part))
	}
	return b.String()
}

// TestTwoChordScanMatchesTheExpression holds the hand-written matcher to TwoChordPattern: the
// same first match and groups on the lesson's questions and on 20,000 generated ones.
func TestTwoChordScanMatchesTheExpression(t *testing.T) {
	questions := []string{
		"harmonic distance from C#maj7 to G#m7b5", "harmonic distance from Cmaj7 to a G7",
		"delta C to F", "Compare the ICVs of Cmaj7 and Dm7", "How harmonically far is Am from D7",
		"Grothendieck delta C to F", "cb7b9#11 -> Ebdom13b13 and G", "C to", "", "Ab > Bb", "a  and\vb",
		"Bbb13 to B#7#9b13x", "E7b to A", "Cmaj7to G", "C_ to G", "CB5 TO DB5b",
	}
	r := rand.New(rand.NewPCG(23, 7))
	for range 20_000 {
		questions = append(questions, twoChordQuestion(r))
	}
	matched := 0
	for _, q := range questions {
		wa, wb, wok := regexpTwoChords(q)
		ga, gb, gok := twoChords(q)
		if ga != wa || gb != wb || gok != wok {
			t.Fatalf("%q: matched (%q, %q, %v), the expression (%q, %q, %v)", q, ga, gb, gok, wa, wb, wok)
		}
		if wok {
			matched++
		}
	}
	// The comparison means something only if many questions match and many do not.
	if matched < len(questions)/20 || matched > len(questions)*19/20 {
		t.Fatalf("%d of %d questions match: the generated questions do not test the matcher", matched, len(questions))
	}
	t.Logf("%d of %d questions match", matched, len(questions))
}

// TestChordPartsReadsRootsAsTryBuildPcSet holds the token reading to TryBuildPcSet's own steps
// (IcvNeighborsSkill.cs:196-210): the first character upper-cased, a '#' or 'b' after it lower-cased
// and appended, the rest the quality; over letters, accidentals and qualities in every case.
func TestChordPartsReadsRootsAsTryBuildPcSet(t *testing.T) {
	reference := func(token string) (int, []int, bool) {
		token = unicodeAccidentals.Replace(token)
		tt := strings.TrimSpace(token)
		if tt == "" {
			return 0, nil, false
		}
		r := []rune(tt)
		root, rest := strings.ToUpper(string(r[0])), string(r[1:])
		if rest != "" && (rest[0] == '#' || rest[0] == 'b') {
			root += strings.ToLower(rest[:1])
			rest = rest[1:]
		}
		pc, ok := rootPitchClass()[root]
		if !ok {
			return 0, nil, false
		}
		return pc, grothendieckIntervals(rest), true
	}
	read := 0
	for _, first := range []string{"C", "c", "G", "g", "B", "b", "H", "h", "ß", "é", "1", " ", "#"} {
		for _, acc := range []string{"", "#", "b", "B", "♯", "♭", "bb", "##"} {
			for _, quality := range []string{"", "m", "M7", "maj7", " minor", "dim", "°", "9", "x"} {
				token := first + acc + quality
				pc, in, ok := grothendieckChordParts(token)
				wpc, win, wok := reference(token)
				if pc != wpc || !slices.Equal(in, win) || ok != wok {
					t.Fatalf("%q: %d %v %v, want %d %v %v", token, pc, in, ok, wpc, win, wok)
				}
				if ok {
					read++
				}
			}
		}
	}
	if read < 100 {
		t.Fatalf("only %d tokens read", read)
	}
}

// TestDeltaFiguresAreEachDeltasOwn checks the remembered cost and L2 texts against each delta's
// own, over every ordered pair of sets of three and four notes with 0 and 4 in them.
func TestDeltaFiguresAreEachDeltasOwn(t *testing.T) {
	var sets []algebra.Set
	for _, s := range algebra.Items() {
		if n := s.Len(); (n == 3 || n == 4) && s.PitchClasses()[0] == 0 && slices.Contains(s.PitchClasses(), 4) {
			sets = append(sets, s)
		}
	}
	var s GrothendieckDelta
	for _, a := range sets {
		for _, b := range sets {
			d := algebra.SetDelta(a, b)
			text := s.answer("A", a, "B", b).Text
			l2 := "- **L2 norm** (Euclidean): **" + strconv.FormatFloat(d.L2(), 'f', 3, 64) + "**\n"
			cost := "- **Harmonic cost**: **" + strconv.FormatFloat(algebra.HarmonicCost(d), 'f', 2, 64) + "**\n"
			if !strings.Contains(text, l2) || !strings.Contains(text, cost) {
				t.Fatalf("%v to %v: %q lacks %q or %q", a, b, text, l2, cost)
			}
		}
	}
	if len(sets) < 20 {
		t.Fatalf("only %d sets", len(sets))
	}
}
