package root

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"course/hostproc"
	"course/internal/cmdutil"
)

// StopSignals are the signals that end the course gracefully: the host is stopped, and the
// course exits with 128 + the signal's number, as a shell reports it.
var StopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}

// Exec is the course's main: a host's supervisor supervises and exits, anything else runs the
// command line of os.Args, ended gracefully by the first signal on sigs, and returns the exit
// status. It is main's whole body, so a test binary that stands in for the course runs exactly
// what main does. sigs is caught by the caller, as early as it can (the course's main catches
// StopSignals before its packages initialise); nil catches StopSignals here.
func Exec(version string, sigs chan os.Signal) int {
	hostproc.SupervisorMain() // returns at once unless this process is a host's supervisor
	if sigs == nil {
		sigs = make(chan os.Signal, 1)
		signal.Notify(sigs, StopSignals...)
	}
	return Main(version, os.Args[1:], sigs, os.Stderr)
}

// Main runs the course's command line, cancelling it on the first signal from sigs, and returns
// the exit status, having written any error to stderr: a command that a signal cut short exits
// with 128 + the signal's number and names the signal instead of the cancellation it caused.
// After the first signal, the next one ends the course at once (the host's supervisor still
// takes the host along).
func Main(version string, args []string, sigs chan os.Signal, stderr io.Writer) int {
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	go func() {
		if sig, ok := <-sigs; ok {
			signal.Stop(sigs)
			cancel(&signalError{sig: sig})
		}
	}()
	err := Execute(ctx, version, args)
	if err == nil {
		return 0 // finished, even if a signal came (`course host` stops on one, as Kestrel does)
	}
	// A command that sets its own exit status (course probe guards CI jobs with it) says so.
	var exit *cmdutil.ExitError
	if errors.As(err, &exit) {
		if exit.Err != nil {
			fmt.Fprintln(stderr, "course:", exit.Err)
		}
		return exit.Code
	}
	var sig *signalError
	if errors.As(context.Cause(ctx), &sig) {
		fmt.Fprintln(stderr, "course:", sig)
		return sig.exitCode()
	}
	fmt.Fprintln(stderr, "course:", err)
	return 1
}

// signalError is the cause of the course's context when a signal ended it.
type signalError struct{ sig os.Signal }

func (e *signalError) Error() string {
	name, what := "SIGINT", "interrupted"
	switch e.sig {
	case syscall.SIGTERM:
		name, what = "SIGTERM", "terminated"
	case syscall.SIGHUP:
		name, what = "SIGHUP", "hung up"
	}
	return what + " (" + name + ")"
}

// exitCode is 128 + the signal's number: 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP.
func (e *signalError) exitCode() int {
	if s, ok := e.sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return 130
}
