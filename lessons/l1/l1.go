package l1

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/spf13/cobra"

	"course/ga/container"
	"course/ga/embeddings"
	"course/ga/intents"
	"course/internal/report"
	"course/lessons/kit"
)

// defaultMode is the Chatbot:Mode the lesson reads the container in, the one every lesson's host runs.
const defaultMode = "full"

// serviceLabelWidth is the width the original program gave the service labels, the longest
// label and one space; the facts' two-space gap makes up the rest.
const serviceLabelWidth = 31

// agentIDWidth is the width the original program gave an agent id, 12 columns and one space,
// written as the facts' width and their two-space gap.
const agentIDWidth = 11

// Options is what `course l1` needs to run.
type Options struct {
	// Mode is the Chatbot:Mode the container is read in; "" is the lessons' mode, full.
	Mode string
	// DropExample names intents whose first example prompt the lesson's copy of the fixture
	// leaves out, to see the table follow the data.
	DropExample []string
}

// NewCmd builds `course l1`; runF replaces the lesson's run in tests of the command.
func NewCmd(runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{}
	cmd := kit.NewCmd(kit.Spec[Options]{Use: "l1", Long: `Lesson 1: the map, what the chatbot host registers.

Reads the course's model of GaChatbot.Api's service container at the pin: the orchestrator
and the chat application service, the intents the semantic router chooses from with their
example prompts, the agents behind the model path, the chat hooks in the order they run,
and the embedding every voicing in the index gets.`, Run: run, Exercises: Exercises}, opts, runF)
	cmd.Flags().StringVar(&opts.Mode, "mode", defaultMode, "read the container as a host started with Chatbot__Mode=`MODE` would fill it")
	cmd.Flags().StringSliceVar(&opts.DropExample, "drop-example", nil, "leave the first example prompt of intent `ID` out of the lesson's copy of the fixture")
	return cmd
}

// lesson carries the registrations the sections print; tests change them to see the output move.
type lesson struct {
	r          *report.Report
	services   container.Services
	intents    []intents.Intent
	partitions []embeddings.Partition
}

// newLesson reads the registrations of the host in the lessons' mode.
func newLesson(w io.Writer) (*lesson, error) { return newLessonIn(w, defaultMode) }

// newLessonIn reads the registrations of a host started in mode.
func newLessonIn(w io.Writer, mode string) (*lesson, error) {
	services, err := container.Resolve(mode)
	if err != nil {
		return nil, err
	}
	return &lesson{r: report.New(w), services: services, intents: intents.All(), partitions: embeddings.Partitions()}, nil
}

func run(ctx context.Context, w io.Writer, opts *Options) error {
	mode := opts.Mode
	if mode == "" {
		mode = defaultMode
	}
	l, err := newLessonIn(w, mode)
	if err != nil {
		return fmt.Errorf("l1: %w", err)
	}
	for _, id := range opts.DropExample {
		if l.intents, err = withoutFirstExample(l.intents, id); err != nil {
			return fmt.Errorf("l1: %w", err)
		}
	}
	return l.run(ctx)
}

// withoutFirstExample is a copy of ins in which intent id has lost its first example prompt;
// ins itself, the fixture's, is left as it was.
func withoutFirstExample(ins []intents.Intent, id string) ([]intents.Intent, error) {
	out := slices.Clone(ins)
	for i := range out {
		if out[i].ID != id {
			continue
		}
		if len(out[i].Examples) == 0 {
			return nil, fmt.Errorf("intent %s has no example prompt to leave out", id)
		}
		out[i].Examples = out[i].Examples[1:]
		return out, nil
	}
	return nil, fmt.Errorf("no intent %q", id)
}

// run prints the sections in order.
func (l *lesson) run(ctx context.Context) error {
	l.r.Heading("l1")
	return kit.RunSections(ctx, "l1", l.r,
		func() error { l.orchestrator(); return nil },
		func() error { l.intentTable(); return nil },
		func() error { l.agents(); return nil },
		func() error { l.hooks(); return nil },
		func() error { l.embedding(); return nil })
}

// orchestrator is section 1: what the chat endpoints' two interfaces resolve to.
func (l *lesson) orchestrator() {
	l.r.Title("Orchestrator and application service")
	l.r.Facts(serviceLabelWidth,
		report.Fact{Label: "IHarmonicChatOrchestrator", Value: l.services.Orchestrator},
		report.Fact{Label: "IChatApplicationService (host)", Value: l.services.ChatApplicationService})
}

// intentTable is section 2: every IIntent in registration order, with the number of its example
// prompts and the first of them.
func (l *lesson) intentTable() {
	l.r.Title("Intents the semantic router chooses from (%d)", len(l.intents))
	rows := make([][]string, 0, len(l.intents))
	for _, in := range l.intents {
		first, ok := in.FirstExample()
		if !ok {
			first = "(none)"
		}
		rows = append(rows, []string{in.ID, strconv.Itoa(len(in.Examples)), first})
	}
	l.r.Table([]string{"id", "examples", "first example"}, rows)
}

// agents is section 3: the agents SemanticRouter chooses from when no intent answers.
func (l *lesson) agents() {
	l.r.Title("Agents behind the LLM path (%d)", len(l.services.Agents))
	rows := make([]report.Fact, 0, len(l.services.Agents))
	for _, a := range l.services.Agents {
		rows = append(rows, report.Fact{Label: a.ID, Value: a.Type})
	}
	l.r.Facts(agentIDWidth, rows...)
}

// hooks is section 4: the chat hooks, in the order they run.
func (l *lesson) hooks() {
	l.r.Title("Hooks, in the order they run (%d)", len(l.services.Hooks))
	for _, h := range l.services.Hooks {
		l.r.Line("%s", h)
	}
}

// embedding is section 5: the schema of the vector every voicing of the index gets.
func (l *lesson) embedding() {
	l.r.Title("The embedding every voicing gets")
	l.r.Line("%s, %d dims in %d partitions, %d of them searched",
		embeddings.Version, embeddings.TotalDimension, len(l.partitions), embeddings.CompactDimension(l.partitions))
}
