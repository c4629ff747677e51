//go:build !unix

package hostproc

import "os"

// SupervisorMain must be called first in main (and in the TestMain of a test binary that starts
// hosts). Here it does nothing: on Windows the job object that holds the host ends its whole tree
// with the course, and the remaining systems have no process tree to keep.
func SupervisorMain() {}

// startProcess starts the host as our own child.
func startProcess(spec Spec, env []string, stdout, stderr *os.File) (process, error) {
	return startDirect(spec, env, stdout, stderr)
}
