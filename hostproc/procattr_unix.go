//go:build unix && !linux

package hostproc

import (
	"os/exec"
	"syscall"
)

// setProcAttr puts the child in its own process group, so one signal reaches
// everything it starts.
func setProcAttr(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}
