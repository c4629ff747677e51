package chathost

import (
	"context"
	"fmt"

	"course/ga/revision"
	"course/ga/skills"
	"course/internal/report"
	"course/lessons/kit"
)

// routerAnswerCut is how much of an answer's first line the router table of lessons 25 and 28
// shows, as the original program cuts it.
const routerAnswerCut = 50

// KeywordRouterHint is the hint of an exercise on which agent answers on GA's main.
const KeywordRouterHint = "Without embeddings main's agent router scores each agent by the share of its keywords the question holds (gahost/main.go, keywordAgents); the voicing agent has none and wins when no other agent scores."

// MainRouterTable starts GA's main host as host says, prints the router table of prompts on it
// under its title, and stops the host: what an exercise on main reads its answer from.
func MainRouterTable(ctx context.Context, host Options, r *report.Report, widths []int, prompts []string) (agents, firsts []string, err error) {
	ctx, cancel := host.Bounded(ctx)
	defer cancel()
	started := host.At(revision.Main).StartInBackground(ctx)
	defer func() {
		if stopErr := started.Stop(); stopErr != nil && err == nil {
			err = fmt.Errorf("stop host: %w", stopErr)
		}
	}()
	r.Title("Without embeddings, %s: the router's pick and POST %s's answer", revision.Main.Label(), ChatPath)
	return RouterTable(r, widths, prompts, revision.Main, started.ChatFirstLines(ctx))
}

// RouterTable prints the router-and-chat table of lessons 25 and 28 and its counts, and returns
// each prompt's answering agent and the first line of its answer, in the prompts' order; the
// router's picks are those of GA at rev.
func RouterTable(r *report.Report, widths []int, prompts []string, rev revision.Revision, chat func(string) (string, string, error)) (agents, firsts []string, err error) {
	// Every pick is made before the first question to the host, which may still be starting.
	picks := make([]string, len(prompts))
	for i, p := range prompts {
		if picks[i] = skills.RouteWithoutEmbeddings(p, rev); picks[i] == "" {
			picks[i] = "none"
		}
	}
	agents, firsts = make([]string, len(prompts)), make([]string, len(prompts))
	if chat == nil {
		for i := range agents {
			agents[i] = "(not asked)"
		}
	} else if err := AskAll(len(prompts), func(i int) (err error) {
		agents[i], firsts[i], err = chat(prompts[i])
		return err
	}); err != nil {
		return nil, nil, err
	}
	r.FixedRow(widths, "phrasing", "router picks", "chat: agent (routing method)", "first line of the answer")
	for i, p := range prompts {
		r.FixedRow(widths, p, picks[i], agents[i], firsts[i])
	}
	r.Line("%d phrasings; the router picks %s; the chat endpoint answers with %s", len(prompts), kit.Tally(picks), kit.Tally(agents))
	return agents, firsts, nil
}
