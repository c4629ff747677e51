package kit

import (
	"io"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"course/ga/revision"
)

// TestMainFlagReadsAsABool: --main sets main, --main=false the pin, a value that is no bool is
// refused, and the help shows --main as it shows a bool flag, without a value or a default.
func TestMainFlagReadsAsABool(t *testing.T) {
	parse := func(args ...string) (revision.Revision, *cobra.Command, error) {
		var rev revision.Revision
		cmd := &cobra.Command{Use: "lesson", RunE: func(*cobra.Command, []string) error { return nil }}
		cmd.SetOut(io.Discard)
		cmd.SetErr(io.Discard)
		MainFlag(cmd, &rev, "ask GA's main")
		cmd.SetArgs(args)
		err := cmd.Execute()
		return rev, cmd, err
	}
	for _, tt := range []struct {
		args []string
		want revision.Revision
	}{{nil, revision.Pin}, {[]string{"--main"}, revision.Main}, {[]string{"--main=true"}, revision.Main}, {[]string{"--main", "--main=false"}, revision.Pin}} {
		if got, _, err := parse(tt.args...); err != nil || got != tt.want {
			t.Errorf("%q: %v, %v; want %v", tt.args, got, err, tt.want)
		}
	}
	if _, _, err := parse("--main=maybe"); err == nil || !strings.Contains(err.Error(), `invalid argument "maybe" for "--main" flag`) {
		t.Errorf("--main=maybe: %v", err)
	}
	_, cmd, _ := parse()
	if got := cmd.Flags().FlagUsages(); !strings.Contains(got, "      --main   ask GA's main\n") {
		t.Errorf("help line %q", got)
	}
}
