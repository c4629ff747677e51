package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"course/lessons"
	"course/testutil"
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
	for _, args := range snapshotRuns {
		if _, ok := referencePath(args); !ok {
			continue
		}
		t.Run(snapshotName(args), func(t *testing.T) {
			got, err := os.ReadFile(snapshotPath(args))
			if err != nil {
				t.Fatal(err)
			}
			if err := againstOriginal(args, string(got)); err != nil {
				t.Error(err)
			}
		})
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

// TestEveryReferenceIsChecked holds the reference folder to the snapshot runs: every original
// output, and every recorded difference, belongs to a command line the snapshots run, so that
// TestSnapshotsMatchTheOriginal checks it.
func TestEveryReferenceIsChecked(t *testing.T) {
	checked := map[string]bool{}
	for _, args := range snapshotRuns {
		if ref, ok := referencePath(args); ok {
			checked[filepath.Base(ref)] = true
			checked[filepath.Base(knownDiffPath(args))] = true
		}
	}
	files, err := os.ReadDir(filepath.Join("testdata", "reference"))
	if err != nil {
		t.Fatal(err)
	}
	references := 0
	for _, f := range files {
		if strings.HasSuffix(f.Name(), ".expected.txt") {
			references++
		}
		if !checked[f.Name()] {
			t.Errorf("no snapshot run checks testdata/reference/%s", f.Name())
		}
	}
	if references == 0 {
		t.Error("no reference found")
	}
}

// TestReferenceGuardFails checks that the guard sees a one-character change of a lesson's output.
func TestReferenceGuardFails(t *testing.T) {
	snap, err := os.ReadFile(snapshotPath([]string{"l6"}))
	if err != nil {
		t.Fatal(err)
	}
	if err := againstOriginal([]string{"l6"}, string(snap)); err != nil {
		t.Fatalf("the l6 snapshot: %v", err)
	}
	changed := strings.Replace(string(snap), "558 characters", "559 characters", 1)
	err = againstOriginal([]string{"l6"}, changed)
	if err == nil || !strings.Contains(err.Error(), "+ ") {
		t.Fatalf("a changed l6 output passes the guard: %v", err)
	}
}
