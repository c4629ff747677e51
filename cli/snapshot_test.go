package cli

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"course/testutil"
)

// snapshotRuns are the command lines whose output CI checks byte for byte, each against
// snapshots/<snapshotName(args)>.txt.
var snapshotRuns = [][]string{
	{"lessons"},
	{"l1"},
	{"l2"},
	{"l3"},
	{"l4"},
	{"l5"},
	{"l6"},
	{"l6", "--exercise", "1"},
	{"l6", "--exercise", "1", "--solution"},
	{"l6", "--exercise", "2"},
	{"l6", "--exercise", "2", "--solution"},
	{"l6", "--exercise", "3"},
	{"l6", "--exercise", "3", "--solution"},
	{"l6", "--exercise", "4"},
	{"l6", "--exercise", "4", "--solution"},
	{"l6", "--exercise", "5"},
	{"l6", "--exercise", "5", "--solution"},
	{"l6", "--exercise", "6"},
	{"l6", "--exercise", "6", "--solution"},
	{"l6", "--browser"},
	{"l7"},
	{"l8"},
	{"l9"},
	{"l10"},
	{"l11"},
	{"l12"},
	{"l13"},
	{"l14"},
	{"l15"},
	{"l16"},
	{"l16", "--main"},
	{"l17"},
	{"l17", "--main"},
	{"l18"},
	{"l19"},
	{"l19", "--main"},
	{"l20"},
	{"l20", "--main"},
	{"l21"},
	{"l21", "--main"},
	{"l22"},
	{"l22", "--main"},
	{"l23"},
	{"l23", "--main"},
	{"l24"},
	{"l24", "--main"},
	{"l25"},
	{"l25", "--main"},
	{"l26"},
	{"l27"},
	{"l28"},
	{"l28", "--main"},
	{"matrix"},
	{"matrix", "--error"},
	{"matrix", "--crlf"},
	{"matrix", "--hazards"},
}

// snapshotName names a command line's snapshot: its arguments without leading dashes, joined
// with "-", so `course l6 --exercise 1` is snapshots/l6-exercise-1.txt.
func snapshotName(args []string) string {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = strings.TrimLeft(a, "-")
	}
	return strings.Join(parts, "-")
}

func snapshotPath(args []string) string {
	return filepath.Join("..", "snapshots", snapshotName(args)+".txt")
}

const updateHint = "update with: COURSE_UPDATE=1 go test ./..."

// TestSnapshots runs each command line in-process, lessons against a real child host, and
// compares its output with its snapshot; COURSE_UPDATE=1 rewrites the snapshots instead. The
// command lines run side by side: each starts its own hosts and writes its own snapshot.
func TestSnapshots(t *testing.T) {
	t.Parallel()
	for _, args := range snapshotRuns {
		t.Run(snapshotName(args), func(t *testing.T) {
			t.Parallel()
			testutil.SkipUnlessChromium(t, args)
			got, err := runCourseShared(t, args...)
			if err != nil {
				t.Fatalf("course %s: %v", strings.Join(args, " "), err)
			}
			path := snapshotPath(args)
			if os.Getenv("COURSE_UPDATE") != "" {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("read snapshot: %v (%s)", err, updateHint)
			}
			if got != string(want) {
				t.Errorf("course %s differs from %s (- snapshot, + output):\n%s%s", strings.Join(args, " "), path, testutil.LineDiff(string(want), got), updateHint)
			}
		})
	}
}

// TestSnapshotDiffIsReadable checks that one changed character of a snapshot shows as one
// removed and one added line.
func TestSnapshotDiffIsReadable(t *testing.T) {
	want, err := os.ReadFile(snapshotPath([]string{"l6"}))
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Replace(string(want), "558 characters", "559 characters", 1)
	diff := testutil.LineDiff(string(want), got)
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
	docs, err := filepath.Glob(filepath.Join("..", "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, doc := range docs {
		blocks, err := quotedBlocks(doc)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range blocks {
			want, err := os.ReadFile(snapshotPath(b.args))
			if err != nil {
				t.Errorf("%s:%d quotes `course %s`, which has no snapshot: %v", doc, b.line, strings.Join(b.args, " "), err)
				continue
			}
			if !strings.Contains(string(want), b.text) {
				t.Errorf("%s:%d: the block does not occur in the output of `course %s`:\n%s", doc, b.line, strings.Join(b.args, " "), b.text)
			}
		}
	}
}

// quotedBlock is an output block of a written lesson and the command line that prints it.
type quotedBlock struct {
	args []string
	line int
	text string
}

// quotedBlocks finds the fenced blocks of a Markdown file marked ```text course ARGS.
func quotedBlocks(path string) ([]quotedBlock, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var blocks []quotedBlock
	var cur *quotedBlock
	var body strings.Builder
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		l := sc.Text()
		switch {
		case cur == nil && strings.HasPrefix(l, "```text course "):
			cur = &quotedBlock{args: strings.Fields(strings.TrimPrefix(l, "```text course ")), line: n}
			body.Reset()
		case cur != nil && l == "```":
			cur.text = body.String()
			blocks = append(blocks, *cur)
			cur = nil
		case cur != nil:
			body.WriteString(l + "\n")
		}
	}
	return blocks, sc.Err()
}
