package kit

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"course/ga/intents"
	"course/ga/skills"
	"course/internal/dotnet"
	"course/internal/lazy"
	"course/internal/report"
	"course/theory"
)

// YesNo is the tables' "yes" or "no".
func YesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// Tally writes each value with its count, the most frequent first, ties in ordinal order.
func Tally(values []string) string {
	counts := map[string]int{}
	var keys []string
	for _, v := range values {
		if counts[v] == 0 {
			keys = append(keys, v)
		}
		counts[v]++
	}
	slices.SortFunc(keys, func(a, b string) int {
		if c := cmp.Compare(counts[b], counts[a]); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, counts[k])
	}
	return strings.Join(parts, ", ")
}

// SkillMdText is the text of a SKILL.md of the fixture fixtures/skillmd.json.
func SkillMdText(name string) (string, error) {
	s, ok := skills.LookupSkillMd(name)
	if !ok || s.Text == "" {
		return "", fmt.Errorf("skillmd.json has no text of %q", name)
	}
	return s.Text, nil
}

// Count is 1 for a case that holds and 0 for one that does not, for tallies of verdicts.
func Count(ok bool) int {
	if ok {
		return 1
	}
	return 0
}

// TonicHeader joins the tonics of keys, each padded to two columns.
func TonicHeader(keys []theory.Tonality) string {
	cells := make([]string, len(keys))
	for i, k := range keys {
		cells[i] = report.Pad(k.Tonic.String(), 2)
	}
	return strings.Join(cells, " ")
}

// Vec writes values with up to two decimals, as a float's "0.##" does.
func Vec(values []float64) string {
	parts := make([]string, len(values))
	for i, v := range values {
		parts[i] = Float(v)
	}
	return strings.Join(parts, " ")
}

// Fixed writes a double as the original program's F does: "0.000", never "-0.000".
func Fixed(v float64) string {
	s := dotnet.FormatDouble(v, 3, false)
	if s == "-0.000" {
		return "0.000"
	}
	return s
}

// Float writes a float as the original program's Vec does: "0.##", never "-0".
func Float(v float64) string {
	s := dotnet.FormatSingle(float32(v), 2, true)
	if s == "-0" {
		return "0"
	}
	return s
}

// Quote writes s in double quotes as it is, as the lesson quotes prompts and answers.
func Quote(s string) string { return `"` + s + `"` }

// ExamplePrompts are an intent's example prompts, from the intents fixture.
func ExamplePrompts(id string) ([]string, error) {
	in, ok := intents.Lookup(id)
	if !ok || len(in.Examples) == 0 {
		return nil, fmt.Errorf("the intents fixture has no example prompts for %s", id)
	}
	return in.Examples, nil
}

// FirstAccepting is the id of the first skill intent, in registration order, whose CanHandle
// accepts prompt, or "none": the keyword fallback of GA's main router when it cannot embed.
func FirstAccepting(registered []skills.Skill, prompt string) string {
	for _, s := range registered {
		if s.CanHandle(prompt) {
			return s.IntentID()
		}
	}
	return "none"
}

// RootPitchClass is the pitch class of the note name at the start of a symbol, or -1.
func RootPitchClass(note string) int {
	n, err := theory.ParseNote(NoteRoot().FindString(note))
	if err != nil {
		return -1
	}
	return n.PitchClass()
}

// NoteRoot is a note name at the start of a symbol, as the lesson reads the closures' output.
var NoteRoot = lazy.Regexp(`^[A-G](?:bb|b|##|#)?`)

// SameSet says a and b hold the same items, in any order and however often.
func SameSet[T comparable](a, b []T) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	for _, x := range b {
		if !slices.Contains(a, x) {
			return false
		}
	}
	return true
}
