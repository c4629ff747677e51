package kit

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"course/ga/embeddings"
)

// AddWeightFlag gives a lesson's command --weight NAME=W, a partition's weight in place of GA's,
// so that a learner sees what a weight changes without touching the course's code; example is
// the flag's example, "ROOT=0".
func AddWeightFlag(cmd *cobra.Command, weights *[]string, example string) {
	cmd.Flags().StringArrayVar(weights, "weight", nil, "set a similarity partition's weight, `NAME=W` ("+example+"), in place of GA's; repeatable")
}

// WithWeights is a copy of partitions with each "NAME=W" of weights set: the partition NAME
// gets the weight W, which ParseWeight reads.
func WithWeights(partitions []embeddings.Partition, weights []string) ([]embeddings.Partition, error) {
	out := slices.Clone(partitions)
	for _, nw := range weights {
		name, w, ok := strings.Cut(nw, "=")
		weight, err := ParseWeight(w)
		if !ok || err != nil {
			return nil, fmt.Errorf("--weight %q: write a partition and a weight from 0 up, such as ROOT=0 or MODAL=0.2", nw)
		}
		if out, err = WithWeight(out, name, weight); err != nil {
			return nil, fmt.Errorf("--weight %q: %w", nw, err)
		}
	}
	return out, nil
}

// ParseWeight reads a partition's weight, a number from 0 up: the one reading of a weight
// every flag that sets one shares.
func ParseWeight(s string) (float64, error) {
	w, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || w < 0 || math.IsInf(w, 0) || math.IsNaN(w) {
		return 0, fmt.Errorf("want a weight from 0 up, not %q", s)
	}
	return w, nil
}

// WithWeight is a copy of partitions in which the similarity partition name, in any case,
// weighs weight.
func WithWeight(partitions []embeddings.Partition, name string, weight float64) ([]embeddings.Partition, error) {
	i := slices.IndexFunc(partitions, func(p embeddings.Partition) bool { return strings.EqualFold(p.Name, strings.TrimSpace(name)) })
	if i < 0 {
		return nil, fmt.Errorf("no partition %q", name)
	}
	if partitions[i].Role != embeddings.Similarity {
		return nil, fmt.Errorf("%s is not scored; only the similarity partitions have a weight", partitions[i].Name)
	}
	out := slices.Clone(partitions)
	out[i].Weight = weight
	return out, nil
}
