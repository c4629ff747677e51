package lessons

import (
	"context"
	"errors"
	"io"

	"github.com/spf13/cobra"
)

// NewCmdMatrix builds `course matrix`.
func NewCmdMatrix(runF func(context.Context, io.Writer) error) *cobra.Command {
	return &cobra.Command{Use: "matrix", Short: "Every writer against every reader", RunE: func(*cobra.Command, []string) error { return errors.New("matrix: not written yet") }}
}

// NewCmdWire builds `course wire`.
func NewCmdWire() *cobra.Command {
	return &cobra.Command{Use: "wire", Short: "One writer or one reader on standard input", RunE: func(*cobra.Command, []string) error { return errors.New("wire: not written yet") }}
}
