package kit

import (
	"strconv"

	"github.com/spf13/cobra"

	"course/ga/revision"
)

// MainFlag gives a lesson's command --main, a flag the learner sets as a bool, which sets *r
// to GA's main branch; usage says what main changes in that lesson.
func MainFlag(cmd *cobra.Command, r *revision.Revision, usage string) {
	cmd.Flags().VarPF(mainFlag{r}, "main", "", usage).NoOptDefVal = "true"
}

// mainFlag is --main as pflag reads a bool flag: "true" or "false", given or not.
type mainFlag struct{ r *revision.Revision }

func (f mainFlag) String() string {
	if f.r == nil {
		return "false"
	}
	return strconv.FormatBool(f.r.IsMain())
}

func (f mainFlag) Set(s string) error {
	on, err := strconv.ParseBool(s)
	if err != nil {
		return err
	}
	*f.r = revision.Pin
	if on {
		*f.r = revision.Main
	}
	return nil
}

func (mainFlag) Type() string { return "bool" }

// IsBoolFlag makes pflag print --main as it prints a bool flag, without a value or a default.
func (mainFlag) IsBoolFlag() bool { return true }
