package root

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// unknownCommand says what the course has instead of args[0]: the lesson a learner meant when case or a stray space got in the way ("L6", "l 6"), the nearest
// command, or the index.
func unknownCommand(root *cobra.Command, args []string) error {
	name := args[0]
	typed := name
	if len(args) > 1 && isDigits(args[1]) && strings.EqualFold(strings.TrimSpace(name), "l") {
		typed = name + " " + args[1]
	}
	if meant := strings.ToLower(strings.Join(strings.Fields(typed), "")); meant != name {
		if c, _, err := root.Find([]string{meant}); err == nil && c != root {
			return fmt.Errorf("unknown command %q: did you mean %s? `course lessons` lists the lessons", typed, meant)
		}
	}
	if root.SuggestionsMinimumDistance <= 0 {
		root.SuggestionsMinimumDistance = 2 // cobra's own default, which it sets only for its own message
	}
	if near := root.SuggestionsFor(name); len(near) > 0 && len(near) <= maxSuggestions {
		return fmt.Errorf("unknown command %q: did you mean %s? `course lessons` lists the lessons", name, strings.Join(near, " or "))
	}
	return fmt.Errorf("unknown command %q: `course lessons` lists the lessons, `course --help` the tools", name)
}

// maxSuggestions is the most commands a suggestion names: a name near more than that ("l", two
// columns from every lesson) says nothing about which one was meant.
const maxSuggestions = 3

func isDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// flagError turns pflag's "unknown flag: --exersice" into one line with a hint: the commands
// that have the flag when this one has not, or the nearest flag this command has.
// real gives the command a stand-in of the tree stands for.
func flagError(cmd *cobra.Command, err error, real func(*cobra.Command) *cobra.Command) error {
	name, ok := strings.CutPrefix(err.Error(), "unknown flag: --")
	if !ok {
		return err
	}
	if have := commandsWithFlag(cmd.Root(), name, real); len(have) > 0 {
		return fmt.Errorf("course %s has no --%s: %s %s it", cmd.Name(), name, strings.Join(have, ", "), plural(len(have), "has", "have"))
	}
	if near := nearestFlag(cmd, name); near != "" {
		return fmt.Errorf("unknown flag --%s: did you mean --%s? `course %s --help` lists the flags", name, near, cmd.Name())
	}
	return fmt.Errorf("unknown flag --%s: `course %s --help` lists the flags", name, cmd.Name())
}

// commandsWithFlag names the root's commands that have the flag name of their own, in the
// course's order.
func commandsWithFlag(root *cobra.Command, name string, real func(*cobra.Command) *cobra.Command) []string {
	var have []string
	for _, c := range root.Commands() {
		if real(c).LocalFlags().Lookup(name) != nil {
			have = append(have, c.Name())
		}
	}
	return have
}

// nearestFlag is the flag of cmd closest to name, within cobra's suggestion distance of two
// edits or a prefix; "" when none is that close.
func nearestFlag(cmd *cobra.Command, name string) string {
	best, bestDist := "", 3
	visit := func(f *pflag.Flag) {
		if f.Hidden {
			return
		}
		d := levenshtein(strings.ToLower(name), f.Name)
		if strings.HasPrefix(f.Name, name) && len(name) >= 3 {
			d = min(d, 1)
		}
		if d < bestDist || (d == bestDist && f.Name < best) {
			best, bestDist = f.Name, d
		}
	}
	cmd.LocalFlags().VisitAll(visit)
	cmd.InheritedFlags().VisitAll(visit)
	return best
}

// levenshtein is the number of single-character edits that turn a into b.
func levenshtein(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur := make([]int, len(rb)+1)
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(rb)]
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
