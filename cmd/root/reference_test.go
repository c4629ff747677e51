package root

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"course/internal/testutil"
	"course/lessons"
)

// referencePath is where the original program's output of a lesson's command line is kept:
// testdata/reference/lN.expected.txt, or lN-main.expected.txt for `course lN --main`. The update
// switch never writes there.
func referencePath(args []string) (string, bool) {
	if len(args) == 0 {
		return "", false
	}
	if _, ok := lessons.BySlug(args[0]); !ok {
		return "", false
	}
	switch {
	case len(args) == 1:
		return filepath.Join("testdata", "reference", args[0]+".expected.txt"), true
	case len(args) == 2 && args[1] == "--main":
		return filepath.Join("testdata", "reference", args[0]+"-main.expected.txt"), true
	}
	return "", false
}

// knownDiffPath holds the recorded difference between a lesson's output and the original's, for
// a table no readable version of GA explains; without the file the two must be equal.
func knownDiffPath(args []string) string {
	return filepath.Join("testdata", "reference", snapshotName(args)+".known-diff")
}

// TestSnapshotsMatchTheOriginal guards the snapshots against COURSE_UPDATE: every lesson's
// snapshot must be the original program's output byte for byte, or differ from it by exactly
// the recorded known difference.
func TestSnapshotsMatchTheOriginal(t *testing.T) {
	for _, s := range snapshots(t) {
		if _, ok := referencePath(s.args); !ok {
			continue
		}
		t.Run(snapshotName(s.args), func(t *testing.T) {
			if err := againstOriginal(s.args, s.stdout); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestEveryReferenceIsChecked holds the original program's outputs to the snapshots: each one is
// the reference of a snapshot's run, or is listed in testdata/reference/unported.txt with the
// reason the course cannot print it yet; and each known difference belongs to a run.
func TestEveryReferenceIsChecked(t *testing.T) {
	runs := map[string]bool{}
	for _, s := range snapshots(t) {
		if ref, ok := referencePath(s.args); ok {
			runs[filepath.Base(ref)] = true
			runs[filepath.Base(knownDiffPath(s.args))] = true
		}
	}
	unported := map[string]bool{}
	list, err := os.ReadFile(filepath.Join("testdata", "reference", "unported.txt"))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	for line := range strings.SplitSeq(string(list), "\n") {
		if name, why, ok := strings.Cut(line, ": "); ok && why != "" {
			unported[name] = true
			if runs[name] {
				t.Errorf("unported.txt lists %s, which a snapshot's run now checks: remove the line", name)
			}
		} else if strings.TrimSpace(line) != "" && !strings.HasPrefix(line, "#") {
			t.Errorf("unported.txt: %q is not `NAME: why`", line)
		}
	}
	files, err := filepath.Glob(filepath.Join("testdata", "reference", "*"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		name := filepath.Base(f)
		if name == "unported.txt" || runs[name] || unported[name] {
			continue
		}
		t.Errorf("%s is checked by no snapshot's run: add the run to snapshots/, or list it in unported.txt with the reason", f)
	}
}

// againstOriginal compares a lesson's output with the original program's.
func againstOriginal(args []string, got string) error {
	ref, ok := referencePath(args)
	if !ok {
		return fmt.Errorf("course %s has no original output", strings.Join(args, " "))
	}
	want, err := os.ReadFile(ref)
	if err != nil {
		return fmt.Errorf("every lesson keeps the original's output: %w", err)
	}
	diff := ""
	if got != string(want) {
		diff = testutil.LineDiff(string(want), got)
	}
	known, err := os.ReadFile(knownDiffPath(args))
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if diff != "" {
			return fmt.Errorf("course %s differs from the original's output %s (- original, + course):\n%s", strings.Join(args, " "), ref, diff)
		}
	case err != nil:
		return err
	case diff != string(known):
		return fmt.Errorf("course %s no longer differs from %s by the recorded difference %s; now:\n%s", strings.Join(args, " "), ref, knownDiffPath(args), diff)
	}
	return nil
}

// TestReferenceGuardFails checks that the guard sees a one-character change of a lesson's output.
func TestReferenceGuardFails(t *testing.T) {
	l6, ok := snapshotFor(t, []string{"l6"})
	if !ok {
		t.Fatal("no snapshot of l6")
	}
	if err := againstOriginal([]string{"l6"}, l6.stdout); err != nil {
		t.Fatalf("the l6 snapshot: %v", err)
	}
	changed := strings.Replace(l6.stdout, "558 characters", "559 characters", 1)
	err := againstOriginal([]string{"l6"}, changed)
	if err == nil || !strings.Contains(err.Error(), "+ ") {
		t.Fatalf("a changed l6 output passes the guard: %v", err)
	}
}
