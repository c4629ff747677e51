package tools

import (
	"bytes"
	"testing"

	"github.com/spf13/cobra"
)

// GA's two chat endpoints and lesson 6's voicing question, which the probe's tests send to the
// stand-in as the lesson does.
const (
	chatPath        = "/api/chatbot/chat"
	streamPath      = "/api/chatbot/chat/stream"
	voicingQuestion = "Show me Cmaj7 voicings"
)

// TestMain lets the test binary serve as the stand-in host the probe's tests start.
// toolsRoot is a root command with the tools, as the course has them.
func toolsRoot() *cobra.Command {
	root := &cobra.Command{Use: "course", SilenceUsage: true, SilenceErrors: true}
	root.AddCommand(NewCmdHost(), NewCmdMatrix(nil), NewCmdWire(), NewCmdProbe(nil))
	return root
}

// runCourse runs a tool's command line in-process and returns what it printed.
func runCourse(t *testing.T, args ...string) (string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	root := toolsRoot()
	root.SetOut(&out)
	root.SetErr(&errOut)
	root.SetArgs(args)
	err := root.ExecuteContext(t.Context())
	return out.String(), err
}
