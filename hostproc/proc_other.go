//go:build !unix && !windows

package hostproc

import (
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
)

// Without process groups or SIGTERM, stopping means killing the child itself.
func setProcAttr(cmd *exec.Cmd) {}

func terminate(p *os.Process) error { return killGroup(p) }

func killGroup(p *os.Process) error {
	if p == nil {
		return os.ErrProcessDone
	}
	if err := p.Kill(); err != nil && !errors.Is(err, os.ErrProcessDone) {
		return err
	}
	return nil
}

// statusOf counts any failed exit here as a kill, since Kill is our only way to stop.
func statusOf(st *os.ProcessState) exitStatus {
	return exitStatus{desc: st.String(), success: st.Success(), byKill: !st.Success()}
}

func startCommand(build func() *exec.Cmd) (*exec.Cmd, error) {
	cmd := build()
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return cmd, nil
}

// ClosedPort is a loopback TCP address with nothing listening on it. On these
// systems the port is found by listening and closing at once, so unlike the
// Unix version it is not reserved against other processes.
type ClosedPort struct{ addr string }

// NewClosedPort picks a loopback port that nothing listens on.
func NewClosedPort() (*ClosedPort, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("closed port: %w", err)
	}
	addr := ln.Addr().String()
	if err := ln.Close(); err != nil {
		return nil, fmt.Errorf("closed port: %w", err)
	}
	return &ClosedPort{addr: addr}, nil
}

// Addr returns the address, "127.0.0.1:NNNN".
func (c *ClosedPort) Addr() string { return c.addr }

// Close does nothing here; there is no socket to release.
func (c *ClosedPort) Close() error { return nil }
