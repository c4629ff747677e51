package skills

import (
	"strconv"
	"strings"
	"sync"
)

// modeNames are the tonal modal families and modes of GA's Modes.yaml, lower-cased, the chord
// and triad families left out; "name (part)" also stands for "name" and "part", and "name mode
// 2..8" for every mode number in the range (ModesSkill.cs:289-306, 522-532).
var modeNames = []string{
	"aeolian", "altered", "altered bb3", "altered dominant n2 (locrian n2 n7)",
	"augmented", "augmented (hexatonic) family", "augmented scale", "augmented scale (inv 1..5)",
	"blues major", "blues minor", "blues scale", "blues scale family", "byzantine", "chinese",
	"chromatic", "chromatic family", "diminished", "diminished (half-whole)",
	"diminished (octatonic) family", "diminished (whole-half)", "diminished family",
	"dominant bebop", "dominant bebop family", "dominant bebop mode 2..8", "dominant diminished",
	"dorian", "dorian #4", "dorian b2", "dorian b5", "double harmonic (byzantine)",
	"double harmonic family", "egyptian", "enigmatic", "enigmatic family", "enigmatic mode 2..7",
	"half-whole", "half-whole diminished (dominant diminished)", "half-whole diminished (inv 1..3)",
	"harmonic major", "harmonic major family", "harmonic minor", "harmonic minor family",
	"hexatonic", "hirajoshi", "hirajoshi family", "hon-kumoi", "hungarian major",
	"hungarian major family", "hungarian major mode 2..7", "hungarian minor", "in sen",
	"in sen family", "in sen mode 2..5", "ionian", "ionian #5", "ionian augmented", "iwato",
	"kumoi", "locrian", "locrian #2", "locrian #6", "locrian bb3 bb7", "locrian bb7", "locrian n3",
	"lydian", "lydian #2", "lydian augmented", "lydian b3", "lydian dominant",
	"lydian minor (lydian b3 b7)", "major bebop", "major bebop family", "major bebop mode 2..8",
	"major locrian", "major pentatonic", "major pentatonic family", "major scale family",
	"major second", "major second family", "major seventh", "major sixth", "major third",
	"major third family", "melodic minor", "melodic minor family", "minor pentatonic",
	"minor second", "minor second family", "minor seventh", "minor sixth", "minor third",
	"minor third family", "mixolydian", "mixolydian augmented", "mixolydian b2", "mixolydian b6",
	"neapolitan major", "neapolitan major family", "neapolitan minor", "neapolitan minor family",
	"octatonic", "oriental", "perfect fifth", "perfect fourth", "perfect fourth family", "phrygian",
	"phrygian b4", "phrygian dominant", "prometheus", "prometheus family", "prometheus mode 2..6",
	"ultralocrian", "ultralocrian bb3", "ultraphrygian", "whole tone", "whole tone family",
	"whole-half", "whole-half diminished (inv 1..3)",
}

// expandRange writes "x 2..8" or "x (inv 1..3)" as one name per number.
func expandRange(name string) []string {
	dots := strings.Index(name, "..")
	if dots < 0 {
		return []string{name}
	}
	startAt := strings.LastIndex(name[:dots], " ") + 1
	lo, _ := strconv.Atoi(name[startAt:dots])
	rest := name[dots+2:]
	end := 0
	for end < len(rest) && rest[end] >= '0' && rest[end] <= '9' {
		end++
	}
	hi, _ := strconv.Atoi(rest[:end])
	var out []string
	for n := lo; n <= hi; n++ {
		out = append(out, name[:startAt]+strconv.Itoa(n)+rest[end:])
	}
	return out
}

// modeAliases is every alias ModesSkill accepts: each name, and for "name (part)" the name
// before the parenthesis and the part inside it (ExtractNameAliases, ModesSkill.cs:289-306).
var modeAliases = sync.OnceValue(func() map[string]bool {
	aliases := map[string]bool{}
	for _, n := range modeNames {
		for _, name := range expandRange(n) {
			aliases[name] = true
			if open := strings.Index(name, "("); open >= 0 {
				if closeAt := strings.Index(name[open:], ")"); closeAt >= 0 {
					aliases[strings.TrimSpace(name[:open])] = true
					aliases[strings.TrimSpace(name[open+1:open+closeAt])] = true
				}
			}
		}
	}
	return aliases
})
