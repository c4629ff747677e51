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

// diedOfOurSignal reports whether an exit looks like the result of the
// SIGTERM (or the follow-up SIGKILL) we sent: killed by either signal, or a
// program that turned SIGTERM into the conventional exit code 128+15.
func diedOfOurSignal(st *os.ProcessState) bool {
	ws, ok := st.Sys().(syscall.WaitStatus)
	if !ok {
		return false
	}
	if ws.Signaled() {
		return ws.Signal() == syscall.SIGTERM || ws.Signal() == syscall.SIGKILL
	}
	return ws.ExitStatus() == 128+int(syscall.SIGTERM)
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
