package root

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"course/stream/browser/browsertest"

	"github.com/rogpeppe/go-internal/txtar"

	"course/docs"
	"course/internal/testutil"
	"course/lessons"
)

// A snapshot is one checked run, the file snapshots/NAME.txtar: its comment is the command line,
// `course ARGS`, and its one file, stdout, is what the run prints, byte for byte. The runs are
// the files: a new run is a file holding its command line, and COURSE_UPDATE=1 fills in its
// output.
type snapshot struct {
	path   string
	args   []string
	stdout string
}

const updateHint = "update with: COURSE_UPDATE=1 go test ./cmd/root/"

// snapshots reads every snapshot file; a file that does not hold one command line and its
// stdout, or whose name is not the name of its command line, fails the test.
func snapshots(t *testing.T) []snapshot {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("..", "..", "snapshots", "*"))
	if err != nil {
		t.Fatal(err)
	}
	var out []snapshot
	for _, path := range paths {
		if filepath.Ext(path) != ".txtar" {
			t.Errorf("%s: snapshots/ holds only .txtar files", path)
			continue
		}
		s, err := readSnapshot(path)
		if err != nil {
			t.Error(err)
			continue
		}
		out = append(out, s)
	}
	if len(out) == 0 {
		t.Fatal("no snapshots")
	}
	return out
}

// readSnapshot reads one snapshot file.
func readSnapshot(path string) (snapshot, error) {
	ar, err := txtar.ParseFile(path)
	if err != nil {
		return snapshot{}, err
	}
	line := strings.TrimSpace(string(ar.Comment))
	words := strings.Fields(line)
	if len(words) < 2 || words[0] != "course" || strings.Contains(line, "\n") {
		return snapshot{}, fmt.Errorf("%s: the comment must be one command line, `course ARGS`; it is %q", path, line)
	}
	s := snapshot{path: path, args: words[1:]}
	if want := snapshotName(s.args) + ".txtar"; filepath.Base(path) != want {
		return snapshot{}, fmt.Errorf("%s holds `%s`, whose snapshot is %s", path, line, want)
	}
	switch {
	case len(ar.Files) == 1 && ar.Files[0].Name == "stdout":
		s.stdout = string(ar.Files[0].Data)
	case len(ar.Files) != 0:
		return snapshot{}, fmt.Errorf("%s: a snapshot holds one file, stdout", path)
	}
	return s, nil
}

// write rewrites the snapshot with the output stdout.
func (s snapshot) write(stdout string) error {
	ar := &txtar.Archive{Comment: []byte("course " + strings.Join(s.args, " ") + "\n"), Files: []txtar.File{{Name: "stdout", Data: []byte(stdout)}}}
	return os.WriteFile(s.path, txtar.Format(ar), 0o644)
}

// snapshotFor is the snapshot of a command line, if it has one.
func snapshotFor(t *testing.T, args []string) (snapshot, bool) {
	t.Helper()
	s, err := readSnapshot(filepath.Join("..", "..", "snapshots", snapshotName(args)+".txtar"))
	if errors.Is(err, fs.ErrNotExist) {
		return snapshot{}, false
	}
	if err != nil {
		t.Fatal(err)
	}
	return s, true
}

// snapshotName names a command line's snapshot: its arguments without leading dashes, joined
// with "-", so `course l6 --exercise 1` is snapshots/l6-exercise-1.txtar.
func snapshotName(args []string) string {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = strings.TrimLeft(a, "-")
	}
	return strings.Join(parts, "-")
}

// TestSnapshots runs each snapshot's command line in-process, lessons against a real child host,
// and compares its output with the snapshot; COURSE_UPDATE=1 rewrites the snapshots instead. The
// command lines run side by side: each starts its own hosts and writes its own snapshot.
func TestSnapshots(t *testing.T) {
	t.Parallel()
	for _, s := range snapshots(t) {
		t.Run(snapshotName(s.args), func(t *testing.T) {
			t.Parallel()
			browsertest.SkipUnlessChromium(t, s.args)
			got, err := runCourseShared(t, s.args...)
			if err != nil {
				t.Fatalf("course %s: %v", strings.Join(s.args, " "), err)
			}
			if os.Getenv("COURSE_UPDATE") != "" {
				if err := s.write(got); err != nil {
					t.Fatal(err)
				}
				return
			}
			if got != s.stdout {
				t.Errorf("course %s differs from %s (- snapshot, + output):\n%s%s", strings.Join(s.args, " "), s.path, testutil.LineDiff(s.stdout, got), updateHint)
			}
		})
	}
}

// TestSnapshotsCoverTheCourse holds the snapshot files to the lesson index: every lesson of the
// course has its run, and its `--main` run where its command has that flag; every snapshot runs
// a command the course has.
func TestSnapshotsCoverTheCourse(t *testing.T) {
	have := map[string]bool{}
	root := NewRootCmd("test")
	for _, s := range snapshots(t) {
		have[snapshotName(s.args)] = true
		if _, _, err := root.Find(s.args[:1]); err != nil {
			t.Errorf("%s runs `course %s`, which the course does not have", s.path, s.args[0])
		}
	}
	for _, l := range lessons.Course() {
		runs := [][]string{{l.Slug}}
		if l.HasMain() {
			runs = append(runs, []string{l.Slug, "--main"})
		}
		for _, args := range runs {
			if !have[snapshotName(args)] {
				t.Errorf("`course %s` has no snapshot: write snapshots/%s.txtar holding the line `course %s`, then %s", strings.Join(args, " "), snapshotName(args), strings.Join(args, " "), updateHint)
			}
		}
	}
}

// TestSnapshotDiffIsReadable checks that one changed character of a snapshot shows as one
// removed and one added line.
func TestSnapshotDiffIsReadable(t *testing.T) {
	l6, ok := snapshotFor(t, []string{"l6"})
	if !ok {
		t.Fatal("no snapshot of l6")
	}
	got := strings.Replace(l6.stdout, "558 characters", "559 characters", 1)
	diff := testutil.LineDiff(l6.stdout, got)
	var minus, plus []string
	for l := range strings.SplitSeq(diff, "\n") {
		switch {
		case strings.HasPrefix(l, "- "):
			minus = append(minus, l)
		case strings.HasPrefix(l, "+ "):
			plus = append(plus, l)
		}
	}
	if len(minus) != 1 || len(plus) != 1 || !strings.Contains(minus[0], "558") || !strings.Contains(plus[0], "559") {
		t.Fatalf("diff of a one-character change:\n%s", diff)
	}
}

// TestDocsQuoteTheProgram checks every output block of the written lessons: a fenced block
// whose info string is "text course ARGS" must occur verbatim in that command line's snapshot.
func TestDocsQuoteTheProgram(t *testing.T) {
	pages, err := filepath.Glob(filepath.Join("..", "..", "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, page := range pages {
		text, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range docs.OutputBlocks(string(text)) {
			want, ok := snapshotFor(t, b.Args)
			if !ok {
				t.Errorf("%s:%d quotes `course %s`, which has no snapshot", page, b.Line, strings.Join(b.Args, " "))
				continue
			}
			if !strings.Contains(want.stdout, b.Text) {
				t.Errorf("%s:%d: the block does not occur in the output of `course %s`:\n%s", page, b.Line, strings.Join(b.Args, " "), b.Text)
			}
		}
	}
}
