package hostproc

import (
	"os/exec"
	"syscall"
)

// setProcAttr puts the child in its own process group, so one signal reaches
// everything it starts, and has the kernel SIGKILL it if we die outright.
// Pdeathsig fires when the forking OS thread exits; nothing here locks and
// abandons a thread, so in practice that means when this process exits.
// The child also learns our pid, for a host that watches its course itself.
func setProcAttr(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	markParent(cmd)
}
