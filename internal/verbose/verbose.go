// Package verbose is the course's --verbose: one line on standard error for each thing the course
// put right without a word (a cached file rebuilt, a cache folder it could not write, a file it
// removed to keep the folder small), so that a user chasing a slow run can see why, and nothing
// without the flag. The setting is an environment variable, so that the processes the course
// starts, a lesson's host among them, have it too; a lesson passes its host's lines on (Relay).
package verbose

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// Var is the environment variable that turns the lines on; --verbose sets it.
const Var = "COURSE_VERBOSE"

// prefix begins every line, so that a line a child process writes is known for one.
const prefix = "verbose: "

// On reports whether this process writes its lines.
func On() bool { return os.Getenv(Var) != "" }

// Printf writes one line under --verbose: format and args as fmt's, without the newline.
func Printf(format string, args ...any) {
	if On() {
		// One write, so that lines of goroutines writing at once stay whole.
		fmt.Fprint(os.Stderr, prefix+fmt.Sprintf(format, args...)+"\n")
	}
}

// Relay writes line, a line of the output of the child process named child, under --verbose
// when it is one of the child's own verbose lines, and reports whether it was one.
func Relay(child, line string) bool {
	rest, ok := strings.CutPrefix(line, prefix)
	if !ok {
		return false
	}
	Printf("%s: %s", child, rest)
	return true
}

// Flag is the value of a --verbose flag: setting it sets Var for this process and those it
// starts.
type Flag struct{}

// String is the setting, "true" or "false".
func (Flag) String() string { return strconv.FormatBool(On()) }

// Set turns the lines on or off, from "true" or "false".
func (Flag) Set(s string) error {
	on, err := strconv.ParseBool(s)
	if err != nil {
		return fmt.Errorf("want true or false, not %q", s)
	}
	if on {
		return os.Setenv(Var, "1")
	}
	return os.Unsetenv(Var)
}

// Type is the flag's kind, as pflag names it.
func (Flag) Type() string { return "bool" }

// IsBoolFlag lets the flag stand alone, without a value.
func (Flag) IsBoolFlag() bool { return true }
