//go:build unix && !linux

package hostproc

import (
	"os/exec"
	"syscall"
)

// diesWithParent is false: without a parent-death signal every host runs under a supervisor.
const diesWithParent = false

// setProcAttr puts a directly started child in its own process group, so one signal reaches
// everything it starts. There is no parent-death signal on these systems (macOS among them): the
// child learns our pid and, if it is a course host, watches for our exit itself (WatchParent).
func setProcAttr(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	markParent(cmd)
}

// setSupervisorAttr keeps the supervisor out of our process group, so the terminal's signals are
// ours to handle. Without a parent-death signal, the supervisor learns of our end from its orders
// pipe and by watching its parent.
func setSupervisorAttr(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	markParent(cmd)
}
