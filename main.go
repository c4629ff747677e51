// Command course runs the lessons of a course on how Guitar Alchemist's chatbot answers travel
// from the server to the user: `course l6`.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"course/internal/cli"
	"course/internal/cmdutil"
)

// version is the course's version, printed by `course --version`.
const version = "0.1.0"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := cli.Execute(ctx, version, os.Args[1:])
	stop()
	if err == nil {
		return
	}
	// A command that sets its own exit status (course probe guards CI jobs with it) says so.
	var exit *cmdutil.ExitError
	if errors.As(err, &exit) {
		if exit.Err != nil {
			fmt.Fprintln(os.Stderr, "course:", exit.Err)
		}
		os.Exit(exit.Code)
	}
	fmt.Fprintln(os.Stderr, "course:", err)
	os.Exit(1)
}
