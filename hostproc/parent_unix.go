//go:build unix

package hostproc

import (
	"errors"
	"os"
	"os/exec"
	"strconv"
	"syscall"
)

// parentProbe reports the parent gone when this process is re-parented (its parent died and
// init or a subreaper adopted it) or when the course named in COURSE_PARENT_PID has exited. Only
// a host that a course started has that variable: a host a user started (`course host` from a
// shell, under nohup or not) has no course to watch, and runs until it is told to stop.
func parentProbe() func() bool {
	return probeParent(os.Getppid(), os.Getenv(parentPIDVar), os.Getppid, processExists)
}

// probeParent is parentProbe with the system calls passed in, so its decisions
// can be tested: ppid is the parent at the time of the call, course the value
// of COURSE_PARENT_PID.
func probeParent(ppid int, course string, getppid func() int, exists func(pid int) bool) func() bool {
	starter, err := strconv.Atoi(course)
	if err != nil || starter <= 1 {
		return nil // not started by a course: nothing to watch
	}
	return func() bool {
		if ppid > 1 && getppid() != ppid {
			return true
		}
		return starter != ppid && !exists(starter)
	}
}

// processExists reports whether pid names a process, ours to signal or not.
func processExists(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// markParent tells the child which process is its course (see parentPIDVar).
// It goes last in the environment, where os/exec lets it win over an inherited value.
func markParent(cmd *exec.Cmd) {
	env := cmd.Env
	if env == nil {
		env = os.Environ() // what os/exec would have given the child
	}
	cmd.Env = append(env[:len(env):len(env)], parentPIDVar+"="+strconv.Itoa(os.Getpid()))
}
