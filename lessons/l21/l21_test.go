package l21

import (
	"bytes"
	"context"
	"io"
	"slices"
	"strings"
	"testing"

	"course/ga/embeddings"
	"course/ga/revision"
	"course/ga/voicingtools"
	"course/internal/testutil"
)

// runOn runs lesson 21 on cfg.
func runOn(t *testing.T, cfg config) string {
	t.Helper()
	var out bytes.Buffer
	if err := runLesson(context.Background(), &out, cfg); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// defaultConfig is the lesson's own configuration.
func defaultConfig() config {
	return config{partitions: embeddings.Partitions(), prompts: prompts}
}

// TestSymbolicWeightZero gives the SYMBOLIC partition no weight: a tag then adds nothing to a
// score, so a chord with tags scores as the chord alone, every tag answers as the chord alone
// does, and the highest reachable score loses the partition's 0.10.
func TestSymbolicWeightZero(t *testing.T) {
	cfg := defaultConfig()
	cfg.partitions = slices.Clone(cfg.partitions)
	for i, p := range cfg.partitions {
		if p.Name == "SYMBOLIC" {
			cfg.partitions[i].Weight = 0
		}
	}
	out := runOn(t, cfg)
	testutil.MustContain(t, out,
		"partitions a query fills: STRUCTURE 0.45, SYMBOLIC 0.00, MODAL 0.10, ROOT 0.05",
		"the highest score a query can reach: 0.60\n",
		"  Cmaj7: 0.4585\n  Cmaj7 jazz: 0.4585\n  Cmaj7 drop2 jazz: 0.4585\n  Cmaj7 shell dreamy jazz: 0.4585\n",
		"  G7: 0.4578\n  G7 shell: 0.4578\n  G7 shell for: 0.4578\n",
		"Cmaj7   188    1                  188                              12 of 12\n",
		"for Cmaj7, the bits whose tags change nothing: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11\n",
		"for Cmaj7, jazz and shell-voicing: the same answer yes\n",
	)
}

// TestRewriteKeepsTheChord rewrites "something jazzy in F minor" as "F minor jazz" instead of
// the vocabulary's "Fm jazz": "jazzy" and "jazz" set the same bit and the mode is not encoded,
// so the rewrite now answers as the user's words did; it is the chord Fm that moved the answer.
func TestRewriteKeepsTheChord(t *testing.T) {
	cfg := defaultConfig()
	cfg.examples = slices.Clone(voicingtools.VoicingVocabulary().Examples)
	cfg.examples[3].CanonicalQuery = "F minor jazz"
	out := runOn(t, cfg)
	testutil.MustContain(t, out,
		"something jazzy in F minor   chord F, mode minor, tags jazzy    F minor jazz      chord F, mode minor, tags jazz yes             0.4810, 0.4810\n",
		"Cmaj7 jazz voicing           chord Cmaj7, tags jazz             Cmaj7 jazz        chord Cmaj7, tags jazz     yes             0.5085, 0.5085\n",
	)
}

// TestPromptWords asks queries of the course's: a word of three letters or more that some tag
// contains is read as that tag ("bond", part of james-bond-chord), but only the iconic chord's
// whole name, found across three words, gives the query the chord; a stop word reads nothing.
func TestPromptWords(t *testing.T) {
	cfg := defaultConfig()
	cfg.prompts = []string{"a bond chord", "james bond chord", "a chord", coursePrompt}
	out := runOn(t, cfg)
	testutil.MustContain(t, out,
		"a bond chord                              tags bond                          0.0577       bond → james-bond-chord\n",
		"james bond chord                          chord Em(maj7), tags james bond james-bond-chord 0.4975       james → james-bond-chord, bond → james-bond-chord\n",
		"a chord                                   nothing                            none\n",
		"the course's:\nthe best G7 voicing ",
	)
}

// TestPrefetchHoldsEveryQuery runs the sections, at the pin and on main, and checks that every
// query they asked was among the prefetched ones: a query left out would cost a pass over the
// index of its own, and the lesson would only get slower.
func TestPrefetchHoldsEveryQuery(t *testing.T) {
	for _, rev := range []revision.Revision{revision.Pin, revision.Main} {
		cfg := defaultConfig()
		cfg.rev = rev
		l, err := newLesson(io.Discard, cfg)
		if err != nil {
			t.Fatal(err)
		}
		prefetched := map[string]bool{}
		for _, p := range l.prefetches() {
			for _, q := range p.queries {
				prefetched[askKey(q, p.limit)] = true
			}
		}
		if err := l.run(t.Context()); err != nil {
			t.Fatal(err)
		}
		var missed []string
		for key := range l.asked {
			if !prefetched[key] {
				missed = append(missed, strings.ReplaceAll(key, "\x00", " "))
			}
		}
		slices.Sort(missed)
		if len(missed) > 0 {
			t.Errorf("%v: the sections asked %d queries that were not prefetched (limit, query): %q", rev, len(missed), missed)
		}
		if len(l.asked) < 1000 {
			t.Errorf("%v: the sections asked only %d queries", rev, len(l.asked))
		}
	}
}
