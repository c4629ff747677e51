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
// gets the weight W, which must be a number from 0 up.
func WithWeights(partitions []embeddings.Partition, weights []string) ([]embeddings.Partition, error) {
	out := slices.Clone(partitions)
	for _, nw := range weights {
		name, w, ok := strings.Cut(nw, "=")
		weight, err := strconv.ParseFloat(strings.TrimSpace(w), 64)
		if !ok || err != nil || weight < 0 || math.IsInf(weight, 0) || math.IsNaN(weight) {
			return nil, fmt.Errorf("--weight %q: write a partition and a weight from 0 up, such as ROOT=0 or MODAL=0.2", nw)
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
