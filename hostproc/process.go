package hostproc

import (
	"os"
	"os/exec"
)

// process is the host as Start launched it: directly as our child, or under a supervisor that
// owns its process group (see supervise_unix.go). Either way the host's whole tree is what gets
// stopped.
type process interface {
	// pid is the host's process id, which on Unix is also its process group's.
	pid() int
	// terminate asks the host's whole tree to stop: SIGTERM to its group, Ctrl+Break on Windows.
	terminate() error
	// kill ends the host's whole tree at once.
	kill() error
	// wait blocks until the host itself has exited and says how it ended.
	wait() exitStatus
	// release ends whatever the host left behind in its tree and frees what Start held for
	// it; it is called once, after wait has returned.
	release()
}

// exitStatus is how the host ended.
type exitStatus struct {
	desc    string // as os.ProcessState words it: "exit status 3", "signal: killed"
	success bool   // it exited with status 0
	byTerm  bool   // the end a polite stop gives: SIGTERM, exit status 128+15, Ctrl+Break's
	byKill  bool   // the end a forced stop gives: SIGKILL, a terminated job
}

func (s exitStatus) String() string { return s.desc }

// directProcess is a host started as our own child, where no supervisor is needed (Windows'
// job object ends the tree with the course) or none can be started.
type directProcess struct {
	cmd *exec.Cmd
}

func (d *directProcess) pid() int         { return d.cmd.Process.Pid }
func (d *directProcess) terminate() error { return terminate(d.cmd.Process) }
func (d *directProcess) kill() error      { return killGroup(d.cmd.Process) }
func (d *directProcess) release()         { _ = killGroup(d.cmd.Process) }

func (d *directProcess) wait() exitStatus {
	_ = d.cmd.Wait() // the outcome is read from ProcessState
	return statusOf(d.cmd.ProcessState)
}

// startDirect starts the host as our child, in a process group (or job) of its own, with its
// output on stdout and stderr.
func startDirect(spec Spec, env []string, stdout, stderr *os.File) (process, error) {
	cmd, err := startCommand(func() *exec.Cmd {
		c := exec.Command(spec.Command[0], spec.Command[1:]...)
		c.Dir = spec.Dir
		c.Env = env
		c.Stdout, c.Stderr = stdout, stderr
		setProcAttr(c)
		return c
	})
	if err != nil {
		return nil, err
	}
	return &directProcess{cmd: cmd}, nil
}
