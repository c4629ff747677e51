package lessons

import (
	"testing"

	"github.com/spf13/cobra"

	"course/lessons/l6"
	"course/testutil"
)

// TestMain lets the test binary serve as the host child: lessons start `<binary> host`.
func TestMain(m *testing.M) { testutil.Main(m) }

// lessonsRoot is a root command with the lessons and `course check`, as the course has them.
func lessonsRoot() *cobra.Command {
	root := &cobra.Command{Use: "course", SilenceUsage: true, SilenceErrors: true}
	for _, l := range Course() {
		root.AddCommand(l.New())
	}
	root.AddCommand(l6.NewCmdCheck(nil), NewCmdLessons(nil))
	return root
}
