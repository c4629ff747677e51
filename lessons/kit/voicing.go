package kit

import (
	"fmt"

	"course/ga/composition"
	"course/ga/embeddings"
	"course/ga/indexcache"
	"course/ga/optick"
	"course/theory"
)

// The voice-leading tool's defaults (ga_voice_leading_pair), which lessons 19 and 20 ask with.
const (
	VoiceLeadingLimit      = 5
	VoiceLeadingCandidates = 15
)

// CorpusIndex is lesson 3's corpus and index over partitions, as GA's pipeline p builds it (the
// zero value is the pin's): read from the course's cache, or built and cached
// (indexcache.Load), and opened with GA's reader; the voicings are read back from the index.
func CorpusIndex(partitions []embeddings.Partition, p optick.Pipeline) (*optick.Reader, []optick.CorpusVoicing, error) {
	spec := indexcache.Course(p)
	spec.Partitions = partitions
	index, err := indexcache.Load(spec)
	if err != nil {
		return nil, nil, fmt.Errorf("build the index: %w", err)
	}
	reader, err := optick.Open(index, partitions)
	if err != nil {
		return nil, nil, fmt.Errorf("read the index: %w", err)
	}
	voicings, err := optick.ReadCorpus(reader)
	if err != nil {
		return nil, nil, fmt.Errorf("read the index: %w", err)
	}
	return reader, voicings, nil
}

// VoiceLeadingTool is lesson 3's corpus and index, as GA's pipeline in version v builds it (the
// zero value is the pin's), and ga_voice_leading_pair over that index.
func VoiceLeadingTool(v optick.Version) (*composition.VoiceLeadingTool, []optick.CorpusVoicing, error) {
	partitions := embeddings.Partitions()
	reader, voicings, err := CorpusIndex(partitions, v.Pipeline)
	if err != nil {
		return nil, nil, err
	}
	return &composition.VoiceLeadingTool{Strategy: optick.NewStrategyWith(reader, v.Search), Partitions: partitions, Encode: v.Encode}, voicings, nil
}

// ShowVoicing writes a voicing as the tables do: its chart, low E first, and its chord name.
func ShowVoicing(r optick.Result) (string, error) {
	c, err := theory.ParseDiagram(r.Diagram)
	if err != nil {
		return "", err
	}
	return c.String() + " " + r.ChordName, nil
}
