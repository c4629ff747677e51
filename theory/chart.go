package theory

import (
	"fmt"
	"strconv"
	"strings"
)

// Chart is a fret chart of a six-string guitar in standard tuning: each string's fret, low E
// first, Muted for a string that does not sound. It is the course's one reading of the charts
// and diagrams that lessons print and GA's answers hold; GA's own parsers are modelled where
// GA has them (ga/voicinganalysis.ParseMcpDiagram, ga/notation.VexTabTokens).
type Chart [6]int

// Muted is the fret of a string that does not sound.
const Muted = -1

// ParseChart reads a chart written low E first, as a chord book writes open C, "x-3-2-0-1-0"
// or "x32010". The rule, the same for every chart the course reads:
//
//   - six frets joined by hyphens, each a fret number from 0 (frets over 9 are written in
//     full, "x-x-10-9-8-x"), or x or X for a muted string, in either case;
//   - or, for frets below 10 only, the six frets written together with no hyphen ("X32010");
//   - anything else, a sign, a space, a seventh string, is an error that names the chart and
//     the fret it could not read.
func ParseChart(chart string) (Chart, error) { return parseChart("chart", chart) }

// ParseDiagram reads a diagram as GA's Voicing.Diagram writes it, string 1, the high E,
// first ("0-1-0-2-3-x" is open C), by the rule of ParseChart.
func ParseDiagram(diagram string) (Chart, error) {
	c, err := parseChart("diagram", diagram)
	for i, j := 0, len(c)-1; i < j; i, j = i+1, j-1 {
		c[i], c[j] = c[j], c[i]
	}
	return c, err
}

// parseChart reads the frets of s in the order it writes them; noun names s in errors.
func parseChart(noun, s string) (Chart, error) {
	var c Chart
	var frets []string
	switch {
	case strings.Contains(s, "-"):
		if frets = strings.Split(s, "-"); len(frets) != len(c) {
			return Chart{}, fmt.Errorf("%s %q has %d strings, want %d", noun, s, len(frets), len(c))
		}
	case len(s) == len(c):
		for i := range s {
			frets = append(frets, s[i:i+1])
		}
	default:
		return Chart{}, fmt.Errorf("%s %q: want six frets joined by hyphens, or six frets below 10 written together", noun, s)
	}
	for i, f := range frets {
		switch {
		case f == "x" || f == "X":
			c[i] = Muted
		case f == "" || strings.Trim(f, "0123456789") != "":
			return Chart{}, fmt.Errorf("%s %q: fret %q: want a fret number, or x for a muted string", noun, s, f)
		default:
			n, err := strconv.Atoi(f)
			if err != nil {
				return Chart{}, fmt.Errorf("%s %q: fret %q: %w", noun, s, f, err)
			}
			c[i] = n
		}
	}
	return c, nil
}

// String writes the chart low E first, hyphenated, x for a muted string: "x-3-2-0-1-0".
func (c Chart) String() string { return c.join(false) }

// Diagram writes the chart as GA's Voicing.Diagram does, high E first: "0-1-0-2-3-x".
func (c Chart) Diagram() string { return c.join(true) }

func (c Chart) join(highFirst bool) string {
	parts := make([]string, len(c))
	for i, f := range c {
		at := i
		if highFirst {
			at = len(c) - 1 - i
		}
		parts[at] = "x"
		if f != Muted {
			parts[at] = strconv.Itoa(f)
		}
	}
	return strings.Join(parts, "-")
}

// Midi are the MIDI notes of the strings that sound, low E first.
func (c Chart) Midi() []int {
	open := StandardMidi()
	out := make([]int, 0, len(c))
	for i, f := range c {
		if f != Muted {
			out = append(out, open[i]+f)
		}
	}
	return out
}

// PitchClasses is the set of pitch classes the chart plays.
func (c Chart) PitchClasses() PCMask { return MaskOf(c.Midi()...) }
