package theory

import "sync"

// triadSuffixes name a triad by the semitones of its third and fifth above the root: major,
// minor, diminished and augmented, as a chord symbol writes them after the root.
var triadSuffixes = sync.OnceValue(func() map[[2]int]string {
	return map[[2]int]string{
		{4, 7}: "",
		{3, 7}: "m",
		{3, 6}: "dim",
		{4, 8}: "aug",
	}
})

// Triads returns the key's seven diatonic triads as chord symbols, from the tonic: on each note
// of the scale, the notes two and four letters up, named by the size of the third and fifth
// they make, "C", "Dm", ..., "Bdim" in C major and "Am", "Bdim", "C", ..., "G" in A minor.
func (t Tonality) Triads() []string {
	notes := t.Notes()
	triads := make([]string, len(notes))
	for i, root := range notes {
		third := IntervalBetween(root, notes[(i+2)%len(notes)]).Semitones
		fifth := IntervalBetween(root, notes[(i+4)%len(notes)]).Semitones
		suffix, ok := triadSuffixes()[[2]int{third, fifth}]
		if !ok {
			suffix = "?"
		}
		triads[i] = root.String() + suffix
	}
	return triads
}
