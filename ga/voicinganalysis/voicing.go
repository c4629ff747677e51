// Package analysis models GA's voicing analysis: the voicing a diagram stands for, the chord
// name GA's canonical recognizer gives its pitch classes, and what VoicingAnalyzer says of its
// harmony, its shape on the fretboard and its tags (GA.Domain.Services, Fretboard/Voicings/
// Analysis and Chords, @ c781df5c).
package voicinganalysis

import (
	"fmt"
	"strconv"
	"strings"
)

// Muted is the fret of a position that does not sound.
const Muted = -1

// Voicing is GA's Voicing record: one position per string, string 1 (the high E on a guitar)
// first, and the MIDI notes of the played positions in the same order
// (Common/GA.Domain.Core/Instruments/Fretboard/Voicings/Core/Voicing.cs:14 @ c781df5c).
type Voicing struct {
	// Frets holds each string's fret, Muted for a string that is not played.
	Frets []int
	// Notes holds the MIDI note of every played string, in string order.
	Notes []int
}

// Diagram is Voicing.Diagram: the frets in string order, "x" for a muted string, joined by
// hyphens (Voicing.cs:19-35 @ c781df5c).
func (v Voicing) Diagram() string {
	return string(v.AppendDiagram(make([]byte, 0, 3*len(v.Frets))))
}

// AppendDiagram appends Diagram's text to b, for callers that write many diagrams.
func (v Voicing) AppendDiagram(b []byte) []byte {
	for i, f := range v.Frets {
		if i > 0 {
			b = append(b, '-')
		}
		if f == Muted {
			b = append(b, 'x')
		} else {
			b = strconv.AppendInt(b, int64(f), 10)
		}
	}
	return b
}

// mcpOpenStrings are the open strings GaMcpServer's voicing tool knows for a guitar, string 1
// first (GaMcpServer/Tools/VoicingEmbeddingTool.cs:34-39 @ c781df5c).
var mcpOpenStrings = []int{64, 59, 55, 50, 45, 40}

// ParseMcpDiagram is the guitar branch of ga_generate_voicing_embedding's ParseDiagram: the
// diagram's first element is string 1, the high E, whatever order a chord chart writes
// (GaMcpServer/Tools/VoicingEmbeddingTool.cs:134-173 @ c781df5c).
func ParseMcpDiagram(diagram string) (Voicing, error) {
	parts := strings.Split(diagram, "-")
	if len(parts) != len(mcpOpenStrings) {
		return Voicing{}, fmt.Errorf("diagram has %d strings but guitar expects %d", len(parts), len(mcpOpenStrings))
	}
	var v Voicing
	for i, p := range parts {
		p = strings.TrimSpace(p)
		if p == "x" || p == "X" {
			v.Frets = append(v.Frets, Muted)
			continue
		}
		fret, err := strconv.Atoi(p)
		if err != nil {
			return Voicing{}, fmt.Errorf("invalid fret value: %q at string %d", p, i+1)
		}
		v.Frets = append(v.Frets, fret)
		v.Notes = append(v.Notes, mcpOpenStrings[i]+fret)
	}
	return v, nil
}

// noteNames are the names GA's chord recognizer gives pitch classes, flats for the black keys
// (Common/GA.Domain.Services/Chords/CanonicalChordRecognizer.cs:349-353 @ c781df5c).
var noteNames = [12]string{"C", "Db", "D", "Eb", "E", "F", "Gb", "G", "Ab", "A", "Bb", "B"}

// NoteName is the recognizer's GetNoteName.
func NoteName(pc int) string { return noteNames[((pc%12)+12)%12] }

// ParsePitchClass reads a note name as GA's PitchClass.Parse reads the recognizer's roots:
// a letter and any sharps or flats.
func ParsePitchClass(name string) (int, bool) {
	if name == "" {
		return 0, false
	}
	var pc int
	switch name[0] {
	case 'C', 'c':
		pc = 0
	case 'D', 'd':
		pc = 2
	case 'E', 'e':
		pc = 4
	case 'F', 'f':
		pc = 5
	case 'G', 'g':
		pc = 7
	case 'A', 'a':
		pc = 9
	case 'B', 'b':
		pc = 11
	default:
		return 0, false
	}
	for _, c := range name[1:] {
		switch c {
		case '#', '♯':
			pc++
		case 'b', '♭':
			pc--
		default:
			return 0, false
		}
	}
	return ((pc % 12) + 12) % 12, true
}
