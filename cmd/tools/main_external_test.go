package tools_test

import (
	"os"
	"testing"

	"course/cmd/root"
	"course/cmd/tools"
	"course/internal/testutil"
)

// TestMain runs the course's main when the environment asks for it (tools.CourseMainVar),
// before any test machinery; otherwise the tests, this binary's host children included. It lives
// in the external test package because the course's command line imports the tools.
func TestMain(m *testing.M) {
	if os.Getenv(tools.CourseMainVar) != "" {
		os.Exit(root.Exec("test", nil))
	}
	testutil.Main(m)
}
