package l1

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"course/ga/container"
	"course/ga/embeddings"
	"course/ga/intents"
	"course/internal/report"
	"course/learn"
)

// Exercises is lesson 1's exercises, in the order docs/l1.md asks them, solved with
// the lesson's options.
func Exercises(*Options) learn.Lesson {
	return learn.NewLesson("l1",
		routableExercise(intents.All()),
		routedModeExercise("routed"),
		searchedExercise(embeddings.Partitions()),
		droppedExampleExercise(intents.All(), "skill.theorycomparison"),
	)
}

// routableExercise is exercise 1, on the intents the router holds: how many of them it can
// ever pick by their example prompts.
func routableExercise(ins []intents.Intent) *learn.Exercise {
	return learn.Compute(learn.Numbers.Saying("a number"), func(_ context.Context, w io.Writer) (string, error) {
		var none []intents.Intent
		routable := 0
		for _, in := range ins {
			if _, ok := in.FirstExample(); ok {
				routable++
			} else {
				none = append(none, in)
			}
		}
		r := report.New(w)
		(&lesson{r: r, intents: ins}).intentTable()
		r.Title("Intents without an example prompt (%d)", len(none))
		for _, in := range none {
			r.Line("%s", in.ID)
		}
		return strconv.Itoa(routable), r.Err()
	}).WithHints(
		"The router scores a message against the embeddings of each intent's example prompts; look at the examples column.",
		"An intent with nothing to compare a message with never gets a score.",
	)
}

// routedMode is what exercise 2's claims are decided on: the host's own service in a mode and
// in two other spellings of it, and what asking the container for the orchestrator gets.
type routedMode struct {
	app, capitalised, misspelt string
	orchestrator               string
	err                        error
}

// misspeltMode is the value exercise 2 asks about beside its mode: a near miss of "routed".
const misspeltMode = "router"

// routedModeExercise is exercise 2, on a host started with Chatbot__Mode=mode.
func routedModeExercise(mode string) *learn.Exercise {
	capitalised := strings.ToUpper(mode[:1]) + mode[1:]
	claims := []learn.Claim[routedMode]{
		{Text: "the host's own IChatApplicationService is RoutedChatApplicationService",
			Holds: func(f routedMode) bool { return f.app == "RoutedChatApplicationService" }},
		{Text: fmt.Sprintf("a host started with Chatbot__Mode=%s gets the same IChatApplicationService", capitalised),
			Holds: func(f routedMode) bool { return f.capitalised == f.app }},
		{Text: fmt.Sprintf("a host started with Chatbot__Mode=%s gets the same IChatApplicationService", misspeltMode),
			Holds: func(f routedMode) bool { return f.misspelt == f.app }},
		{Text: "asking the container for IHarmonicChatOrchestrator gets " + container.Orchestrator,
			Holds: func(f routedMode) bool { return f.err == nil && f.orchestrator == container.Orchestrator }},
		{Text: "asking the container for IHarmonicChatOrchestrator fails: nothing is registered for it",
			Holds: func(f routedMode) bool { return f.err != nil }},
	}
	return learn.Choose(func(_ context.Context, w io.Writer) (routedMode, error) {
		app := container.ChatApplicationService(mode)
		resolved, err := container.Resolve(mode)
		r := report.New(w)
		r.Title("The container of a host started with Chatbot__Mode=%s", mode)
		outcome := resolved.Orchestrator
		if err != nil {
			outcome = "error: " + err.Error()
		}
		f := routedMode{app: app, capitalised: container.ChatApplicationService(capitalised),
			misspelt: container.ChatApplicationService(misspeltMode), orchestrator: resolved.Orchestrator, err: err}
		r.Facts(serviceLabelWidth,
			report.Fact{Label: "IChatApplicationService (host)", Value: app},
			report.Fact{Label: "IHarmonicChatOrchestrator", Value: outcome})
		if err == nil {
			(&lesson{r: r, services: resolved}).orchestrator()
		}
		r.Title("IChatApplicationService for two other values of Chatbot__Mode")
		r.Facts(serviceLabelWidth,
			report.Fact{Label: capitalised, Value: f.capitalised},
			report.Fact{Label: misspeltMode, Value: f.misspelt})
		return f, r.Err()
	}, claims...).WithHints(
		"Chatbot:Mode picks the host's IChatApplicationService: two values give the orchestrated one, one gives a router, anything else the direct service.",
		"The orchestration services, IHarmonicChatOrchestrator among them, are registered only with the orchestrated service.",
	)
}

// searchedExercise is exercise 3, on the partition registry: the partitions the compact index
// keeps, and how many dimensions it leaves out.
func searchedExercise(partitions []embeddings.Partition) *learn.Exercise {
	return learn.Compute(partitionsForm, func(_ context.Context, w io.Writer) (string, error) {
		var names []string
		for _, p := range partitions {
			if p.Role == embeddings.Similarity {
				names = append(names, p.Name)
			}
		}
		out := embeddings.TotalDimension - embeddings.CompactDimension(partitions)
		r := report.New(w)
		(&lesson{r: r, partitions: partitions}).embedding()
		r.Title("The partitions, in the registry's order")
		rows := make([][]string, len(partitions))
		for i, p := range partitions {
			searched := "no"
			if p.Role == embeddings.Similarity {
				searched = "yes"
			}
			rows[i] = []string{p.Name, strconv.Itoa(p.Dim()), searched}
		}
		r.Table([]string{"partition", "dims", "searched"}, rows)
		return strings.Join(names, " ") + "; " + strconv.Itoa(out), r.Err()
	}).WithHints(
		"A partition is searched when it has a weight in the similarity formula: its role says so.",
		"The vector has as many dimensions as its partitions together; the index keeps the searched ones.",
	)
}

// partitionsForm reads the partitions' names, in any order and any case, and the one number
// of dimensions left out; a number written beside a name, its size, is not the answer's.
var partitionsForm = learn.Form{
	Says: "the searched partitions' names, then the number of dimensions left out",
	Rule: `partition names in any order and either case, "and", full stops and , ; : ( ) + = between them skipped; of the numbers only the last is read, as the dimensions left out (a size beside a name is not)`,
	Read: func(s string) []string {
		var names []string
		last := ""
		for _, w := range strings.FieldsFunc(s, func(r rune) bool {
			return unicode.IsSpace(r) || strings.ContainsRune(",;:()+=", r)
		}) {
			if _, err := strconv.Atoi(w); err == nil {
				last = w
				continue
			}
			if w = strings.ToUpper(strings.Trim(w, ".")); w != "" && w != "AND" {
				names = append(names, w)
			}
		}
		slices.Sort(names)
		return append(slices.Compact(names), "left out: "+last)
	},
}

// droppedExampleExercise is exercise 4: intent id's row of the intent table once its first
// example prompt is left out of a copy of ins.
func droppedExampleExercise(ins []intents.Intent, id string) *learn.Exercise {
	return learn.Compute(rowForm(id), func(_ context.Context, w io.Writer) (string, error) {
		changed, err := withoutFirstExample(ins, id)
		if err != nil {
			return "", err
		}
		i := slices.IndexFunc(changed, func(in intents.Intent) bool { return in.ID == id })
		r := report.New(w)
		r.Title("The row of %s, before and after", id)
		for _, in := range []intents.Intent{ins[i], changed[i]} {
			r.Line("%s  %d  %s", id, len(in.Examples), firstOrNone(in))
		}
		(&lesson{r: r, intents: changed}).intentTable()
		return fmt.Sprintf("%d %s", len(changed[i].Examples), firstOrNone(changed[i])), r.Err()
	}).WithHints(
		"The table counts an intent's example prompts and shows the first of them, in the fixture's order.",
		"`course l1 --drop-example "+id+"` prints the table on the changed copy.",
	)
}

// firstOrNone is an intent's first example prompt as the intent table shows it.
func firstOrNone(in intents.Intent) string {
	if first, ok := in.FirstExample(); ok {
		return first
	}
	return "(none)"
}

// rowForm reads a row of the intent table: the count and the first example, the intent's id
// before them allowed; case, spaces and the example's closing mark aside.
func rowForm(id string) learn.Form {
	return learn.Form{
		Says: "the row's count and first example, as the table writes them",
		Rule: "letter case, runs of spaces, the intent's id before the count and a closing . ? or ! do not matter; every other character does",
		Read: func(s string) []string {
			words := strings.Fields(strings.ToLower(s))
			if len(words) > 0 && words[0] == strings.ToLower(id) {
				words = words[1:]
			}
			return []string{strings.TrimRight(strings.Join(words, " "), ".?!")}
		},
	}
}
