package l3

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"course/ga/embeddings"
)

// addWeightFlag gives the lesson's command --weight NAME=W, a partition's weight in place of
// GA's, so the learner can set ROOT's to 0 without touching the course's code.
func addWeightFlag(cmd *cobra.Command, opts *Options) {
	cmd.Flags().StringArrayVar(&opts.Weights, "weight", nil, "set a similarity partition's weight, `NAME=W` (ROOT=0), in place of GA's; repeatable")
}

// withWeights is a copy of partitions with each "NAME=W" of weights set: the partition NAME
// gets the weight W, which must be a number from 0 up.
func withWeights(partitions []embeddings.Partition, weights []string) ([]embeddings.Partition, error) {
	out := slices.Clone(partitions)
	for _, nw := range weights {
		name, w, ok := strings.Cut(nw, "=")
		weight, err := strconv.ParseFloat(strings.TrimSpace(w), 64)
		if !ok || err != nil || weight < 0 || math.IsInf(weight, 0) || math.IsNaN(weight) {
			return nil, fmt.Errorf("--weight %q: write a partition and a weight from 0 up, such as ROOT=0", nw)
		}
		i := slices.IndexFunc(out, func(p embeddings.Partition) bool { return strings.EqualFold(p.Name, strings.TrimSpace(name)) })
		if i < 0 {
			return nil, fmt.Errorf("--weight %q: no partition %q", nw, name)
		}
		if out[i].Role != embeddings.Similarity {
			return nil, fmt.Errorf("--weight %q: %s is not scored; only the similarity partitions have a weight", nw, out[i].Name)
		}
		out[i].Weight = weight
	}
	return out, nil
}
