package wire

import (
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"course/internal/testutil"
)

// TestWireServeRefuses: what `course wire serve` cannot serve is a one-line error before it
// listens, and it listens on loopback only.
func TestWireServeRefuses(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--transport", "sse", "--writer", "bit"}, "serve takes websocket or signalr"},
		{[]string{"--transport", "all", "--writer", "bit"}, "serve takes websocket or signalr"},
		{[]string{"--transport", "signalr", "--writer", "nope"}, `unknown signalr writer "nope"`},
		{[]string{"--transport", "websocket", "--writer", "split"}, `unknown websocket writer "split"`},
		{[]string{"--transport", "signalr", "--writer", "bit", "--addr", "0.0.0.0:0"}, "give a loopback address"},
		{[]string{"--transport", "signalr", "--writer", "bit", "--addr", "8082"}, "give a loopback address"},
		{[]string{"--transport", "signalr", "--writer", "bit", "--split", "nine"}, "nine"},
	} {
		_, err := testutil.RunIn(t, "Two voicings.", NewCmdWire(), append([]string{"wire", "serve"}, tc.args...)...)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("wire serve %s: %v, want one line with %q", strings.Join(tc.args, " "), err, tc.want)
		}
	}
}

// TestWireServeCompletion: the writers offered are the transport's.
func TestWireServeCompletion(t *testing.T) {
	testutil.Completes(t, func() *cobra.Command { return NewCmdWire() },
		testutil.Completion{Args: []string{"wire", "serve", "--transport", "signalr", "--writer", ""}, Want: []string{"bit", "boilerplate", "split"}},
		testutil.Completion{Args: []string{"wire", "serve", "--transport", "websocket", "--writer", ""}, Want: []string{"bit"}, Not: []string{"split"}},
		testutil.Completion{Args: []string{"wire", "serve", "--transport", ""}, Want: []string{"websocket", "signalr"}, Not: []string{"sse"}},
	)
}
