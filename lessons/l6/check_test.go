package l6

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"course/internal/cmdutil"
)

// TestCheckFailsOnTheStubs runs `course check` on the exercises as the course ships them: the
// stubs must fail with the check's diff, not with a build error. Each check is a `go test` of
// its own, so they run side by side.
func TestCheckFailsOnTheStubs(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("go"); err != nil {
		t.Fatalf("course check needs the go command: %v", err)
	}
	for _, tc := range []struct{ exercise, want string }{
		{"l6.5", "ReadJoined is not right yet"},
		{"l6.6", "WriteEvent does not send every chunk whole yet"},
	} {
		t.Run(tc.exercise, func(t *testing.T) {
			t.Parallel()
			var out, errOut bytes.Buffer
			err := runCheck(t.Context(), &CheckOptions{Exercise: tc.exercise, Out: &out, Err: &errOut})
			var exit *cmdutil.ExitError
			if !errors.As(err, &exit) || exit.Code != 1 {
				t.Fatalf("course check %s on the stub: %v, want exit status 1\n%s%s", tc.exercise, err, out.String(), errOut.String())
			}
			if !strings.Contains(out.String(), tc.want) || !strings.Contains(out.String(), "- ") {
				t.Errorf("course check %s: no diff in the output:\n%s", tc.exercise, out.String())
			}
		})
	}
}

func TestCheckNamesTheCodeExercises(t *testing.T) {
	for _, name := range []string{"l6.1", "l6.9", "l5.5", "l6"} {
		if _, _, err := codeExercise(name); err == nil || !strings.Contains(err.Error(), "l6.5, l6.6") {
			t.Errorf("check %s: %v", name, err)
		}
	}
	if _, err := courseRepository(t.Context(), t.TempDir()); err == nil {
		t.Error("check outside the repository found one")
	}
	// With no argument, the command names them too.
	cmd := NewCmdCheck(func(context.Context, *CheckOptions) error { return errors.New("ran") })
	cmd.SetArgs([]string{})
	cmd.SetOut(io.Discard)
	cmd.SetErr(io.Discard)
	if err := cmd.Execute(); err == nil || !strings.Contains(err.Error(), "the code exercises are l6.5, l6.6") {
		t.Errorf("course check with no argument: %v", err)
	}
}

// TestCheckPassesOnRightCode puts the course's solution in the learner's files, through go's
// build overlay, and runs the same checks: they must pass, so the stubs fail for their code only.
func TestCheckPassesOnRightCode(t *testing.T) {
	t.Parallel()
	root, err := courseRepository(t.Context(), "")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join(root, "exercises", "l6", "solution", "solution.go"))
	if err != nil {
		t.Fatal(err)
	}
	// The solution's file, as package l6 with the exercise tag, and without its embed of itself.
	code := strings.Replace(string(src), "package solution", "//go:build exercise\n\npackage l6", 1)
	code = strings.Replace(code, "//go:embed solution.go\nvar Source string", "var Source string", 1)
	code = strings.Replace(code, "\t_ \"embed\"\n", "", 1)
	dir := t.TempDir()
	right := filepath.Join(dir, "solution.go")
	empty := filepath.Join(dir, "empty.go")
	if err := os.WriteFile(right, []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(empty, []byte("//go:build exercise\n\npackage l6\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	overlay, err := json.Marshal(map[string]map[string]string{"Replace": {
		filepath.Join(root, "exercises", "l6", "reader.go"): right,
		filepath.Join(root, "exercises", "l6", "writer.go"): empty,
	}})
	if err != nil {
		t.Fatal(err)
	}
	overlayFile := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(overlayFile, overlay, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(t.Context(), "go", "test", "-tags", "exercise", "-count=1", "-overlay", overlayFile, "./exercises/l6/")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the checks fail on the course's own solution: %v\n%s", err, out)
	}
}
