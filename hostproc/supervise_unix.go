//go:build unix

package hostproc

// A host that a lesson starts runs under a supervisor: the course's own binary, started again in
// a hidden mode, which starts the host as the leader of a process group of its own and ends that
// whole group when the course goes away, however the course goes (SIGKILL included). The kernel's
// parent-death signal reaches only a direct child, and a launcher (`dotnet run`, `sh -c 'app &
// wait'`) puts the real host one level further down; the supervisor's group kill reaches it.
//
// The course and the supervisor talk over two pipes:
//   - the supervisor's stdin carries the course's orders, one a line: "term" (SIGTERM to the
//     group) and "kill" (SIGKILL to the group). Its end is the course's end: when the course
//     closes it, or dies and the kernel closes it, the supervisor kills the group and exits.
//   - descriptor 3 carries the supervisor's reports: "started PID" once the host runs, or
//     "failed ERRNO MESSAGE"; then "exit WAITSTATUS" when the host has exited.
//
// Descriptors 4 and 5 are the host's stdout and stderr, which the supervisor hands on and closes,
// so the course reads the host's output to its end and not to the supervisor's.
//
// The supervisor also gets SIGTERM as its parent-death signal on Linux, and looks at its parent
// every parentPoll, in case the pipe is held open by something else.

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// superviseArg is the hidden first argument that makes the course's binary a supervisor, and
// superviseVar the variable that must come with it; the host does not inherit it.
const (
	superviseArg = "__hostproc-supervise"
	superviseVar = "COURSE_SUPERVISOR=1"
)

// canSupervise is set by SupervisorMain: this binary knows the supervisor mode, so Start may
// start it again as one.
var canSupervise bool

// SupervisorMain must be called first in main (and in the TestMain of a test binary that starts
// hosts). In a process that Start launched as a host's supervisor it supervises the host and
// exits; otherwise it returns at once, and from then on Start runs each host under a supervisor.
func SupervisorMain() {
	if len(os.Args) > 1 && os.Args[1] == superviseArg {
		os.Exit(supervise(os.Args[2:]))
	}
	canSupervise = true
}

// supervised is a host run by a supervisor, as the course sees it.
type supervised struct {
	cmd    *exec.Cmd // the supervisor
	hostID int
	orders *os.File      // the supervisor's stdin
	ordMu  sync.Mutex    // guards orders
	report *bufio.Reader // descriptor 3 of the supervisor
	rfile  *os.File
}

// startProcess starts the host under a supervisor where this binary can be one, and directly
// otherwise, or where a leaf host dies with us without one.
func startProcess(spec Spec, env []string, stdout, stderr *os.File) (process, error) {
	if !canSupervise || spec.Leaf && diesWithParent {
		return startDirect(spec, env, stdout, stderr)
	}
	self, err := os.Executable()
	if err != nil {
		return startDirect(spec, env, stdout, stderr)
	}
	// Look the program up here, as exec.Command would, so a missing one gives exec's own error.
	host := exec.Command(spec.Command[0])
	if host.Err != nil {
		return nil, host.Err
	}
	ordR, ordW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("orders pipe: %w", err)
	}
	repR, repW, err := os.Pipe()
	if err != nil {
		ordR.Close()
		ordW.Close()
		return nil, fmt.Errorf("reports pipe: %w", err)
	}
	args := append([]string{superviseArg, host.Path}, spec.Command...)
	cmd, err := startCommand(func() *exec.Cmd {
		c := exec.Command(self, args...)
		c.Dir = spec.Dir
		c.Env = append(env[:len(env):len(env)], superviseVar)
		c.Stdin = ordR
		c.ExtraFiles = []*os.File{repW, stdout, stderr}
		setSupervisorAttr(c)
		return c
	})
	ordR.Close()
	repW.Close()
	if err != nil {
		ordW.Close()
		repR.Close()
		return nil, fmt.Errorf("start the supervisor: %w", err)
	}
	s := &supervised{cmd: cmd, orders: ordW, report: bufio.NewReader(repR), rfile: repR}
	verb, rest := s.read()
	switch verb {
	case "started":
		if s.hostID, err = strconv.Atoi(rest); err == nil {
			return s, nil
		}
		err = fmt.Errorf("the supervisor reported %q", rest)
	case "failed":
		err = startFailure(host.Path, rest)
	default:
		err = fmt.Errorf("the supervisor ended before it started the host (%s)", s.finish())
	}
	s.release()
	return nil, err
}

// startFailure turns a supervisor's "failed ERRNO MESSAGE" into the error exec would have given.
func startFailure(path, report string) error {
	num, msg, _ := strings.Cut(report, " ")
	if n, err := strconv.Atoi(num); err == nil && n > 0 {
		return &os.PathError{Op: "fork/exec", Path: path, Err: syscall.Errno(n)}
	}
	return errors.New(msg)
}

// read returns the supervisor's next report, split into its verb and the rest; "" at its end.
func (s *supervised) read() (verb, rest string) {
	line, err := s.report.ReadString('\n')
	if err != nil {
		return "", ""
	}
	verb, rest, _ = strings.Cut(strings.TrimSuffix(line, "\n"), " ")
	return verb, rest
}

func (s *supervised) pid() int { return s.hostID }

func (s *supervised) order(o string) error {
	s.ordMu.Lock()
	defer s.ordMu.Unlock()
	if _, err := io.WriteString(s.orders, o+"\n"); err != nil {
		// The supervisor is gone; reach the group ourselves.
		sig := syscall.SIGKILL
		if o == "term" {
			sig = syscall.SIGTERM
		}
		return syscall.Kill(-s.hostID, sig)
	}
	return nil
}

func (s *supervised) terminate() error { return s.order("term") }
func (s *supervised) kill() error      { return s.order("kill") }

func (s *supervised) wait() exitStatus {
	for {
		verb, rest := s.read()
		switch verb {
		case "exit":
			n, err := strconv.ParseUint(rest, 10, 32)
			if err != nil {
				return exitStatus{desc: fmt.Sprintf("an unreadable exit report %q", rest)}
			}
			return statusOfWait(syscall.WaitStatus(n))
		case "":
			return exitStatus{desc: "an unknown status: its supervisor ended first (" + s.finish() + ")"}
		}
	}
}

// release closes the orders pipe, on which the supervisor kills what is left of the host's group
// and exits, and waits for it; a supervisor that does not exit is killed.
func (s *supervised) release() {
	s.finish()
	s.rfile.Close()
}

// finish waits for the supervisor to exit, killing it if it has not a second after the orders
// pipe closed, and returns how it ended.
func (s *supervised) finish() string {
	s.ordMu.Lock()
	s.orders.Close()
	s.ordMu.Unlock()
	done := make(chan struct{})
	go func() {
		_ = s.cmd.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(time.Second):
		_ = s.cmd.Process.Kill()
		<-done
	}
	return s.cmd.ProcessState.String()
}

// supervise is the supervisor: args are the program's path and then the host's argv. It returns
// the supervisor's exit status.
func supervise(args []string) int {
	report, stdout, stderr := os.NewFile(3, "reports"), os.NewFile(4, "stdout"), os.NewFile(5, "stderr")
	env := os.Environ()
	marked := slices.Contains(env, superviseVar)
	if _, err := stderr.Stat(); err != nil || !marked || len(args) < 2 {
		fmt.Fprintln(os.Stderr, "course: this mode is for the course's own use")
		return 2
	}
	env = slices.DeleteFunc(env, func(kv string) bool { return kv == superviseVar })
	// The course's terminal and group signals are the course's to handle; the group is ours.
	signal.Ignore(syscall.SIGINT, syscall.SIGHUP, syscall.SIGQUIT, syscall.SIGPIPE)
	gone := make(chan os.Signal, 1)
	signal.Notify(gone, syscall.SIGTERM) // the parent-death signal, or anyone's request to end
	parent := os.Getppid()

	host, err := startCommand(func() *exec.Cmd {
		c := &exec.Cmd{Path: args[0], Args: args[1:], Env: env}
		c.Stdout, c.Stderr = stdout, stderr
		c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		return c
	})
	if err != nil {
		var errno syscall.Errno
		errors.As(err, &errno)
		fmt.Fprintf(report, "failed %d %s\n", int(errno), err)
		return 1
	}
	stdout.Close() // the host's output is the host's: it ends when the host's tree is gone
	stderr.Close()
	group := host.Process.Pid
	fmt.Fprintf(report, "started %d\n", group)

	exited := make(chan struct{})
	go func() {
		_ = host.Wait()
		ws, _ := host.ProcessState.Sys().(syscall.WaitStatus)
		fmt.Fprintf(report, "exit %d\n", uint32(ws))
		close(exited)
	}()
	orders := make(chan string)
	go func() {
		defer close(orders)
		sc := bufio.NewScanner(os.Stdin)
		for sc.Scan() {
			orders <- sc.Text()
		}
	}()
	tick := time.NewTicker(parentPoll)
	defer tick.Stop()
	for {
		select {
		case o, ok := <-orders:
			switch {
			case !ok:
				return sweep(group, exited)
			case o == "term":
				_ = syscall.Kill(-group, syscall.SIGTERM)
			case o == "kill":
				_ = syscall.Kill(-group, syscall.SIGKILL)
			}
		case <-gone:
			return sweep(group, exited)
		case <-tick.C:
			if os.Getppid() != parent {
				return sweep(group, exited)
			}
		}
	}
}

// sweep kills the host's group and waits a little for the host to be reaped.
func sweep(group int, exited <-chan struct{}) int {
	_ = syscall.Kill(-group, syscall.SIGKILL)
	select {
	case <-exited:
	case <-time.After(time.Second):
	}
	return 0
}
