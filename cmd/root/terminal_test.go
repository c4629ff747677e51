package root

import (
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"course/internal/report"
	"course/internal/testutil"
	"course/lessons"
)

// widthRun is a command line the width test runs, and the widths it lays it out at.
type widthRun struct {
	args   []string
	widths []int
}

// widthRuns are the command lines the width test runs: every lesson and tool at each of
// layoutWidths, and every exercise's question and solution at the narrowest, the width that
// decides whether a line fits. Under the race detector, which adds nothing to a layout, the
// exercises are left to the plain run.
func widthRuns() []widthRun {
	var runs []widthRun
	add := func(widths []int, args ...string) { runs = append(runs, widthRun{args, widths}) }
	for _, args := range [][]string{{"lessons"}, {"matrix"}, {"matrix", "--hazards"}, {"progress"}, {"next"}} {
		add(layoutWidths, args...)
	}
	for _, l := range lessons.Course() {
		add(layoutWidths, l.Slug)
		if l.HasMain() {
			add(layoutWidths, l.Slug, "--main")
		}
	}
	if testutil.Race {
		return runs
	}
	for _, e := range lessons.Exercises().All() {
		add(layoutWidths[:1], "exercise", e.Name())
		add(layoutWidths[:1], "exercise", e.Name(), "--solution")
	}
	return runs
}

// runCourseLaidOut runs the course's command line once, as Execute does, its output laid out at
// each of widths through a fanout as --width lays it out, and returns the canonical output and
// each layout. The tree is the one Execute builds for the line, the lesson it names and no
// other: building every lesson for each of the test's runs cost more than most runs.
func runCourseLaidOut(t *testing.T, widths []int, args ...string) (canonical string, laid []string, err error) {
	t.Helper()
	layouts := []report.Layout{{}}
	for _, w := range widths {
		layouts = append(layouts, report.Layout{Width: w})
	}
	fan := report.NewFanout(layouts...)
	if err := execute(t.Context(), "test", args, fan, io.Discard); err != nil {
		return "", nil, err
	}
	if err := fan.Flush(); err != nil {
		return "", nil, err
	}
	for i := range widths {
		laid = append(laid, fan.Shown(i+1))
	}
	return fan.Shown(0), laid, nil
}

// TestEveryLineFitsTheWidth runs every lesson and tool end to end laid out at 80, 100 and 120
// columns, and every exercise at 80: no line is wider, and every word of the canonical output is
// still there, whether its table was pinned, wrapped inside its columns or laid out one block per
// row. Each command line runs once, its layouts made together by a fanout; the canonical form it
// makes is the one a pipe gets.
func TestEveryLineFitsTheWidth(t *testing.T) {
	t.Parallel()
	for _, run := range widthRuns() {
		args := run.args
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			t.Parallel()
			canonical, laid, err := runCourseLaidOut(t, run.widths, args...)
			if err != nil {
				t.Fatalf("course %s: %v", strings.Join(args, " "), err)
			}
			if piped, err := runCourseShared(t, args...); err != nil || piped != canonical {
				t.Errorf("course %s: the fanout's canonical form is not what a pipe gets (%v)", strings.Join(args, " "), err)
			}
			for i, got := range laid {
				name := strings.Join(args, " ") + " --width " + strconv.Itoa(run.widths[i])
				if wide := testutil.OverWide(got, run.widths[i]); len(wide) > 0 {
					t.Errorf("course %s: %d lines wider, the first: %q", name, len(wide), wide[0])
				}
				if lost := missingWords(canonical, got); len(lost) > 0 {
					t.Errorf("course %s lost %d words of the canonical output, the first: %q", name, len(lost), lost[0])
				}
			}
		})
	}
}

// layoutWidths are the terminal widths every command's layout is checked at.
var layoutWidths = []int{80, 100, 120}

// TestTheWidthLaysOutTables checks that --width moves the output: l6's table of writers and
// readers, wider than 80 columns pinned, is laid out inside 80 columns with no row cut by the
// continuation mark, while the pipe keeps it pinned.
func TestTheWidthLaysOutTables(t *testing.T) {
	canonical, err := runCourseShared(t, "l6")
	if err != nil {
		t.Fatal(err)
	}
	got, err := runCourse(t, "l6", "--width", "80")
	if err != nil {
		t.Fatal(err)
	}
	const section = "== Each writer with each reader"
	_, pinned, _ := strings.Cut(canonical, section)
	_, laid, ok := strings.Cut(got, section)
	if !ok || len(testutil.OverWide(pinned, 80)) == 0 {
		t.Fatalf("l6 has no table wider than 80 columns to lay out:\n%s", pinned)
	}
	if strings.Contains(laid, report.Continuation) || len(testutil.OverWide(laid, 80)) > 0 {
		t.Errorf("l6 --width 80: the table is cut, not laid out:\n%s", laid)
	}
}

// missingWords lists the words of canonical that got has fewer of, once the pieces of lines
// the display writer cut are joined again.
func missingWords(canonical, got string) []string {
	count := map[string]int{}
	for _, w := range strings.Fields(joinCut.ReplaceAllString(got, "")) {
		count[w]++
		if label, ok := strings.CutSuffix(w, ":"); ok {
			count[label]++ // a header named as a block's label
		}
	}
	var lost []string
	for _, w := range strings.Fields(canonical) {
		if count[w] == 0 {
			lost = append(lost, w)
			continue
		}
		count[w]--
	}
	return lost
}

// joinCut matches the end of a cut piece and the indentation the next piece repeats.
var joinCut = regexp.MustCompile(report.Continuation + `\n *(\| )?`)

// TestHelpFitsAHundredColumns checks every command's --help in canonical form.
func TestHelpFitsAHundredColumns(t *testing.T) {
	root := NewRootCmd("test")
	var paths [][]string
	for _, c := range root.Commands() {
		paths = append(paths, []string{c.Name()})
		for _, sub := range c.Commands() {
			paths = append(paths, []string{c.Name(), sub.Name()})
		}
	}
	paths = append(paths, nil)
	for _, p := range paths {
		out, err := runCourse(t, append(p, "--help")...)
		if err != nil {
			t.Fatal(err)
		}
		if wide := testutil.OverWide(out, report.DefaultWidth); len(wide) > 0 {
			t.Errorf("course %s --help: %d lines over %d columns, the first: %q", strings.Join(p, " "), len(wide), report.DefaultWidth, wide[0])
		}
	}
}

func TestColour(t *testing.T) {
	out, err := runCourse(t, "l6", "--color", "always")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "\x1b[1m# l6\x1b[0m") || !strings.Contains(out, "\x1b[32mexact\x1b[0m") || !strings.Contains(out, "(throws)") {
		t.Errorf("no colours in course l6 --color always:\n%.400s", out)
	}
	plain, err := runCourse(t, "l6", "--color", "never")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(plain, "\x1b[") {
		t.Error("course l6 --color never has escape sequences")
	}
	if _, err := runCourse(t, "l6", "--color", "sometimes"); err == nil || !strings.Contains(err.Error(), "never, auto or always") {
		t.Errorf("--color sometimes: %v", err)
	}
}

// TestColourByVerdict checks l25's colours: in its second table, every prompt is another
// intent's, so the hint's "yes" is a false claim, red, and its "no" is green; prose such as
// "no hint on 7" carries no verdict and is not coloured.
func TestColourByVerdict(t *testing.T) {
	out, err := runCourse(t, "l25", "--color", "always")
	if err != nil {
		t.Fatal(err)
	}
	row := ""
	for l := range strings.SplitSeq(out, "\n") {
		if strings.HasPrefix(l, "skill.modes ") && strings.Contains(l, "transposition") {
			row = l
		}
	}
	if !strings.Contains(row, "\x1b[31myes\x1b[0m") {
		t.Errorf("l25's false-positive hint is not red: %q", row)
	}
	for l := range strings.SplitSeq(out, "\n") {
		if strings.Contains(l, "no hint on") && strings.Contains(l, "\x1b[") {
			t.Errorf("prose is coloured: %q", l)
		}
	}
}

// TestLessonsColourTheirVerdicts runs lessons that grade their tables with --color always at
// 120 columns, where those tables are pinned, and checks each coloured cell of a graded section
// against the grade the lesson printed in it: the colour must follow the lesson's own finding,
// and the section must hold both a right cell (green) and a wrong one (red).
func TestLessonsColourTheirVerdicts(t *testing.T) {
	const green, yellow, red = "32", "33", "31"
	type grade struct{ prefix, colour string }
	for _, tc := range []struct {
		lesson, section string
		// grades map a cell's text, by its first words, to its colour; the first match counts.
		grades []grade
	}{
		{"l5", `"which arpeggio fits Am F C G") against the key`, []grade{{"same in", yellow}, {"same", green}, {"DIFF", red}}},
		{"l7", "What GA does with them", []grade{{"same", green}, {"DIFF", red}}},
		{"l11", `"What key is ... in?" for six textbook progressions`, []grade{{"=", green}, {"~", yellow}, {"x", red}, {"r", red}}},
		{"l17", "CapoSkill's example prompts", []grade{{"right, theoretical", yellow}, {"right", green}, {"wrong", red}, {"declined", red}}},
		{"l22", "The chords the skill reads", []grade{{"yes", green}, {"no", red}}},
	} {
		t.Run(tc.lesson, func(t *testing.T) {
			t.Parallel()
			out, err := runCourse(t, tc.lesson, "--color", "always", "--width", "120")
			if err != nil {
				t.Fatal(err)
			}
			section, ok := colouredSection(out, tc.section)
			if !ok {
				t.Fatalf("%s has no section %q", tc.lesson, tc.section)
			}
			seen := map[string]int{}
			for _, m := range colouredCell.FindAllStringSubmatch(section, -1) {
				colour, text := m[1], m[2]
				want := ""
				for _, g := range tc.grades {
					if strings.HasPrefix(text, g.prefix) {
						want = g.colour
						break
					}
				}
				if colour != want {
					t.Errorf("%s: %q is coloured %s, its grade says %q", tc.lesson, text, colour, want)
				}
				seen[colour]++
			}
			if seen[green] == 0 || seen[red] == 0 {
				t.Errorf("%s, %q: %d green and %d red cells, want both:\n%s", tc.lesson, tc.section, seen[green], seen[red], section)
			}
		})
	}
}

// colouredCell is a cell the display coloured by its verdict: the colour's code and the text.
var colouredCell = regexp.MustCompile("\x1b\\[(3[123])m([^\x1b]*)\x1b\\[0m")

// colouredSection is the part of coloured output under the section whose title holds title, up
// to the next section.
func colouredSection(out, title string) (string, bool) {
	const heading = "\x1b[1m== "
	for _, s := range strings.Split(out, heading)[1:] {
		if first, _, _ := strings.Cut(s, "\n"); strings.Contains(first, title) {
			_, body, _ := strings.Cut(s, "\n")
			return body, true
		}
	}
	return "", false
}
