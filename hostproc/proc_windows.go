//go:build windows

package hostproc

// Windows has neither process groups to signal nor a parent-death signal.
// Each host runs instead in a job object of its own, created with
// JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE: the course holds the only handle to it,
// so however the course ends, Windows closes that handle and ends every
// process in the job, the host and whatever it started.

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"syscall"
	"unsafe"

	"golang.org/x/sys/windows"
)

// killedExitCode is the exit code TerminateJobObject gives the processes it
// ends: 128+9, what a Unix shell reports for SIGKILL, so both read alike.
const killedExitCode = 137

// jobs maps each started *os.Process to the handle of its job object.
var jobs sync.Map

// setProcAttr starts the child suspended, so it joins its job before it runs
// a single instruction or starts a process of its own, and as the leader of a
// console process group of its own, so a CTRL_BREAK_EVENT reaches it and its
// group but not us. Such a child ignores Ctrl+C typed at the console: the
// course catches that and stops the host itself.
func setProcAttr(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{
		CreationFlags: windows.CREATE_NEW_PROCESS_GROUP | windows.CREATE_SUSPENDED,
	}
}

// startCommand starts the suspended child, puts it in a fresh kill-on-close
// job and lets it run.
func startCommand(build func() *exec.Cmd) (*exec.Cmd, error) {
	job, err := newJob()
	if err != nil {
		return nil, err
	}
	cmd := build()
	if err := cmd.Start(); err != nil {
		windows.CloseHandle(job)
		return nil, err
	}
	if err := joinAndResume(job, cmd.Process.Pid); err != nil {
		_ = cmd.Process.Kill() // still suspended, or outside the job: end it by hand
		_ = cmd.Wait()
		windows.CloseHandle(job)
		return nil, err
	}
	jobs.Store(cmd.Process, job)
	return cmd, nil
}

// newJob creates an unnamed, uninheritable job object that kills its
// processes when its last handle is closed.
func newJob() (windows.Handle, error) {
	job, err := windows.CreateJobObject(nil, nil)
	if err != nil {
		return 0, fmt.Errorf("create job object: %w", err)
	}
	var info windows.JOBOBJECT_EXTENDED_LIMIT_INFORMATION
	info.BasicLimitInformation.LimitFlags = windows.JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
	if _, err := windows.SetInformationJobObject(job, windows.JobObjectExtendedLimitInformation,
		uintptr(unsafe.Pointer(&info)), uint32(unsafe.Sizeof(info))); err != nil {
		windows.CloseHandle(job)
		return 0, fmt.Errorf("set job object limits: %w", err)
	}
	return job, nil
}

// joinAndResume assigns process pid to job, then resumes its threads. A
// process created suspended has exactly one, whose handle os/exec has already
// closed, so it is found again through a thread snapshot.
func joinAndResume(job windows.Handle, pid int) error {
	proc, err := windows.OpenProcess(windows.PROCESS_SET_QUOTA|windows.PROCESS_TERMINATE, false, uint32(pid))
	if err != nil {
		return fmt.Errorf("open process %d: %w", pid, err)
	}
	err = windows.AssignProcessToJobObject(job, proc)
	windows.CloseHandle(proc)
	if err != nil {
		return fmt.Errorf("assign process %d to its job object: %w", pid, err)
	}

	snap, err := windows.CreateToolhelp32Snapshot(windows.TH32CS_SNAPTHREAD, 0)
	if err != nil {
		return fmt.Errorf("snapshot threads: %w", err)
	}
	defer windows.CloseHandle(snap)
	entry := windows.ThreadEntry32{Size: uint32(unsafe.Sizeof(windows.ThreadEntry32{}))}
	resumed := 0
	for err = windows.Thread32First(snap, &entry); err == nil; err = windows.Thread32Next(snap, &entry) {
		if entry.OwnerProcessID != uint32(pid) {
			continue
		}
		th, oerr := windows.OpenThread(windows.THREAD_SUSPEND_RESUME, false, entry.ThreadID)
		if oerr != nil {
			return fmt.Errorf("open thread %d of process %d: %w", entry.ThreadID, pid, oerr)
		}
		_, rerr := windows.ResumeThread(th)
		windows.CloseHandle(th)
		if rerr != nil {
			return fmt.Errorf("resume thread %d of process %d: %w", entry.ThreadID, pid, rerr)
		}
		resumed++
	}
	if !errors.Is(err, windows.ERROR_NO_MORE_FILES) {
		return fmt.Errorf("list threads: %w", err)
	}
	if resumed == 0 {
		return fmt.Errorf("process %d has no thread to resume", pid)
	}
	return nil
}

// terminate asks the host to stop with a CTRL_BREAK_EVENT to its console
// process group, whose id is its pid; Go turns it into os.Interrupt and .NET's
// console lifetime into a graceful shutdown. Without a console shared with the
// child there is no gentle way, so the job is ended at once.
func terminate(p *os.Process) error {
	if p == nil {
		return os.ErrProcessDone
	}
	if err := windows.GenerateConsoleCtrlEvent(windows.CTRL_BREAK_EVENT, uint32(p.Pid)); err != nil {
		return killGroup(p)
	}
	return nil
}

// killGroup ends every process in p's job and closes the job; a process
// without one is killed alone.
func killGroup(p *os.Process) error {
	if p == nil {
		return os.ErrProcessDone
	}
	v, ok := jobs.LoadAndDelete(p)
	if !ok {
		if err := p.Kill(); err != nil && !errors.Is(err, os.ErrProcessDone) {
			return err
		}
		return nil
	}
	job := v.(windows.Handle)
	err := windows.TerminateJobObject(job, killedExitCode)
	if cerr := windows.CloseHandle(job); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("end job of process %d: %w", p.Pid, err)
	}
	return nil
}

// statusOf reads how the host ended: the default handling of CTRL_BREAK_EVENT
// (STATUS_CONTROL_C_EXIT) is what our polite stop gives, TerminateJobObject's
// killedExitCode what our kill gives.
func statusOf(st *os.ProcessState) exitStatus {
	s := exitStatus{desc: st.String(), success: st.Success()}
	if ws, ok := st.Sys().(syscall.WaitStatus); ok {
		s.byTerm = ws.ExitCode == uint32(windows.STATUS_CONTROL_C_EXIT)
		s.byKill = ws.ExitCode == killedExitCode
	}
	return s
}

// isStopExitCode reports whether an exit code is one our stop gives, polite or forced.
func isStopExitCode(code uint32) bool {
	return code == uint32(windows.STATUS_CONTROL_C_EXIT) || code == killedExitCode
}

// soExclusiveAddrUse is Winsock's SO_EXCLUSIVEADDRUSE, defined as ~SO_REUSEADDR.
const soExclusiveAddrUse = ^windows.SO_REUSEADDR

// ClosedPort is a TCP socket bound on 127.0.0.1 that never listens. Winsock
// answers a connection to a bound port without a listener with a reset, as
// Unix does, so a client gets WSAECONNREFUSED; Windows retries the SYN a few
// times first, so the refusal may take a second or two rather than arrive at
// once. SO_EXCLUSIVEADDRUSE keeps another socket from taking the port over
// with SO_REUSEADDR while it is held. (Checked by cross-compiling and reading
// Winsock's documentation; the course's CI runs on Linux only.)
type ClosedPort struct {
	mu   sync.Mutex
	s    windows.Handle
	addr string
}

// NewClosedPort binds a fresh socket to 127.0.0.1:0 without listening on it.
// Go's runtime has already called WSAStartup (package internal/poll does so
// on load).
func NewClosedPort() (*ClosedPort, error) {
	s, err := windows.WSASocket(windows.AF_INET, windows.SOCK_STREAM, windows.IPPROTO_TCP, nil, 0, windows.WSA_FLAG_NO_HANDLE_INHERIT)
	if err != nil {
		return nil, fmt.Errorf("closed port: socket: %w", err)
	}
	if err := windows.SetsockoptInt(s, windows.SOL_SOCKET, soExclusiveAddrUse, 1); err != nil {
		windows.Closesocket(s)
		return nil, fmt.Errorf("closed port: SO_EXCLUSIVEADDRUSE: %w", err)
	}
	if err := windows.Bind(s, &windows.SockaddrInet4{Addr: [4]byte{127, 0, 0, 1}}); err != nil {
		windows.Closesocket(s)
		return nil, fmt.Errorf("closed port: bind 127.0.0.1:0: %w", err)
	}
	sa, err := windows.Getsockname(s)
	if err != nil {
		windows.Closesocket(s)
		return nil, fmt.Errorf("closed port: getsockname: %w", err)
	}
	in4, ok := sa.(*windows.SockaddrInet4)
	if !ok {
		windows.Closesocket(s)
		return nil, fmt.Errorf("closed port: unexpected address %T", sa)
	}
	return &ClosedPort{s: s, addr: "127.0.0.1:" + strconv.Itoa(in4.Port)}, nil
}

// Addr returns the held address, "127.0.0.1:NNNN".
func (c *ClosedPort) Addr() string { return c.addr }

// Close releases the port; later calls do nothing.
func (c *ClosedPort) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.s == windows.InvalidHandle {
		return nil
	}
	err := windows.Closesocket(c.s)
	c.s = windows.InvalidHandle
	if err != nil {
		return fmt.Errorf("closed port: close: %w", err)
	}
	return nil
}
