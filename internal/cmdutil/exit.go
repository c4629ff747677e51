// Package cmdutil holds what the course's commands share beyond the report: the error that
// asks main for a particular exit status.
package cmdutil

import "strconv"

// Exit statuses a command asks for, besides 0 for success; CI jobs read them.
const (
	// ExitFail is a command that ran and found what it checks for wanting: a reader missed the
	// answer, a hazard was found, an exercise's code is not right yet.
	ExitFail = 1
	// ExitCannotRun is a command that could not run: bad usage, no connection, a timeout.
	ExitCannotRun = 2
)

// ExitError is an error that asks main for a particular exit status.
type ExitError struct {
	// Code is the status main exits with, ExitFail or ExitCannotRun.
	Code int
	// Err is the failure main prints before it exits; nil prints nothing.
	Err error
}

// Error returns the wrapped error's message.
func (e *ExitError) Error() string {
	if e.Err == nil {
		return "exit status " + strconv.Itoa(e.Code)
	}
	return e.Err.Error()
}

// Unwrap returns the wrapped error.
func (e *ExitError) Unwrap() error { return e.Err }
