package lessons

import (
	"bytes"
	"course/learn"
	"course/testutil"
	"testing"

	"github.com/spf13/cobra"
)

// TestMain lets the test binary serve as the host child: lessons start `<binary> host`.
func TestMain(m *testing.M) { testutil.Main(m) }

// runCourse runs the course's command line in-process and returns what it printed.
func runCourse(t *testing.T, args ...string) (string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	root := lessonsRoot()
	root.SetOut(&out)
	root.SetErr(&errOut)
	root.SetArgs(args)
	err := root.ExecuteContext(t.Context())
	return out.String(), err
}

// lessonsRoot is a root command with the lessons and `course check`, as the course has them.
func lessonsRoot() *cobra.Command {
	root := &cobra.Command{Use: "course", SilenceUsage: true, SilenceErrors: true}
	for _, l := range All() {
		root.AddCommand(l.New())
	}
	root.AddCommand(learn.NewCmdCheck(Exercises(), nil), NewCmdLessons(nil))
	return root
}
