package kit

import (
	"slices"
	"strconv"
	"strings"

	"course/ga/composition"
	"course/ga/embeddings"
	"course/ga/optick"
)

// The voice-leading tool's defaults (ga_voice_leading_pair), which lessons 19 and 20 ask with.
const (
	VoiceLeadingLimit      = 5
	VoiceLeadingCandidates = 15
)

// VoiceLeadingTool builds lesson 3's corpus and index, as GA's pipeline in version v does (the
// zero value is the pin's), and ga_voice_leading_pair over that index.
func VoiceLeadingTool(v optick.Version) (*composition.VoiceLeadingTool, []optick.CorpusVoicing, error) {
	partitions := embeddings.Partitions()
	built, err := optick.BuildCorpusIndexWith(optick.CorpusFretCount, optick.CorpusWindowSize, optick.CorpusMinPlayed, partitions, false, v.Pipeline)
	if err != nil {
		return nil, nil, err
	}
	reader, err := optick.Open(built.Index, partitions)
	if err != nil {
		return nil, nil, err
	}
	return &composition.VoiceLeadingTool{Strategy: optick.NewStrategyWith(reader, v.Search), Partitions: partitions, Encode: v.Encode}, built.Voicings, nil
}

// Chart writes a diagram GA writes high E first as a chord chart, low E first.
func Chart(diagram string) string {
	parts := strings.Split(diagram, "-")
	slices.Reverse(parts)
	for i, p := range parts {
		if p == "X" {
			parts[i] = "x"
		}
	}
	return strings.Join(parts, "-")
}

// ShowVoicing writes a voicing as the tables do: its chart and its chord name.
func ShowVoicing(r optick.Result) string { return Chart(r.Diagram) + " " + r.ChordName }

// Number writes a distance as .NET writes a double.
func Number(d float64) string { return strconv.FormatFloat(d, 'f', -1, 64) }
