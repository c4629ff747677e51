//go:build unix

package hostproc

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"syscall"
	"time"
)

// terminate asks the whole process group to stop, so a launcher such as
// `dotnet run` and the app it started both get SIGTERM.
func terminate(p *os.Process) error { return signalGroup(p, syscall.SIGTERM) }

// killGroup ends every process left in the group.
func killGroup(p *os.Process) error { return signalGroup(p, syscall.SIGKILL) }

func signalGroup(p *os.Process, sig syscall.Signal) error {
	if p == nil {
		return os.ErrProcessDone
	}
	err := syscall.Kill(-p.Pid, sig)
	if errors.Is(err, syscall.ESRCH) {
		// No such group: the leader may not have become one; reach it directly.
		return p.Signal(sig)
	}
	return err
}

// statusOf reads how a directly started host ended.
func statusOf(st *os.ProcessState) exitStatus {
	ws, ok := st.Sys().(syscall.WaitStatus)
	if !ok {
		return exitStatus{desc: st.String(), success: st.Success()}
	}
	return statusOfWait(ws)
}

// statusOfWait reads a wait status as os.ProcessState words it, and whether it is the end our
// SIGTERM (or a program that turns it into the conventional exit status 128+15) or our SIGKILL
// gives.
func statusOfWait(ws syscall.WaitStatus) exitStatus {
	switch {
	case ws.Exited():
		code := ws.ExitStatus()
		return exitStatus{desc: "exit status " + strconv.Itoa(code), success: code == 0, byTerm: code == 128+int(syscall.SIGTERM)}
	case ws.Signaled():
		desc := "signal: " + ws.Signal().String()
		if ws.CoreDump() {
			desc += " (core dumped)"
		}
		return exitStatus{desc: desc, byTerm: ws.Signal() == syscall.SIGTERM, byKill: ws.Signal() == syscall.SIGKILL}
	}
	return exitStatus{desc: fmt.Sprintf("wait status %#x", uint32(ws))}
}

// startCommand starts a command from build, retrying briefly on ETXTBSY,
// which a freshly written executable (such as a just-built course binary) can
// give while another process still has it open for writing. A Cmd cannot be
// started twice, hence the builder.
func startCommand(build func() *exec.Cmd) (*exec.Cmd, error) {
	for i := 1; ; i++ {
		cmd := build()
		err := cmd.Start()
		if err == nil {
			return cmd, nil
		}
		if !errors.Is(err, syscall.ETXTBSY) || i == 5 {
			return nil, err
		}
		time.Sleep(time.Duration(i) * 20 * time.Millisecond)
	}
}

// ClosedPort is a TCP socket bound on 127.0.0.1 that never listens: connecting
// to it is refused at once, and no other socket can bind the port while it is held.
type ClosedPort struct {
	mu   sync.Mutex
	fd   int
	addr string
}

// NewClosedPort binds a fresh socket to 127.0.0.1:0 without listening on it.
func NewClosedPort() (*ClosedPort, error) {
	// Hold ForkLock so a concurrent fork cannot inherit the fd before it is close-on-exec.
	syscall.ForkLock.RLock()
	fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM, syscall.IPPROTO_TCP)
	if err == nil {
		syscall.CloseOnExec(fd)
	}
	syscall.ForkLock.RUnlock()
	if err != nil {
		return nil, fmt.Errorf("closed port: socket: %w", err)
	}
	// No SO_REUSEADDR: that keeps every other socket, with or without it, off the port.
	if err := syscall.Bind(fd, &syscall.SockaddrInet4{Addr: [4]byte{127, 0, 0, 1}}); err != nil {
		syscall.Close(fd)
		return nil, fmt.Errorf("closed port: bind 127.0.0.1:0: %w", err)
	}
	sa, err := syscall.Getsockname(fd)
	if err != nil {
		syscall.Close(fd)
		return nil, fmt.Errorf("closed port: getsockname: %w", err)
	}
	in4, ok := sa.(*syscall.SockaddrInet4)
	if !ok {
		syscall.Close(fd)
		return nil, fmt.Errorf("closed port: unexpected address %T", sa)
	}
	return &ClosedPort{fd: fd, addr: "127.0.0.1:" + strconv.Itoa(in4.Port)}, nil
}

// Addr returns the held address, "127.0.0.1:NNNN".
func (c *ClosedPort) Addr() string { return c.addr }

// Close releases the port; later calls do nothing.
func (c *ClosedPort) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.fd < 0 {
		return nil
	}
	err := syscall.Close(c.fd)
	c.fd = -1
	if err != nil {
		return fmt.Errorf("closed port: close: %w", err)
	}
	return nil
}
