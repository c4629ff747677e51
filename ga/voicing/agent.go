package voicing

import (
	"math"
	"strconv"
	"strings"

	"course/ga/query"
)

// Answers of VoicingAgent that list no voicings (VoicingAgent.cs:46-180).
const (
	// NoIntentText answers a message in which no chord, mode, instrument or tag was found.
	NoIntentText = "I couldn't find a chord name, mode, or style tag in your request. " +
		"Try naming a chord (e.g. 'Cmaj7'), a mode ('F# Lydian'), or a technique ('drop2', 'shell', 'rootless')."
	// NoIntentConfidence is the confidence of NoIntentText.
	NoIntentConfidence = 0.2
	// NoMatchesText answers a query the index has nothing for, even without the chord filter.
	NoMatchesText = "The OPTIC-K index returned no matches for this query."
	// NoMatchesConfidence is the confidence of NoMatchesText.
	NoMatchesConfidence = 0.3
)

// Agent answers voicing questions from an index, as GA's VoicingAgent does when the
// deterministic voicing guard picks it.
type Agent struct {
	Index   *Index // a nil Index answers as an empty one
	NewLine string // AppendLine's line break: "" means "\n", "\r\n" as GA on Windows
	// Read reads the message's chord, mode, instrument and tags: nil is the stand-in's
	// query.Extract, the pin's reading; GA's main reads with query.ExtractTyped.
	Read func(string) query.Query
}

// Response is the agent's answer before the notation pass.
type Response struct {
	Text         string  // the markdown answer: the "Found N voicings" line, then one line per voicing
	Confidence   float64 // the top score clamped to 0..1, or NoIntentConfidence or NoMatchesConfidence
	DiagramCount int     // number of voicings listed, each with one diagram
}

// Process answers a message; the error is the index's, one it cannot read.
//
// VoicingAgent.ProcessAsync (Common/GA.Business.ML/Agents/VoicingAgent.cs:46-180 @ c781df5c).
func (a Agent) Process(message string) (Response, error) {
	read := a.Read
	if read == nil {
		read = query.Extract
	}
	q := read(message)
	// hasIntent: a chord, its pitch classes, a mode or tags (VoicingAgent.cs:54-57).
	if q.ChordSymbol == "" && len(q.PitchClasses) == 0 && q.ModeName == "" && len(q.Tags) == 0 {
		return Response{Text: NoIntentText, Confidence: NoIntentConfidence}, nil
	}
	results, err := a.Index.Search(q, defaultLimit)
	if err != nil {
		return Response{}, err
	}
	if len(results) == 0 {
		return Response{Text: NoMatchesText, Confidence: NoMatchesConfidence}, nil
	}

	nl := a.NewLine
	if nl == "" {
		nl = "\n"
	}
	// The answer text, one AppendLine per line (VoicingAgent.cs:145-153).
	var b strings.Builder
	plural := "s"
	if len(results) == 1 {
		plural = ""
	}
	b.WriteString("Found " + strconv.Itoa(len(results)) + " voicing" + plural + " matching " + intent(q) + ":" + nl)
	b.WriteString(nl)
	for _, r := range results {
		name := r.ChordName
		if name == "" {
			name = "Voicing"
		}
		kind := r.Instrument
		if kind == "" {
			kind = "guitar"
		}
		b.WriteString("- **" + name + "** `" + r.Diagram + "` (" + kind + ", score " + FormatFixed(r.Score, 3) + ")" + nl)
	}
	// The confidence is the top score clamped, as a float (VoicingAgent.cs:157).
	conf := float64(float32(min(max(results[0].Score, 0), 1)))
	return Response{Text: b.String(), Confidence: conf, DiagramCount: len(results)}, nil
}

// intent describes what the query asked for, as the answer's first line shows it.
func intent(q query.Query) string {
	var parts []string
	if q.ChordSymbol != "" {
		parts = append(parts, "chord "+q.ChordSymbol)
	}
	if q.ModeName != "" {
		parts = append(parts, "mode "+q.ModeName)
	}
	if len(q.Tags) > 0 {
		parts = append(parts, "tags ["+strings.Join(q.Tags, ", ")+"]")
	}
	if len(parts) == 0 {
		return "your query"
	}
	return strings.Join(parts, " + ")
}

// FormatFixed formats x like .NET's "F{digits}" format with an invariant
// culture: the exact binary value is rounded half away from zero, and a
// negative value that rounds to zero keeps its sign ("-0.000"), as .NET Core
// 3.0 and later print it. Go's strconv rounds exact ties to even instead.
// digits is clamped to 0..100.
func FormatFixed(x float64, digits int) string {
	switch {
	case math.IsNaN(x):
		return "NaN"
	case math.IsInf(x, 1):
		return "Infinity"
	case math.IsInf(x, -1):
		return "-Infinity"
	}
	digits = min(max(digits, 0), 100)
	neg := x < 0 || (x == 0 && 1/x < 0)
	if neg {
		x = -x
	}
	// 1100 fraction digits hold every float64 exactly, so the rounding below
	// sees the true value, not a rounded one.
	s := strconv.FormatFloat(x, 'f', 1100, 64)
	dot := strings.IndexByte(s, '.')
	intPart, frac := []byte(s[:dot]), s[dot+1:]
	kept := []byte(frac[:digits])
	if frac[digits] >= '5' {
		kept, intPart = roundUp(kept, intPart)
	}
	out := string(intPart)
	if digits > 0 {
		out += "." + string(kept)
	}
	if neg {
		out = "-" + out
	}
	return out
}

// roundUp adds one unit in the last place of frac, carrying into the integer part.
func roundUp(frac, intPart []byte) ([]byte, []byte) {
	for i := len(frac) - 1; i >= 0; i-- {
		if frac[i] < '9' {
			frac[i]++
			return frac, intPart
		}
		frac[i] = '0'
	}
	for i := len(intPart) - 1; i >= 0; i-- {
		if intPart[i] < '9' {
			intPart[i]++
			return frac, intPart
		}
		intPart[i] = '0'
	}
	return frac, append([]byte{'1'}, intPart...)
}
