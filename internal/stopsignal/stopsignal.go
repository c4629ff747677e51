// Package stopsignal catches the signals that end the course gracefully from the first moment of
// the process. Go initialises a program's packages in the order of their import paths, each once
// the packages it imports are ready; this one needs only os/signal and syscall, so its init runs
// before the course's own packages and their dependencies are set up (cobra, the lessons' tables,
// the models' expressions), some milliseconds in which a signal would otherwise kill the course
// without its message. Only the course's main imports it, so that a test binary keeps the
// default end on Ctrl-C.
package stopsignal

import (
	"os"
	"os/signal"
	"syscall"
)

// Signals are the signals that end the course gracefully, as root.StopSignals lists them.
var Signals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}

// C receives the first of Signals that reaches the process; root.Exec reads it.
var C = make(chan os.Signal, 1)

func init() {
	// The course's hidden modes ("__hostproc-supervise") handle their signals themselves.
	if len(os.Args) > 1 && len(os.Args[1]) > 2 && os.Args[1][0] == '_' && os.Args[1][1] == '_' {
		return
	}
	signal.Notify(C, Signals...)
}

// Release stops catching the signals, for a binary that holds this package but runs something
// other than the course's main, such as its tests.
func Release() { signal.Stop(C) }
