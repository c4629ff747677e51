package l4

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"course/ga/skills"
	"course/hostproc"
	"course/internal/dotnet"
	"course/internal/report"
	"course/lessons/kit"
	"course/lessons/kit/chathost"
)

// prompts are the lesson's questions: one for each guard, then two that no guard catches.
var prompts = []string{
	"Are 0146 and 0137 z-related?",
	chathost.VoicingQuestion,
	relativeKeyQuestion,
	"Why does a ii-V-I sound resolved?",
}

const (
	// relativeKeyQuestion is the question the relative-key intent would answer, if routing reached it.
	relativeKeyQuestion = "What is the relative minor of C major?"
	// relativeKeyIntent is the intent the lesson calls directly.
	relativeKeyIntent = "skill.relativekey"

	// labelWidth, traceNameWidth and promptWidth are the widths the original program's format
	// items give the fact labels, the trace's step names and the CanHandle table's prompts: its
	// output pins them, and no rule of the data explains them (the widest label is 11 wide).
	labelWidth     = 13
	traceNameWidth = 25
	promptWidth    = 40
	// warmupCategory logs the line that says the host's start-up embedding attempt is over
	// (IntentEmbeddingWarmupService.cs:27-67).
	warmupCategory = "IntentEmbeddingWarmupService"
	// requestLogCategory writes ASP.NET's "Request finished" record, the last record of a request.
	requestLogCategory = "Microsoft.AspNetCore.Hosting.Diagnostics"
	// warmupWait bounds the wait for the host's warm-up record.
	warmupWait = 10 * time.Second
	// requestLogWait bounds the wait for a request's "Request finished" record; a host that does
	// not log it (ASP.NET with Microsoft.AspNetCore at Warning) gets what arrived by then.
	requestLogWait = 3 * time.Second
)

// Options is what `course l4` needs to run.
type Options struct {
	// Host says which host to start and how.
	Host chathost.Options
}

// NewCmd builds `course l4`; runF replaces the lesson's run in tests of the flags.
func NewCmd(runF func(context.Context, *Options) error) *cobra.Command {
	opts := &Options{}
	cmd := kit.NewCmd(kit.Spec[Options]{Use: "l4", Long: `Lesson 4: from a message to the answer.

Starts the chatbot host as a child process, with the model's address on a closed port, and
posts four questions to /api/chatbot/chat: one each guard answers without a model, and two
that go on to the model and fail, with the warnings and errors the host logged for them.
Then the skills' CanHandle rules on the same questions, and the relative-key intent called
directly.`, Run: run}, opts, runF)
	opts.Host.AddFlags(cmd)
	return cmd
}

// lesson carries what the sections share.
type lesson struct {
	r    *report.Report
	host *hostproc.Host
}

func run(ctx context.Context, w io.Writer, opts *Options) (err error) {
	ctx, cancel := context.WithTimeout(ctx, opts.Host.Budget())
	defer cancel()
	host, err := opts.Host.Start(ctx)
	if err != nil {
		return fmt.Errorf("l4: %w", err)
	}
	defer func() {
		if stopErr := host.Stop(); stopErr != nil && err == nil {
			err = fmt.Errorf("l4: stop host: %w", stopErr)
		}
	}()
	if err := chathost.WaitForWarmup(ctx, host); err != nil {
		return fmt.Errorf("l4: %w", err)
	}

	l := &lesson{r: report.New(w), host: host}
	l.r.Heading("l4")
	sections := make([]func() error, 0, len(prompts)+2)
	for _, p := range prompts {
		sections = append(sections, func() error { return l.chat(ctx, p) })
	}
	sections = append(sections,
		func() error { l.canHandle(prompts); return nil },
		func() error { return l.relativeKey(relativeKeyQuestion) })
	return kit.RunSections(ctx, "l4", l.r, sections...)
}

// chatReply is the part of /chat's body the lesson prints.
type chatReply struct {
	Answer        string  `json:"naturalLanguageAnswer"`
	AgentID       string  `json:"agentId"`
	Confidence    float64 `json:"confidence"`
	RoutingMethod string  `json:"routingMethod"`
	Grounding     *struct {
		Source    string       `json:"source"`
		Revision  string       `json:"revision"`
		QueryType string       `json:"queryType"`
		Facts     orderedFacts `json:"facts"`
	} `json:"grounding"`
	Trace *struct {
		Steps []struct {
			Name   string `json:"name"`
			Status string `json:"status"`
		} `json:"steps"`
	} `json:"trace"`
}

// orderedFacts are grounding facts in the order the host wrote them.
type orderedFacts []report.Fact

// UnmarshalJSON reads a JSON object of strings keeping its members' order.
func (f *orderedFacts) UnmarshalJSON(b []byte) error {
	*f = nil
	if string(b) == "null" {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return fmt.Errorf("facts: not an object: %s", b)
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return fmt.Errorf("facts: %w", err)
		}
		var value string
		if err := dec.Decode(&value); err != nil {
			return fmt.Errorf("facts: %v: %w", key, err)
		}
		*f = append(*f, report.Fact{Label: key.(string), Value: value})
	}
	return nil
}

// chat is one prompt's section: the status, then what /chat answered, or what the host logged
// for the request when it failed.
func (l *lesson) chat(ctx context.Context, prompt string) error {
	mark := l.host.LogMark()
	resp, err := l.host.Chat(ctx, chathost.ChatPath, prompt)
	if err != nil {
		return err
	}
	records, err := l.requestRecords(ctx, mark)
	if err != nil {
		return err
	}
	l.r.Title("POST %s %q", chathost.ChatPath, prompt)
	l.r.Line("HTTP %d", resp.Status)
	if resp.Status != 200 {
		l.r.Line("logged:")
		for _, s := range problems(records) {
			l.r.Line("  %s", s)
		}
		return nil
	}
	var reply chatReply
	if err := json.Unmarshal(resp.Body, &reply); err != nil {
		return fmt.Errorf("read the answer of %s: %w", chathost.ChatPath, err)
	}
	rows := []report.Fact{
		{Label: "agentId", Value: reply.AgentID},
		{Label: "routingMethod", Value: reply.RoutingMethod},
		{Label: "confidence", Value: fmt.Sprintf("%.2f", reply.Confidence)},
	}
	if g := reply.Grounding; g != nil {
		rows = append(rows, report.Fact{Label: "grounding", Value: g.Source + " " + g.Revision + " " + g.QueryType})
		for _, f := range g.Facts {
			rows = append(rows, report.Fact{Label: "  " + f.Label, Value: f.Value})
		}
	} else {
		rows = append(rows, report.Fact{Label: "grounding", Value: "(none)"})
	}
	l.r.Facts(labelWidth, rows...)
	l.r.Line("answer:")
	l.quoteAll(reply.Answer)
	l.r.Line("trace:")
	if reply.Trace != nil {
		for _, s := range reply.Trace.Steps {
			l.r.Line("  %s%s", report.Pad(s.Name, traceNameWidth), s.Status)
		}
	}
	return nil
}

// requestRecords returns the records the host logged for the request made after mark: those
// up to its "Request finished" record, which the host writes after all the others.
func (l *lesson) requestRecords(ctx context.Context, mark int) ([]hostproc.LogRecord, error) {
	wctx, cancel := context.WithTimeout(ctx, requestLogWait)
	defer cancel()
	records, err := l.host.WaitForLog(wctx, mark, func(r hostproc.LogRecord) bool {
		return r.Category == requestLogCategory && strings.HasPrefix(r.Message, "Request finished") && strings.Contains(r.Message, chathost.ChatPath+" ")
	})
	if err != nil && (ctx.Err() != nil || !errors.Is(err, context.DeadlineExceeded)) {
		return nil, fmt.Errorf("read the host's log: %w", err)
	}
	return records, nil
}

// problems writes the Warning and Error records as the lesson shows them, distinct and in
// ordinal order: "Level Category: message [Exception at Class.Method, File.cs:line]", where the
// frame is the exception's innermost GA frame.
func problems(records []hostproc.LogRecord) []string {
	seen := map[string]bool{}
	var out []string
	for _, r := range records {
		if r.Level != "Warning" && r.Level != "Error" {
			continue
		}
		s := r.Level + " " + hostproc.LastSegment(r.Category) + ": " + r.Message
		if ex := r.Exception; ex != nil {
			s += " [" + hostproc.LastSegment(ex.Type)
			if f, ok := ex.FirstFrame("GA.", "GaChatbot."); ok {
				s += " at " + f.Short()
			}
			s += "]"
		}
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	sort.Strings(out)
	return out
}

// canHandle is the table of the skills whose CanHandle accepts each prompt.
func (l *lesson) canHandle(prompts []string) {
	l.r.Title("IOrchestratorSkill.CanHandle for each prompt (the keyword path the orchestrator no longer calls)")
	for _, p := range prompts {
		names := strings.Join(skills.CanHandle(p), ", ")
		if names == "" {
			names = "(none)"
		}
		l.r.Line("%s %s", report.Pad(p, promptWidth), names)
	}
}

// relativeKey calls the relative-key intent on a prompt, as semantic routing would.
func (l *lesson) relativeKey(prompt string) error {
	intent, err := skills.LookupIntent(relativeKeyIntent, "")
	if err != nil {
		return err
	}
	res := intent.Execute(prompt)
	l.r.Title("The %s intent, called directly with %q", relativeKeyIntent, prompt)
	l.r.Facts(labelWidth, report.Fact{Label: "confidence", Value: fmt.Sprintf("%.2f", res.Confidence)})
	l.quoteAll(res.Answer)
	return nil
}

// quoteAll quotes every line of text, empty ones and a last one after a final line break
// included, as "  | " lines.
func (l *lesson) quoteAll(text string) {
	for _, line := range strings.Split(dotnet.ReplaceLineEndings(text, "\n"), "\n") {
		l.r.Line("  | %s", line)
	}
}
