// Package pager sends output taller than the terminal through the reader's pager, as git does:
// $PAGER, else less -R, with LESS=FRX when LESS is unset.
package pager

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strings"
)

// Default is the pager of a reader whose PAGER is unset: less, passing colours through.
const Default = "less -R"

// Command is the pager the environment names, looked up with lookupEnv (os.LookupEnv): PAGER,
// else Default. An empty PAGER, or cat, names none, as it does for git: Command returns "".
func Command(lookupEnv func(string) (string, bool)) string {
	p, set := lookupEnv("PAGER")
	if !set {
		return Default
	}
	if p = strings.TrimSpace(p); p == "cat" {
		return ""
	}
	return p
}

// Env is the pager's environment: environ with LESS=FRX added when LESS is unset, as git
// adds it, so that less quits at the end of short output (F), passes colours (R) and leaves
// the page on the screen when it quits (X). A LESS of the reader's own is kept as it is.
func Env(environ []string) []string {
	for _, kv := range environ {
		if strings.HasPrefix(kv, "LESS=") {
			return environ
		}
	}
	return append(environ, "LESS=FRX")
}

// Writer holds output until it is taller than the terminal and then starts the pager on it,
// the output so far first; output that fits the terminal goes to it when the writer closes.
type Writer struct {
	out     io.Writer
	rows    int
	command string
	quit    func()

	held  bytes.Buffer
	lines int
	// cmd is the pager once started, in the pipe to its standard input.
	cmd *exec.Cmd
	in  io.WriteCloser
	// gone says the pager has ended before the output did: what follows is dropped.
	gone bool
	// direct says no pager starts: the output goes to the terminal as it comes.
	direct bool
	closed bool
}

// New returns a Writer to out, a terminal rows lines tall, that pages through command (a
// shell command line, as PAGER holds one). quit, when set, is called once if the reader
// quits the pager before the output ends, so the command writing can stop.
func New(out io.Writer, rows int, command string, quit func()) *Writer {
	return &Writer{out: out, rows: rows, command: command, quit: quit}
}

// Write holds p while the output still fits the terminal, and sends it to the pager after.
func (w *Writer) Write(p []byte) (int, error) {
	switch {
	case w.gone:
		return len(p), nil
	case w.in != nil:
		return w.send(p)
	case w.direct:
		return w.out.Write(p)
	}
	w.held.Write(p)
	w.lines += bytes.Count(p, []byte{'\n'})
	// The last line of the terminal is the shell's prompt's, once the command ends.
	if w.lines < w.rows {
		return len(p), nil
	}
	if err := w.start(); err != nil {
		// No pager starts: the terminal gets the output, as git's does.
		w.direct = true
		_, err := w.out.Write(w.held.Bytes())
		w.held.Reset()
		if err != nil {
			return 0, err
		}
		return len(p), nil
	}
	held := bytes.Clone(w.held.Bytes())
	w.held.Reset()
	if _, err := w.send(held); err != nil {
		return 0, err
	}
	return len(p), nil
}

// send writes p to the pager; a pager that has ended takes the rest of the output unread.
func (w *Writer) send(p []byte) (int, error) {
	if _, err := w.in.Write(p); err != nil {
		w.gone = true
		if w.quit != nil {
			w.quit()
		}
	}
	return len(p), nil
}

// start starts the pager, its output the terminal's.
func (w *Writer) start() error {
	if w.command == "" {
		return errors.New("no pager")
	}
	var cmd *exec.Cmd
	if runtime.GOOS == "windows" {
		f := strings.Fields(w.command)
		cmd = exec.Command(f[0], f[1:]...)
	} else {
		// A shell reads PAGER, as git's does, so that it may hold options, quotes and pipes.
		cmd = exec.Command("sh", "-c", w.command)
	}
	cmd.Stdout, cmd.Stderr = w.out, os.Stderr
	cmd.Env = Env(os.Environ())
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	w.cmd, w.in = cmd, in
	return nil
}

// Paging reports whether the pager has started.
func (w *Writer) Paging() bool { return w.in != nil }

// Close writes output that fit the terminal to it, or ends the pager's input and waits until
// the reader quits the pager. Closing twice does nothing.
func (w *Writer) Close() error {
	if w.closed {
		return nil
	}
	w.closed = true
	if w.in == nil {
		_, err := w.out.Write(w.held.Bytes())
		w.held.Reset()
		return err
	}
	_ = w.in.Close()
	// The pager's exit status is the reader's business (less exits 0 on q); git ignores it too.
	_ = w.cmd.Wait()
	return nil
}
