package voicinganalysis

import "fmt"

// StandardTuning is Tuning.Default's open strings as MIDI notes, string 1 (the high E) first
// (Common/GA.Domain.Core/Instruments/Tuning.cs @ c781df5c).
var StandardTuning = []int{64, 59, 55, 50, 45, 40}

// Generate is VoicingGenerator.GenerateAllVoicingsAsync run sequentially (parallel: false) on a
// fretboard with the given open strings and fret count: every window of windowSize frets from
// fret 0 to fretCount-windowSize, each string muted or on a fret of the window (frets start to
// start+windowSize, both inclusive), string 1 turning fastest as an odometer does; a voicing
// needs minPlayed played strings and its fretted (not open) frets may span windowSize at most;
// a diagram already produced by an earlier window is skipped
// (Common/GA.Domain.Services/Fretboard/Voicings/Generation/VoicingGenerator.cs:27-151, 173-287 @ c781df5c).
func Generate(openStrings []int, fretCount, windowSize, minPlayed int) ([]Voicing, error) {
	strings := len(openStrings)
	if strings == 0 || windowSize < 0 || fretCount < windowSize {
		return nil, fmt.Errorf("generate voicings: %d strings, %d frets, window %d", strings, fretCount, windowSize)
	}
	var out []Voicing
	seen := map[string]bool{}
	single := fretCount == windowSize
	options := windowSize + 2 // muted, then each fret of the window
	total := 1
	for range strings {
		total *= options
	}
	indices := make([]int, strings)
	// The voicings' frets and notes are cut from shared chunks, each voicing's own part capped.
	var slab []int
	for start := 0; start <= fretCount-windowSize; start++ {
		clear(indices)
		for range total {
			played, minFret, maxFret := 0, int(^uint(0)>>1), -1
			for _, ix := range indices {
				if ix == 0 {
					continue
				}
				played++
				if f := start + ix - 1; f > 0 {
					minFret, maxFret = min(minFret, f), max(maxFret, f)
				}
			}
			if played >= minPlayed && (maxFret < 0 || maxFret-minFret <= windowSize) {
				if cap(slab)-len(slab) < strings+played {
					slab = make([]int, 0, max(4096, strings+played))
				}
				at := len(slab)
				slab = slab[:at+strings+played]
				v := Voicing{Frets: slab[at : at+strings : at+strings], Notes: slab[at+strings : at+strings : at+strings+played]}
				for s, ix := range indices {
					if ix == 0 {
						v.Frets[s] = Muted
						continue
					}
					f := start + ix - 1
					v.Frets[s] = f
					v.Notes = append(v.Notes, openStrings[s]+f)
				}
				if single {
					out = append(out, v) // one window cannot repeat a diagram
				} else if d := v.Diagram(); !seen[d] {
					seen[d] = true
					out = append(out, v)
				}
			}
			for s := range indices {
				indices[s]++
				if indices[s] < options {
					break
				}
				indices[s] = 0
			}
		}
	}
	return out, nil
}
