package learn

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"course/internal/cmdutil"
	"course/internal/report"
)

// IO is what every exercise command reads and writes; the constructors fill it from cobra's
// streams, the tests with buffers.
type IO struct {
	// Out receives what the command prints, Err go test's errors.
	Out, Err io.Writer
	// In is standard input, for the answer prompt and the questions asked before a reset.
	In io.Reader
	// Terminal says a person types on In: only then does a command prompt or ask.
	Terminal bool
	// ProgressPath is the progress record; "" is DefaultProgressPath.
	ProgressPath string
	// Dir is where to look for the course's repository; "" is the working directory.
	Dir string
	// Now stamps what is done; nil is time.Now.
	Now func() time.Time
}

func (o *IO) fill(cmd *cobra.Command) {
	o.Out, o.Err, o.In = cmd.OutOrStdout(), cmd.ErrOrStderr(), cmd.InOrStdin()
	if f, ok := o.In.(*os.File); ok {
		o.Terminal = term.IsTerminal(int(f.Fd()))
	}
}

func (o *IO) progress() (*Progress, error) {
	path := o.ProgressPath
	if path == "" {
		var err error
		if path, err = DefaultProgressPath(); err != nil {
			return nil, err
		}
	}
	return LoadProgress(path)
}

func (o *IO) now() time.Time {
	if o.Now == nil {
		return time.Now()
	}
	return o.Now()
}

// confirm asks the person at the terminal whether to go on; without a terminal it refuses,
// saying to run again with --yes, so that nothing is lost to a script's missing answer.
func (o *IO) confirm(question string) error {
	if !o.Terminal {
		return fmt.Errorf("%s: run it again with --yes to go ahead", question)
	}
	fmt.Fprintf(o.Out, "%s [y/N] ", question)
	line, err := bufio.NewReader(o.In).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return fmt.Errorf("read your answer: %w", err)
	}
	if a := strings.ToLower(strings.TrimSpace(line)); a != "y" && a != "yes" {
		return errors.New("left as it was")
	}
	return nil
}

// Flags are the exercise flags every lesson's command takes: --exercise K, --hint and
// --solution. The number is read as text, so that a wrong one gets the course's own message.
type Flags struct {
	// Exercise is the exercise's number as given, "4"; "" runs the lesson.
	Exercise string
	// Hint is the hint to show, from 1; 0 shows none.
	Hint int
	// Solution shows the course's answer.
	Solution bool
}

// Add adds the flags to a lesson's command, l being the lesson's exercises.
func (f *Flags) Add(cmd *cobra.Command, l Lesson) {
	cmd.Flags().StringVar(&f.Exercise, "exercise", "", fmt.Sprintf("show exercise `K` of the lesson (1-%d) instead of the lesson", len(l.Exercises)))
	cmd.Flags().IntVar(&f.Hint, "hint", 0, "with --exercise, give hint `N` (--hint alone: the first)")
	cmd.Flags().Lookup("hint").NoOptDefVal = "1"
	cmd.Flags().BoolVar(&f.Solution, "solution", false, "with --exercise, print the exercise's computed answer and its evidence")
	if len(l.Exercises) == 0 {
		// A lesson without exercises still takes the flags, to answer them in one line rather
		// than "unknown flag", but does not offer them.
		for _, name := range []string{"exercise", "hint", "solution"} {
			cmd.Flags().Lookup(name).Hidden = true
		}
	}
}

// Lookup finds the exercise the flags name: nil when they name none, an error when they are
// malformed, out of range, or --hint and --solution come without --exercise.
func (f *Flags) Lookup(l Lesson) (*Exercise, error) {
	if f.Exercise == "" {
		if f.Hint != 0 || f.Solution {
			return nil, fmt.Errorf("%s: --hint and --solution go with --exercise K", l.Slug)
		}
		return nil, nil
	}
	return l.Lookup(f.Exercise)
}

// Help lists a lesson's exercises for its --help.
func Help(l Lesson) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Exercises (course %s --exercise K, or course exercise %s.K):", l.Slug, l.Slug)
	for _, e := range l.Exercises {
		title := ""
		if q, err := e.Question(); err == nil {
			title = q.Title
		}
		fmt.Fprintf(&b, "\n  %d  %s (%s)", e.Number, title, e.Kind)
	}
	return b.String()
}

// ExerciseOptions is what `course exercise` and a lesson's --exercise need.
type ExerciseOptions struct {
	IO
	// Exercise is the exercise to open.
	Exercise *Exercise
	// Hint and Solution are as in Flags.
	Hint     int
	Solution bool
}

// NewCmdExercise builds `course exercise lN.K`, which opens an exercise: its question, what
// to answer and how, a hint, or the course's answer.
func NewCmdExercise(c *Course, runF func(context.Context, *ExerciseOptions) error) *cobra.Command {
	opts := &ExerciseOptions{}
	cmd := &cobra.Command{
		Use:   "exercise lN.K",
		Short: "Open an exercise: its question, a hint (--hint) or the course's answer (--solution)",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			e, err := c.Find(args[0])
			if err != nil {
				return err
			}
			opts.fill(cmd)
			opts.Exercise = e
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return RunExercise(cmd.Context(), opts)
		},
	}
	cmd.Flags().IntVar(&opts.Hint, "hint", 0, "give hint `N` (--hint alone: the first)")
	cmd.Flags().Lookup("hint").NoOptDefVal = "1"
	cmd.Flags().BoolVar(&opts.Solution, "solution", false, "print the exercise's computed answer and its evidence")
	return cmd
}

// RunExercise prints the exercise's question, a hint, or its solution, as opts say.
func RunExercise(ctx context.Context, opts *ExerciseOptions) error {
	e := opts.Exercise
	switch {
	case opts.Solution:
		return showSolution(ctx, opts.Out, e)
	case opts.Hint != 0:
		return showHint(opts.Out, e, opts.Hint)
	}
	return showQuestion(&opts.IO, e)
}

func showQuestion(o *IO, e *Exercise) error {
	q, err := e.Question()
	if err != nil {
		return fmt.Errorf("%s: %w", e.Name(), err)
	}
	r := report.New(o.Out)
	r.Heading(fmt.Sprintf("%s (%s)", e.Name(), e.Kind))
	r.Title("Exercise %d: %s", e.Number, q.Title)
	r.Line("%s", q.Text)
	r.Blank()
	switch e.Kind {
	case Value:
		form := e.Form
		if form.Says == "" {
			form = Text
		}
		r.Line("Answer with %s: `course answer %s \"...\"`.", form.Says, e.Name())
	case Choice:
		for i, opt := range e.Options {
			r.Line("  %s. %s", Letter(i), opt)
		}
		r.Blank()
		r.Line("Answer with %s: `course answer %s \"...\"`.", letters(len(e.Options)).Says, e.Name())
	case Code:
		// Opening an exercise writes nothing: the learner's files are written by check and
		// reset, which say so.
		r.Line("Your files: %s; `course reset %s` writes them from their stubs, or puts the stubs back.", strings.Join(codePaths(e.Code), ", "), e.Name())
		r.Line("Check them with `course check %s` (`--watch` checks again on every save).", e.Name())
	}
	if len(e.Hints) > 0 {
		r.Line("`course exercise %s --hint` gives a hint (%d in all); `--solution` shows the course's answer.", e.Name(), len(e.Hints))
	} else {
		r.Line("`course exercise %s --solution` shows the course's answer.", e.Name())
	}
	return r.Err()
}

func codePaths(c *CodeCheck) []string {
	paths := make([]string, len(c.Files))
	for i, f := range c.Files {
		paths[i] = c.Dir + "/" + f
	}
	return paths
}

func showHint(w io.Writer, e *Exercise, n int) error {
	if n < 1 || n > len(e.Hints) {
		return fmt.Errorf("%s: --hint %d: its hints are 1 to %d", e.Name(), n, len(e.Hints))
	}
	r := report.New(w)
	r.Line("Hint %d of %d for %s: %s", n, len(e.Hints), e.Name(), e.Hints[n-1])
	if n < len(e.Hints) {
		r.Line("`course exercise %s --hint=%d` gives the next.", e.Name(), n+1)
	}
	return r.Err()
}

func showSolution(ctx context.Context, w io.Writer, e *Exercise) error {
	a, err := e.Solve(ctx)
	if err != nil {
		return fmt.Errorf("%s: %w", e.Name(), err)
	}
	r := report.New(w)
	r.Heading(e.Name() + " --solution")
	if a.Evidence != nil {
		if err := a.Evidence(r); err != nil {
			return fmt.Errorf("%s: %w", e.Name(), err)
		}
	}
	switch e.Kind {
	case Value:
		r.Title("The course's answer")
		r.Line("%s", a.Value)
	case Choice:
		if len(a.Holds) != len(e.Options) {
			_, err := e.Expected(a)
			return err
		}
		r.Title("Which options hold")
		for i, opt := range e.Options {
			verdict := "does not hold"
			if a.Holds[i] {
				verdict = "holds"
			}
			r.Line("  %s. %s: %s", Letter(i), opt, verdict)
		}
	}
	return r.Err()
}

// AnswerOptions is what `course answer` needs.
type AnswerOptions struct {
	IO
	// Exercise is the exercise answered.
	Exercise *Exercise
	// Given is the learner's answer; "" prompts for it when In is a terminal.
	Given string
}

// NewCmdAnswer builds `course answer lN.K "..."`, which checks an answer against the one the
// course computes now, and records the exercise as done when it is right.
func NewCmdAnswer(c *Course, runF func(context.Context, *AnswerOptions) error) *cobra.Command {
	opts := &AnswerOptions{}
	return &cobra.Command{
		Use:   "answer lN.K [ANSWER]",
		Short: "Check your answer to an exercise (typed at a prompt when none is given)",
		Args:  cobra.RangeArgs(1, 2),
		RunE: func(cmd *cobra.Command, args []string) error {
			e, err := c.Find(args[0])
			if err != nil {
				return err
			}
			opts.fill(cmd)
			opts.Exercise = e
			if len(args) == 2 {
				opts.Given = args[1]
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return RunAnswer(cmd.Context(), opts)
		},
	}
}

// RunAnswer checks opts.Given: it prints whether it is right and what differs, records a right
// answer, and fails with exit status 1 on a wrong one.
func RunAnswer(ctx context.Context, opts *AnswerOptions) error {
	e := opts.Exercise
	if e.Kind == Code {
		return fmt.Errorf("%s is a code exercise: `course check %s` checks it", e.Name(), e.Name())
	}
	p, err := opts.progress()
	if err != nil {
		return err
	}
	given := opts.Given
	if strings.TrimSpace(given) == "" {
		if !opts.Terminal {
			return fmt.Errorf("%s: give your answer: course answer %s \"...\"", e.Name(), e.Name())
		}
		fmt.Fprintf(opts.Out, "Your answer to %s: ", e.Name())
		line, err := bufio.NewReader(opts.In).ReadString('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			return fmt.Errorf("read your answer: %w", err)
		}
		if given = strings.TrimSpace(line); given == "" {
			return fmt.Errorf("%s: no answer given", e.Name())
		}
	}
	a, err := e.Solve(ctx)
	if err != nil {
		return fmt.Errorf("%s: %w", e.Name(), err)
	}
	v, err := e.Accept(given, a)
	if err != nil {
		return err
	}
	if !v.OK {
		fmt.Fprintf(opts.Out, "%s: not yet. %s.\n", e.Name(), v.Differs)
		return &cmdutil.ExitError{Code: cmdutil.ExitFail, Err: fmt.Errorf("%s: `course exercise %s --hint` gives a hint", e.Name(), e.Name())}
	}
	if err := p.MarkDone(e.Name(), opts.now()); err != nil {
		return err
	}
	_, err = fmt.Fprintf(opts.Out, "%s: right. `course exercise %s --solution` shows the evidence; `course next` names what comes next.\n", e.Name(), e.Name())
	return err
}

// ProgressOptions is what `course progress` and `course next` need.
type ProgressOptions struct {
	IO
	// Course is every exercise, in the course's order.
	Course *Course
	// Reset clears the record, after asking unless Yes.
	Reset, Yes bool
}

// NewCmdProgress builds `course progress`: each lesson's exercises done out of its total, and
// the course's bar.
func NewCmdProgress(c *Course, runF func(context.Context, *ProgressOptions) error) *cobra.Command {
	opts := &ProgressOptions{Course: c}
	cmd := &cobra.Command{
		Use:   "progress",
		Short: "Show the exercises you have done, lesson by lesson (--reset clears the record)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			opts.fill(cmd)
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return RunProgress(cmd.Context(), opts)
		},
	}
	cmd.Flags().BoolVar(&opts.Reset, "reset", false, "clear the record of what you have done")
	cmd.Flags().BoolVar(&opts.Yes, "yes", false, "with --reset, do not ask first")
	return cmd
}

// RunProgress prints the record, or clears it with Reset.
func RunProgress(_ context.Context, opts *ProgressOptions) error {
	if opts.Reset {
		path := opts.ProgressPath
		if path == "" {
			var err error
			if path, err = DefaultProgressPath(); err != nil {
				return err
			}
		}
		if !opts.Yes {
			if err := opts.confirm("clear the record of every exercise you have done, " + path + "?"); err != nil {
				return fmt.Errorf("progress --reset: %w", err)
			}
		}
		if err := ResetProgress(path); err != nil {
			return err
		}
		_, err := fmt.Fprintf(opts.Out, "Cleared %s.\n", path)
		return err
	}
	p, err := opts.progress()
	if err != nil {
		return err
	}
	r := report.New(opts.Out)
	var rows [][]string
	done, total := 0, 0
	for _, l := range opts.Course.Lessons {
		n := 0
		for _, e := range l.Exercises {
			if _, ok := p.Done[e.Name()]; ok {
				n++
			}
		}
		done, total = done+n, total+len(l.Exercises)
		if len(l.Exercises) == 0 {
			rows = append(rows, []string{l.Slug, "no exercises", ""})
			continue
		}
		rows = append(rows, []string{l.Slug, fmt.Sprintf("%d of %d", n, len(l.Exercises)), bar(n, len(l.Exercises), len(l.Exercises))})
	}
	r.Table([]string{"lesson", "done", ""}, rows)
	r.Blank()
	r.Line("the course  %s  %d of %d exercises", bar(done, total, 30), done, total)
	r.Line("record: %s", p.Path)
	return r.Err()
}

// bar is done of total drawn width cells wide.
func bar(done, total, width int) string {
	if total == 0 {
		return ""
	}
	full := done * width / total
	return "[" + strings.Repeat("#", full) + strings.Repeat(".", width-full) + "]"
}

// NewCmdNext builds `course next`, which names the next exercise to do in the course's order.
func NewCmdNext(c *Course, runF func(context.Context, *ProgressOptions) error) *cobra.Command {
	opts := &ProgressOptions{Course: c}
	return &cobra.Command{
		Use:   "next",
		Short: "Name the next exercise to do, in the course's order",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			opts.fill(cmd)
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return RunNext(cmd.Context(), opts)
		},
	}
}

// RunNext prints the first exercise of the course not done yet, and the command that opens it.
func RunNext(_ context.Context, opts *ProgressOptions) error {
	p, err := opts.progress()
	if err != nil {
		return err
	}
	for _, e := range opts.Course.All() {
		if _, ok := p.Done[e.Name()]; ok {
			continue
		}
		title := ""
		if q, err := e.Question(); err == nil && q.Title != "" {
			title = ": " + q.Title
		}
		_, err := fmt.Fprintf(opts.Out, "Next: %s%s (%s). Open it with `course exercise %s`; read docs/%s.md first if you have not.\n", e.Name(), title, e.Kind, e.Name(), e.Lesson)
		return err
	}
	_, err = fmt.Fprintf(opts.Out, "Every exercise of the course is done (%d). `course progress` shows them.\n", len(opts.Course.All()))
	return err
}

// ResetOptions is what `course reset` needs.
type ResetOptions struct {
	IO
	// Exercise is the code exercise whose stubs are put back.
	Exercise *Exercise
	// Yes overwrites changed files without asking.
	Yes bool
}

// NewCmdReset builds `course reset lN.K`, which puts a code exercise's stub back.
func NewCmdReset(c *Course, runF func(context.Context, *ResetOptions) error) *cobra.Command {
	opts := &ResetOptions{}
	cmd := &cobra.Command{
		Use:   "reset lN.K",
		Short: "Put a code exercise's stub back, from the copy the course carries",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			e, err := c.Find(args[0])
			if err != nil {
				return err
			}
			opts.fill(cmd)
			opts.Exercise = e
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return RunReset(cmd.Context(), opts)
		},
	}
	cmd.Flags().BoolVar(&opts.Yes, "yes", false, "overwrite your changes without asking")
	return cmd
}

// RunReset restores the exercise's stubs, asking first when the learner has changed them.
func RunReset(ctx context.Context, opts *ResetOptions) error {
	e := opts.Exercise
	if e.Kind != Code {
		return fmt.Errorf("%s is answered, not written: it has no file to reset", e.Name())
	}
	root, err := FindRepository(ctx, opts.Dir)
	if err != nil {
		return fmt.Errorf("reset %s: %w", e.Name(), err)
	}
	changed, err := e.Code.Changed(root)
	if err != nil {
		return fmt.Errorf("reset %s: %w", e.Name(), err)
	}
	if len(changed) > 0 && !opts.Yes {
		if err := opts.confirm("overwrite your changes to " + strings.Join(changed, ", ") + "?"); err != nil {
			return fmt.Errorf("reset %s: %w", e.Name(), err)
		}
	}
	if err := e.Code.Reset(root); err != nil {
		return fmt.Errorf("reset %s: %w", e.Name(), err)
	}
	_, err = fmt.Fprintf(opts.Out, "%s: %s back as the course ships them.\n", e.Name(), strings.Join(codePaths(e.Code), ", "))
	return err
}

// CheckOptions is what `course check` needs.
type CheckOptions struct {
	IO
	// Exercise is the code exercise to check.
	Exercise *Exercise
	// Watch checks again on every save, until interrupted.
	Watch bool
}

// NewCmdCheck builds `course check lN.K`, which runs a code exercise's check on the learner's
// files.
func NewCmdCheck(c *Course, runF func(context.Context, *CheckOptions) error) *cobra.Command {
	opts := &CheckOptions{}
	cmd := &cobra.Command{
		Use:   "check lN.K",
		Short: "Check your code for a code exercise (course check l6.5; --watch checks on every save)",
		Long: `Run the check of a code exercise on your code: go test, with the exercise tag, in the
course's repository. It fails with a diff of the input, what was wanted and what came back,
until your code is right. Run it from the repository (or a folder in it); it needs Go.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return fmt.Errorf("check takes a code exercise: %s", strings.Join(codeExercises(c), ", "))
			}
			e, err := c.Find(args[0])
			if err != nil {
				return err
			}
			if e.Kind != Code {
				return fmt.Errorf("%s is answered with `course answer %s \"...\"`, not checked", e.Name(), e.Name())
			}
			opts.fill(cmd)
			opts.Exercise = e
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			return RunCheck(cmd.Context(), opts)
		},
	}
	cmd.Flags().BoolVar(&opts.Watch, "watch", false, "check again every time you save one of the exercise's files")
	return cmd
}

// codeExercises names the course's code exercises, in course order.
func codeExercises(c *Course) []string {
	var names []string
	for _, e := range c.All() {
		if e.Kind == Code {
			names = append(names, "course check "+e.Name())
		}
	}
	return names
}

// watchSettle is how long a save's burst of file events is left to settle before the check.
const watchSettle = 200 * time.Millisecond

// RunCheck checks the learner's code once, or with Watch on every save until ctx ends.
func RunCheck(ctx context.Context, opts *CheckOptions) error {
	e := opts.Exercise
	root, err := FindRepository(ctx, opts.Dir)
	if err != nil {
		return fmt.Errorf("check %s: %w", e.Name(), err)
	}
	made, err := e.Code.Ensure(root)
	if err != nil {
		return fmt.Errorf("check %s: %w", e.Name(), err)
	}
	for _, path := range made {
		fmt.Fprintf(opts.Out, "Wrote the stub %s.\n", path)
	}
	once := func() error {
		ok, err := e.Code.Run(ctx, root, nil, opts.Out, opts.Err)
		if err != nil {
			return fmt.Errorf("check %s: %w", e.Name(), err)
		}
		if !ok {
			fmt.Fprintf(opts.Out, "%s: not right yet; change %s and check again.\n", e.Name(), strings.Join(codePaths(e.Code), ", "))
			return &cmdutil.ExitError{Code: cmdutil.ExitFail}
		}
		p, err := opts.progress()
		if err != nil {
			return err
		}
		if err := p.MarkDone(e.Name(), opts.now()); err != nil {
			return err
		}
		_, err = fmt.Fprintf(opts.Out, "%s is right: `course exercise %s --solution` shows the course's answer to compare.\n", e.Name(), e.Name())
		return err
	}
	err = once()
	if !opts.Watch {
		return err
	}
	var exit *cmdutil.ExitError
	if err != nil && !errors.As(err, &exit) {
		return err
	}
	fmt.Fprintf(opts.Out, "Watching %s; Ctrl-C stops.\n", filepath.FromSlash(e.Code.Dir))
	var failed error
	werr := e.Code.Watch(ctx, root, watchSettle, func() {
		fmt.Fprintf(opts.Out, "\n== saved: checking %s again\n", e.Name())
		if err := once(); err != nil && !errors.As(err, &exit) {
			failed = err
		}
	})
	if werr != nil {
		return werr
	}
	return failed
}
