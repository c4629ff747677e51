package lessons

import (
	"context"
	"errors"
	"io"

	"github.com/spf13/cobra"
)

// NewCmdL5 builds `course l5`.
func NewCmdL5(runF func(context.Context, io.Writer) error) *cobra.Command {
	return &cobra.Command{Use: "l5", Short: "The improvisation skill against chord-scale theory", RunE: func(*cobra.Command, []string) error { return errors.New("l5: not written yet") }}
}
