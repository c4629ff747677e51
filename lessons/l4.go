package lessons

import (
	"context"
	"errors"
	"io"

	"github.com/spf13/cobra"
)

// NewCmdL4 builds `course l4`.
func NewCmdL4(runF func(context.Context, io.Writer) error) *cobra.Command {
	return &cobra.Command{Use: "l4", Short: "From a message to the answer", RunE: func(*cobra.Command, []string) error { return errors.New("l4: not written yet") }}
}
