package root

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/pflag"

	"course/hostproc"
)

// docPages are the pages whose shell blocks a reader copies from.
func docPages(t *testing.T) []string {
	t.Helper()
	pages, err := filepath.Glob(filepath.Join("..", "..", "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	return append(pages, filepath.Join("..", "..", "README.md"), filepath.Join("..", "..", "exercises", "README.md"))
}

// docCommand is one course command line of a shell block.
type docCommand struct {
	page string
	line string
	args []string
	// stdin is the file the line redirects standard input from, "" for none.
	stdin string
}

// shellBlocks are the bodies of a page's fenced blocks marked sh, bash or console, or not marked,
// found by walking the fences in order, so a closing fence is never taken for an opening one.
func shellBlocks(text string) []string {
	var blocks []string
	var body strings.Builder
	inBlock, shell := false, false
	for line := range strings.SplitSeq(text, "\n") {
		switch {
		case !inBlock && strings.HasPrefix(line, "```"):
			info := strings.TrimPrefix(line, "```")
			inBlock, shell = true, info == "" || info == "sh" || info == "bash" || info == "console"
			body.Reset()
		case inBlock && line == "```":
			if shell {
				blocks = append(blocks, body.String())
			}
			inBlock = false
		case inBlock:
			body.WriteString(line + "\n")
		}
	}
	return blocks
}

// docCommands finds the lines of every shell block that run the course: `course ARGS`,
// `./course ARGS` or `go run . ARGS`, joined across backslash continuations, without comments,
// and cut at a pipe, a background & or an output redirection.
func docCommands(t *testing.T) []docCommand {
	t.Helper()
	var cmds []docCommand
	for _, page := range docPages(t) {
		text, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, block := range shellBlocks(string(text)) {
			body := strings.ReplaceAll(block, "\\\n", " ")
			for line := range strings.SplitSeq(body, "\n") {
				line = strings.TrimSpace(line)
				if i := strings.Index(line, " # "); i >= 0 {
					line = line[:i]
				}
				if _, after, ok := strings.Cut(line, "&& "); ok {
					line = after
				}
				var rest string
				for _, prefix := range []string{"course ", "./course ", "go run . "} {
					if r, ok := strings.CutPrefix(line, prefix); ok {
						rest = r
					}
				}
				if rest == "" {
					continue
				}
				c := docCommand{page: filepath.Base(page), line: line}
				for _, cut := range []string{" | ", " &", " > "} {
					if i := strings.Index(rest, cut); i >= 0 {
						rest = rest[:i]
					}
				}
				if before, in, ok := strings.Cut(rest, " < "); ok {
					rest, c.stdin = before, strings.TrimSpace(in)
				}
				args, err := hostproc.SplitCommand(rest)
				if err != nil {
					t.Errorf("%s: %q: %v", c.page, line, err)
					continue
				}
				c.args = args
				cmds = append(cmds, c)
			}
		}
	}
	return cmds
}

// TestDocCommandsParse checks every course command line of the docs against the program: the
// command exists and its flags and arguments are ones it takes. Each line is read by a tree of
// its own, the one Execute builds for it, since parsing flags sets them.
func TestDocCommandsParse(t *testing.T) {
	cmds := docCommands(t)
	if len(cmds) < 10 {
		t.Fatalf("found only %d command lines in the docs", len(cmds))
	}
	for _, c := range cmds {
		root, _, tree := newRoot("test")
		tree.resolve(c.args)
		cmd, args, err := root.Find(c.args)
		if err != nil || cmd == root && len(args) > 0 {
			t.Errorf("%s: %q names no command: %v", c.page, c.line, err)
			continue
		}
		if err := cmd.ParseFlags(args); errors.Is(err, pflag.ErrHelp) {
			continue
		} else if err != nil {
			t.Errorf("%s: %q: %v", c.page, c.line, err)
			continue
		}
		if err := cmd.ValidateArgs(cmd.Flags().Args()); err != nil {
			t.Errorf("%s: %q: %v", c.page, c.line, err)
		}
	}
}

// runnable says whether a doc's command line runs here as written: no placeholder, no server
// or browser of the reader's own, no input file the reader is to write, and nothing that
// touches the learner's own record or files.
func runnable(c docCommand) bool {
	if c.stdin != "" || len(c.args) == 0 {
		return false
	}
	// The exercise commands read and write the learner's record and files: learn's tests run
	// them on a temporary configuration folder.
	if slices.Contains([]string{"host", "probe", "check", "answer", "reset", "progress", "next"}, c.args[0]) {
		return false
	}
	for _, a := range c.args {
		if a == "URL" || a == "FILE" || strings.Contains(a, "$") || strings.Contains(a, "answer.md") ||
			slices.Contains([]string{"--host-cmd", "--model-url", "--browser", "--screenshots"}, a) {
			return false
		}
	}
	return true
}

// TestDocCommandsRun runs every doc command line that runs as written and checks that it
// succeeds; where the line has a snapshot, the output must be the snapshot. A line that another
// test runs too, as most are the snapshots' own, runs once for both.
func TestDocCommandsRun(t *testing.T) {
	t.Parallel()
	ran := 0
	for _, c := range docCommands(t) {
		if !runnable(c) {
			continue
		}
		ran++
		out, err := runCourseShared(t, c.args...)
		if err != nil {
			t.Errorf("%s: %q: %v", c.page, c.line, err)
			continue
		}
		if want, ok := snapshotFor(t, c.args); ok && out != want.stdout {
			t.Errorf("%s: %q does not print its snapshot", c.page, c.line)
		}
	}
	if ran < 8 {
		t.Errorf("ran only %d doc command lines", ran)
	}
}
