//go:build !unix

package hostproc

// parentProbe has nothing to watch here: on Windows the job object that holds
// the host ends it with the course (see proc_windows.go), and the remaining
// systems cannot start a host at all.
func parentProbe() func() bool { return nil }
