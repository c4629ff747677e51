package skills

import (
	"slices"
	"strconv"
	"strings"

	"github.com/dlclark/regexp2/v2"

	"course/internal/lazy"
)

// ScaleInfo is GA's ScaleInfoSkill: the notes of a major or minor key and its relative key, read
// from GA's thirty domain keys (Common/GA.Business.ML/Agents/Skills/ScaleInfoSkill.cs;
// Common/GA.Business.ML/Agents/KeyNaming.cs). The line numbers are of c781df5c, as for Interval.
type ScaleInfo struct {
	// SharpsFirst runs each mode's keys from seven sharps to seven flats, the other way round
	// from GA's list, for lesson 9's question of what the list's order decides; GA's skill is
	// the zero value.
	SharpsFirst bool
}

// scaleKeyPattern is ScaleInfoSkill's KeyPattern (ScaleInfoSkill.cs:94-95).
var scaleKeyPattern = lazy.Regexp2(`\b([A-G][#b]?)\s*(major|minor|maj|min)\b`, regexp2.IgnoreCase)

// gaKey is one of GA's Key.Items: a signature from -7 (seven flats) to 7 (seven sharps) in a
// mode (Common/GA.Domain.Core/Theory/Tonal/Key.cs:11-28).
type gaKey struct {
	signature int
	minor     bool
}

// The keys' roots by signature, -7 first (Key.cs:164-182 for major, 290-308 for minor).
var (
	gaMajorRoots = [15]string{"Cb", "Gb", "Db", "Ab", "Eb", "Bb", "F", "C", "G", "D", "A", "E", "B", "F#", "C#"}
	gaMinorRoots = [15]string{"Ab", "Eb", "Bb", "F", "C", "G", "D", "A", "E", "B", "F#", "C#", "G#", "D#", "A#"}
)

// gaKeys is Key.Items: the fifteen major keys from seven flats to seven sharps, then the
// fifteen minor keys (Key.cs:25-26, 99-100, 229-230).
func gaKeys() []gaKey {
	keys := make([]gaKey, 0, 30)
	for _, minor := range []bool{false, true} {
		for sig := -7; sig <= 7; sig++ {
			keys = append(keys, gaKey{sig, minor})
		}
	}
	return keys
}

// root is Key.Root as its ToString writes it, e.g. "F#", "Cb".
func (k gaKey) root() string {
	if k.minor {
		return gaMinorRoots[k.signature+7]
	}
	return gaMajorRoots[k.signature+7]
}

// notes is Key.Notes: the root, then the next six letters, each sharpened or flattened when the
// signature holds it; sharps come in the order F C G D A E B, flats B E A D G C F
// (Key.cs:43-90; KeySignature.cs:40-50).
func (k gaKey) notes() []string {
	const letters = "CDEFGAB"
	order, sign := "FCGDAEB", "#"
	if k.signature < 0 {
		order, sign = "BEADGCF", "b"
	}
	count := k.signature
	if count < 0 {
		count = -count
	}
	held := order[:count]
	root := k.root()
	notes := []string{root}
	l := strings.IndexByte(letters, root[0])
	for i := 1; i < 7; i++ {
		letter := letters[(l+i)%7 : (l+i)%7+1]
		if strings.Contains(held, letter) {
			letter += sign
		}
		notes = append(notes, letter)
	}
	return notes
}

// mask is the key's pitch-class set as KeyNaming.RelativeKeyName builds it (KeyNaming.cs:57).
func (k gaKey) mask() int {
	m := 0
	for _, n := range k.notes() {
		l := strings.IndexByte("CDEFGAB", n[0])
		pc := gaNaturalPitch[l]
		switch {
		case strings.HasSuffix(n, "#"):
			pc++
		case len(n) > 1:
			pc--
		}
		m |= 1 << ((pc + 12) % 12)
	}
	return m
}

func (k gaKey) mode() string {
	if k.minor {
		return "minor"
	}
	return "major"
}

// sharpsFirst is keys with each mode's keys in the other order, from seven sharps to seven
// flats: not GA's order, the course's question of what GA's order decides.
func sharpsFirst(keys []gaKey) []gaKey {
	out := slices.Clone(keys)
	slices.SortStableFunc(out, func(a, b gaKey) int {
		if a.minor != b.minor {
			return boolOrder(a.minor) - boolOrder(b.minor)
		}
		return b.signature - a.signature
	})
	return out
}

func boolOrder(b bool) int {
	if b {
		return 1
	}
	return 0
}

// resolveKey is KeyNaming.ResolveKey: the first key of the mode whose root reads as root,
// ignoring case (KeyNaming.cs:37-40).
func resolveKey(root string, minor bool) (gaKey, bool) {
	for _, k := range gaKeys() {
		if k.minor == minor && strings.EqualFold(k.root(), strings.TrimSpace(root)) {
			return k, true
		}
	}
	return gaKey{}, false
}

// relativeKeyName is KeyNaming.RelativeKeyName: the first key of the other mode with the same
// pitch classes, so B major's relative is Ab minor, seven flats, before G# minor
// (KeyNaming.cs:55-65).
func relativeKeyName(k gaKey, keys []gaKey) string {
	mask := k.mask()
	for _, s := range keys {
		if s.minor != k.minor && s.mask() == mask {
			return s.root() + " " + s.mode()
		}
	}
	return "none"
}

// describeKeySignature is KeyNaming.DescribeKeySignature (KeyNaming.cs:43-49).
func describeKeySignature(k gaKey) string {
	count := k.signature
	kind := "sharp"
	if count < 0 {
		count, kind = -count, "flat"
	}
	if count == 0 {
		return "no sharps or flats"
	}
	if count > 1 {
		kind += "s"
	}
	return strconv.Itoa(count) + " " + kind
}

// Execute answers message: the first key name it finds, its seven notes and its relative key
// (ScaleInfoSkill.cs:114-155).
func (s ScaleInfo) Execute(message string) Result {
	m := find(scaleKeyPattern, message)
	if m == nil {
		return unresolved("Could not parse a key name from your question.")
	}
	rootStr := m.GroupByNumber(1).String()
	modeStr := strings.ToLower(m.GroupByNumber(2).String())
	minor := modeStr == "minor" || modeStr == "min"
	k, ok := resolveKey(rootStr, minor)
	if !ok {
		return unresolved(`I don't recognise "` + rootStr + " " + modeStr + `" as a standard key. ` +
			"Try a key like C major, F# minor, or Bb major.")
	}
	notes := k.notes()
	keyName := k.root() + " " + k.mode()
	keys := gaKeys()
	if s.SharpsFirst {
		keys = sharpsFirst(keys)
	}
	relative := "Relative minor: " + relativeKeyName(k, keys)
	if k.minor {
		relative = "Relative major: " + relativeKeyName(k, keys)
	}
	return Result{
		Text:       "The " + keyName + " scale has 7 notes: **" + strings.Join(notes, " – ") + "**. " + relative + ".",
		Confidence: 1,
		Evidence: []string{
			"Key: " + keyName,
			"Notes: " + strings.Join(notes, ", "),
			"Key signature: " + describeKeySignature(k),
			relative,
		},
	}
}

// ScaleInfoIntent is the scale-info skill's intent, as Intents wraps it, over s: lesson 9 asks
// it with the list of keys in the other order.
func ScaleInfoIntent(s ScaleInfo) Intent { return intentOf("ScaleInfo", s.Execute) }
