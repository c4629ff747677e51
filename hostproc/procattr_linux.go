package hostproc

import (
	"os/exec"
	"syscall"
)

// diesWithParent is true where a direct child gets a parent-death signal, so that a host that
// starts nothing of its own needs no supervisor to end with the course.
const diesWithParent = true

// setProcAttr puts a directly started child in its own process group, so one signal reaches
// everything it starts, and has the kernel SIGKILL it if we die outright. Pdeathsig fires when
// the forking OS thread exits; nothing here locks and abandons a thread, so in practice that
// means when this process exits. The child also learns our pid, for a host that watches its
// course itself.
func setProcAttr(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	markParent(cmd)
}

// setSupervisorAttr keeps the supervisor out of our process group, so the terminal's signals are
// ours to handle, and has the kernel send it SIGTERM, which it catches to kill the host's group,
// when we die.
func setSupervisorAttr(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
	markParent(cmd)
}
