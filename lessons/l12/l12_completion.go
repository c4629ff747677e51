package l12

import (
	"fmt"
	"slices"
	"strings"

	"course/ga/keys"
	"course/ga/skills"
	"course/internal/dotnet"
	"course/internal/report"
	"course/theory"
)

// What ProgressionCompletionSkill's prompt tells the model for a question, and how the lesson
// grades the chords it allows against a textbook's key.

// told is what the completion prompt says for a question: the chords read, the "Detected key"
// description with the first key's count, the chords allowed, and Identify's whole list.
type told struct {
	chords []string
	keys   string
	count  string
	set    []string
	all    []keys.Candidate
}

// tell computes what the completion skill over version v tells the model for question, or
// false when no key is found. For the pinned service, the skill's own prompt must say the same
// key and chords, or the lesson stops.
func (l *lesson) tell(v keys.Service, question string) (told, bool, error) {
	chords := v.ExtractChords(question)
	all := v.Identify(chords)
	if len(all) == 0 {
		return told{}, false, nil
	}
	top := all[0]
	var tied []string
	for _, c := range all {
		if c.MatchCount == top.MatchCount {
			tied = append(tied, c.Key)
		}
	}
	t := told{chords: chords, keys: strings.Join(tied, " / "), count: fmt.Sprintf("%d/%d", top.MatchCount, top.TotalChords), set: top.DiatonicSet, all: all}
	if v == keys.Pin {
		prompt := skills.ProgressionCompletion{Service: v}.Prepare(question).Prompt
		lines := strings.Split(dotnet.ReplaceLineEndings(prompt, "\n"), "\n")
		detected := slices.IndexFunc(lines, func(s string) bool { return strings.HasPrefix(s, "Detected key: ") })
		list := slices.IndexFunc(lines, func(s string) bool { return strings.HasPrefix(s, "AVAILABLE DIATONIC CHORDS") })
		if detected < 0 || list < 0 || list+1 >= len(lines) ||
			lines[detected] != fmt.Sprintf("Detected key: %s  (%s chords diatonic)", t.keys, t.count) ||
			lines[list+1] != strings.Join(t.set, ", ") {
			return t, true, fmt.Errorf("BuildPrompt disagrees on %q", question)
		}
		l.promptChecks++
	}
	return t, true, nil
}

// toldLines writes what version v tells the model: the chords and key, then the chords it may
// suggest; ok false when no chord was read.
func toldLines(v keys.Service, t told, ok bool) []string {
	if !ok {
		return []string{fmt.Sprintf("  %s no chord read", report.Pad(v.Commit, 8))}
	}
	return []string{
		fmt.Sprintf("  %s reads %s; key: %s (%s)", report.Pad(v.Commit, 8), strings.Join(t.chords, " "), t.keys, t.count),
		fmt.Sprintf("  %s may suggest: %s", report.Pad("", 8), strings.Join(t.set, ", ")),
	}
}

// pitchSpelling writes a chord symbol with its root as a pitch class, "1m" for C#m and Dbm,
// so that two spellings of one chord compare equal.
func pitchSpelling(chord string) (string, error) {
	root := chord[:1]
	if len(chord) > 1 && (chord[1] == '#' || chord[1] == 'b') {
		root = chord[:2]
	}
	n, err := theory.ParseNote(root)
	if err != nil {
		return "", fmt.Errorf("chord %q: %w", chord, err)
	}
	return fmt.Sprintf("%d%s", n.PitchClass(), chord[len(root):]), nil
}

// sortedPitchSpellings is the set's chords by pitchSpelling, sorted.
func sortedPitchSpellings(set []string) ([]string, error) {
	out := make([]string, len(set))
	for i, c := range set {
		s, err := pitchSpelling(c)
		if err != nil {
			return nil, err
		}
		out[i] = s
	}
	slices.Sort(out)
	return out, nil
}

// nextChordVerdicts colours nextChordMark's grades: the textbook's chords right, the same
// chords spelled from the enharmonic key partly right, other chords or a misread wrong.
var nextChordVerdicts = map[string]report.Verdict{"=": report.Right, "e": report.Lossy, "x": report.Wrong, "r": report.Wrong}

// nextChordWidths are the columns of a row of the next-chord grid: an empty first, the
// version, and n keys' grades.
func nextChordWidths(n int) []int {
	widths := []int{10, 8}
	for range n {
		widths = append(widths, 2)
	}
	return widths
}

// nextChordMark grades what the model is told against the textbook key's triads: r when the
// chords read are not the question's, = when the allowed chords are the key's as the textbook
// spells them, e when they are the same chords spelled from the enharmonic key, x otherwise.
func nextChordMark(t told, chords, set []string) (string, error) {
	if !slices.Equal(t.chords, chords) {
		return "r", nil
	}
	if slices.Equal(slices.Sorted(slices.Values(t.set)), slices.Sorted(slices.Values(set))) {
		return "=", nil
	}
	a, err := sortedPitchSpellings(t.set)
	if err != nil {
		return "", err
	}
	b, err := sortedPitchSpellings(set)
	if err != nil {
		return "", err
	}
	if slices.Equal(a, b) {
		return "e", nil
	}
	return "x", nil
}

// otherScale reports whether a key tied at the top has seven chords other than the first key's,
// even respelled.
func otherScale(t told) (bool, error) {
	first, err := sortedPitchSpellings(t.set)
	if err != nil {
		return false, err
	}
	for _, c := range t.all {
		if c.MatchCount != t.all[0].MatchCount {
			continue
		}
		s, err := sortedPitchSpellings(c.DiatonicSet)
		if err != nil {
			return false, err
		}
		if !slices.Equal(s, first) {
			return true, nil
		}
	}
	return false, nil
}

// gaDiatonicSet is the pinned service's diatonic set of key k, as a candidate of its own tonic
// triad carries it.
func gaDiatonicSet(k theory.Tonality) ([]string, error) {
	tonic := k.Tonic.String()
	if k.Minor {
		tonic += "m"
	}
	for _, c := range keys.Pin.Identify([]string{tonic}) {
		if c.Key == k.String() {
			return c.DiatonicSet, nil
		}
	}
	return nil, fmt.Errorf("the key service has no %s", k)
}
