//go:build linux

package root

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"course/internal/report"
	"course/internal/testutil"
)

// screenEnd is what a test writes to the terminal after the command has ended, so that it knows
// it has read everything the command wrote before.
const screenEnd = "--- the command has ended ---"

// runOnTerminal runs the course's command line with its output on a pseudo-terminal of cols
// columns and rows lines, as Execute runs it for main, and returns what reached the screen.
func runOnTerminal(t *testing.T, cols, rows int, args ...string) (string, error) {
	t.Helper()
	tty, screen := testutil.OpenPtyAt(t, "/dev/ptmx")
	testutil.SetPtySize(t, tty, cols, rows)
	seen := make(chan string, 1)
	go func() {
		var b strings.Builder
		sc := bufio.NewScanner(screen)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			l := strings.TrimRight(sc.Text(), "\r")
			if l == screenEnd {
				break
			}
			b.WriteString(l + "\n")
		}
		seen <- b.String()
	}()
	var errOut bytes.Buffer
	err := execute(t.Context(), "test", args, tty, &errOut)
	if _, werr := tty.WriteString("\n" + screenEnd + "\n"); werr != nil {
		t.Fatal(werr)
	}
	got := <-seen
	if errOut.Len() > 0 {
		t.Logf("course %s wrote to stderr: %s", strings.Join(args, " "), errOut.String())
	}
	return strings.TrimSuffix(got, "\n"), err
}

// recordingPager sets PAGER to a shell line that saves the pager's input in dir/paged and the
// LESS it was given in dir/less, and returns dir.
func recordingPager(t *testing.T) string {
	dir := t.TempDir()
	t.Setenv("PAGER", `printf '%s\n' "$LESS" > `+filepath.Join(dir, "less")+`; cat > `+filepath.Join(dir, "paged"))
	return dir
}

// TestPagerOnATerminal runs `course lessons`, 33 lines, on terminals of 40 and 20 lines: the
// taller terminal gets it, the shorter one's pager does, with LESS=FRX when LESS is unset and
// the reader's LESS when set; --no-pager and a pipe never page.
func TestPagerOnATerminal(t *testing.T) {
	canonical, err := runCourse(t, "lessons")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(canonical, "\n"); n < 25 || n > 38 {
		t.Fatalf("course lessons is %d lines; the test wants it between 20 and 40", n)
	}
	t.Setenv("LESS", "") // restored after the test
	os.Unsetenv("LESS")
	t.Run("fits", func(t *testing.T) {
		dir := recordingPager(t)
		screen, err := runOnTerminal(t, 200, 40, "lessons", "--color", "never")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(screen, "28 lessons: `course lN` runs one") {
			t.Errorf("a terminal of 40 lines does not show the 33 of course lessons:\n%s", screen)
		}
		if _, err := os.Stat(filepath.Join(dir, "paged")); err == nil {
			t.Error("output that fits the terminal went through the pager")
		}
	})
	for _, less := range []string{"", "-i"} {
		t.Run("taller LESS="+less, func(t *testing.T) {
			if less != "" {
				t.Setenv("LESS", less)
			}
			dir := recordingPager(t)
			screen, err := runOnTerminal(t, 200, 20, "lessons", "--color", "never")
			if err != nil {
				t.Fatal(err)
			}
			if strings.TrimSpace(screen) != "" {
				t.Errorf("the terminal got output the pager should have had:\n%s", screen)
			}
			paged, err := os.ReadFile(filepath.Join(dir, "paged"))
			if err != nil {
				t.Fatalf("the pager did not run: %v", err)
			}
			if string(paged) != canonical {
				t.Errorf("the pager got (- canonical, + paged):\n%s", testutil.LineDiff(canonical, string(paged)))
			}
			want := less
			if want == "" {
				want = "FRX"
			}
			if got, _ := os.ReadFile(filepath.Join(dir, "less")); strings.TrimSpace(string(got)) != want {
				t.Errorf("the pager ran with LESS=%q, want %q", strings.TrimSpace(string(got)), want)
			}
		})
	}
	t.Run("no-pager", func(t *testing.T) {
		dir := recordingPager(t)
		screen, err := runOnTerminal(t, 200, 20, "lessons", "--color", "never", "--no-pager")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(screen, "28 lessons: `course lN` runs one") {
			t.Errorf("--no-pager: the terminal does not show the output:\n%s", screen)
		}
		if _, err := os.Stat(filepath.Join(dir, "paged")); err == nil {
			t.Error("--no-pager went through the pager")
		}
	})
	t.Run("pipe", func(t *testing.T) {
		dir := recordingPager(t)
		var out bytes.Buffer
		if err := execute(t.Context(), "test", []string{"lessons"}, &out, &bytes.Buffer{}); err != nil {
			t.Fatal(err)
		}
		if out.String() != canonical {
			t.Errorf("piped, course lessons is not its canonical form:\n%s", out.String())
		}
		if _, err := os.Stat(filepath.Join(dir, "paged")); err == nil {
			t.Error("a pipe went through the pager")
		}
	})
	t.Run("quit", func(t *testing.T) {
		// A pager that ends without reading, as less does when the reader quits at once: the
		// command stops without an error, and nothing reaches the terminal behind the pager.
		t.Setenv("PAGER", "true")
		screen, err := runOnTerminal(t, 200, 5, "lessons", "--color", "never")
		if err != nil {
			t.Errorf("quitting the pager: %v", err)
		}
		if strings.TrimSpace(screen) != "" {
			t.Errorf("the terminal got output behind the pager:\n%s", screen)
		}
	})
}

// sgr matches the colour sequences the display and the renderer write.
var sgr = regexp.MustCompile("\x1b\\[[0-9;]*m")

// TestReadOnATerminal runs `course read l6` on a terminal of 80 columns and 24 lines: the page
// goes through the pager, in colour, no line wider than the terminal, and the lesson's table of
// writers and readers, 123 columns pinned, laid out inside the page's 80 columns.
func TestReadOnATerminal(t *testing.T) {
	dir := recordingPager(t)
	t.Setenv("NO_COLOR", "")
	os.Unsetenv("NO_COLOR")
	screen, err := runOnTerminal(t, 80, 24, "read", "l6")
	if err != nil {
		t.Fatal(err)
	}
	if strings.TrimSpace(screen) != "" {
		t.Errorf("course read l6 did not go through the pager; the terminal got:\n%.500s", screen)
	}
	paged, err := os.ReadFile(filepath.Join(dir, "paged"))
	if err != nil {
		t.Fatalf("the pager did not run: %v", err)
	}
	if !strings.Contains(string(paged), "\x1b[") {
		t.Error("course read l6 on a terminal has no colour")
	}
	plain := sgr.ReplaceAllString(string(paged), "")
	if wide := testutil.OverWide(plain, 80); len(wide) > 0 {
		t.Errorf("course read l6 at 80 columns: %d lines wider, the first: %q", len(wide), wide[0])
	}
	_, table, ok := strings.Cut(plain, "== Each writer with each reader, on the improvisation answer")
	if !ok || !strings.Contains(table, "chunks after #743") || strings.Contains(table[:min(len(table), 2000)], report.Continuation) {
		t.Errorf("course read l6 at 80 columns does not lay out the writers' table:\n%.2000s", table)
	}
	if !strings.Contains(plain, "folded; course read l6 --solutions shows it") {
		t.Error("course read l6 on a terminal does not fold the solutions")
	}
}
