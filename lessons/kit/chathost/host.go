// Package chathost starts the chatbot host a lesson talks to and asks it: the host's flags and
// the lesson's time budget, a start that runs beside the lesson's own work, the chat endpoints and
// the warm-up record, questions two at a time, and the router table of lessons 25 and 28.
package chathost

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"course/ga/revision"
	"course/hostproc"
)

// defaultTimeout bounds a whole lesson run: generous for a slow machine, short enough to notice a hang.
const defaultTimeout = 30 * time.Second

// Options says which chatbot host a lesson starts and how.
type Options struct {
	// Cmd is a command line that starts another host, such as the real GaChatbot.Api; "" starts
	// the course's own stand-in (`course host`).
	Cmd string
	// ModelURL is a model server for the host; "" gives the host a closed port, as the lessons do.
	ModelURL string
	// Timeout bounds the lesson, host start-up included; 0 means defaultTimeout.
	Timeout time.Duration
	// Env is extra configuration for the host, KEY=VALUE, as ASP.NET reads it.
	Env []string
	// AllowRemote lets the lesson talk to a host that announces an address off this machine;
	// without it such a host is refused before anything is sent to it.
	AllowRemote bool
}

// AddFlags gives a lesson's command the flags that choose and bound its host.
func (o *Options) AddFlags(cmd *cobra.Command) {
	cmd.Flags().StringVar(&o.Cmd, "host-cmd", "", "start `CMD` as the host instead of the course's own stand-in\n(for instance \"dotnet run --project Apps/GaChatbot.Api\" in a GA clone)")
	cmd.Flags().StringVar(&o.ModelURL, "model-url", "", "give the host the model server at `URL` (Ollama's API) instead of a closed port")
	cmd.Flags().DurationVar(&o.Timeout, "timeout", defaultTimeout, "give up when the lesson takes longer than this")
	cmd.Flags().BoolVar(&o.AllowRemote, "allow-remote-host", false, "talk to a host that announces an address off this machine (loopback only by default)")
}

// Budget is the whole run's time: the host's start and stop come out of it, not on top.
func (o *Options) Budget() time.Duration {
	if o.Timeout <= 0 {
		return defaultTimeout
	}
	return o.Timeout
}

// Bounded is ctx bounded by the budget, so that an exercise's solve that starts hosts ends when
// the lesson it belongs to would.
func (o *Options) Bounded(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, o.Budget())
}

// Start launches the host as a child process and waits until it listens.
func (o *Options) Start(ctx context.Context) (*hostproc.Host, error) {
	var command []string
	if o.Cmd != "" {
		words, err := hostproc.SplitCommand(o.Cmd)
		if err != nil {
			return nil, fmt.Errorf("--host-cmd: %w", err)
		}
		command = words
	} else {
		exe, err := os.Executable()
		if err != nil {
			return nil, fmt.Errorf("find the course binary: %w", err)
		}
		// The stand-in's clock stands still, so no measured duration (the trace's elapsedMs) can
		// change a byte count the lesson prints, however slow a step is.
		command = []string{exe, "host", "--Course:Clock=fixed"}
	}
	// The stand-in starts no processes of its own; a command of the user's may.
	spec := hostproc.Spec{Command: command, Env: o.Env, ModelURL: o.ModelURL, AllowRemote: o.AllowRemote, Leaf: o.Cmd == "", StopNotice: os.Stderr}
	began := time.Now()
	host, err := hostproc.Start(ctx, spec)
	if err != nil && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		// The host's own last lines say nothing here: the lesson's budget ran out, not the host.
		return nil, o.startTimedOut(time.Since(began))
	}
	if errors.Is(err, hostproc.ErrRemoteHost) {
		return nil, fmt.Errorf("start host: %w\n(pass --allow-remote-host to let the lesson talk to it)", err)
	}
	if err != nil {
		return nil, fmt.Errorf("start host: %w", err)
	}
	return host, nil
}

// startTimedOut is the error of a start that the lesson's --timeout cut short after took: it
// says how long the start had run and what --timeout to try instead.
func (o *Options) startTimedOut(took time.Duration) error {
	budget := o.Budget()
	raise := max(2*budget, 4*took).Round(time.Second)
	if raise <= budget {
		raise = budget + time.Second
	}
	return fmt.Errorf("start host: the host was not ready within the lesson's --timeout %s (the start had taken %s): raise it, for instance --timeout %s",
		budget, took.Round(time.Millisecond), raise)
}

// Starting is a host a lesson starts before it works out what needs no host, so that the
// host's start-up, most of a short lesson's time, runs beside that work on another processor.
type Starting struct {
	done chan struct{}
	host *hostproc.Host
	err  error
	// took is how long the start and the warm-up took; read it through StartTime.
	took time.Duration
}

// StartInBackground starts the host, and waits for its warm-up record, without holding up the
// caller; Wait returns the host once both have happened.
func (o *Options) StartInBackground(ctx context.Context) *Starting {
	s := &Starting{done: make(chan struct{})}
	go func() {
		defer close(s.done)
		began := time.Now()
		s.host, s.err = o.Start(ctx)
		if s.err == nil {
			s.err = WaitForWarmup(ctx, s.host)
		}
		s.took = time.Since(began)
	}()
	return s
}

// Wait returns the host once it listens and has warmed up.
func (s *Starting) Wait() (*hostproc.Host, error) {
	<-s.done
	return s.host, s.err
}

// StartTime is how long the start and the warm-up took, once they have ended.
func (s *Starting) StartTime() time.Duration {
	<-s.done
	return s.took
}

// Stop stops the host once its start has ended, however it ended, so that a lesson that fails
// before it asks the host anything leaves no process behind.
func (s *Starting) Stop() error {
	<-s.done
	if s.host == nil {
		return nil
	}
	return s.host.Stop()
}

// ChatFirstLines is ChatFirstLine on the host once it has started, cut to the router table's
// answer column.
func (s *Starting) ChatFirstLines(ctx context.Context) func(prompt string) (string, string, error) {
	return func(prompt string) (string, string, error) {
		host, err := s.Wait()
		if err != nil {
			return "", "", err
		}
		return ChatFirstLine(ctx, host, prompt, routerAnswerCut)
	}
}

// hostConcurrency is how many questions a lesson has in flight to its host at once: two keep
// both processors of a small machine busy, and stay under the three slots of GA's
// LlmConcurrencyGate, past which the host answers 503.
const hostConcurrency = 2

// AskAll calls ask for each of n questions, hostConcurrency at a time, and returns the error of
// the lowest-numbered question that failed; ask stores its answer by its index, so the lesson
// prints the answers in its own order.
func AskAll(n int, ask func(i int) error) error {
	errs := make([]error, n)
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(hostConcurrency, n) {
		wg.Go(func() {
			for i := range next {
				errs[i] = ask(i)
			}
		})
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// At returns the host options with GA's revision rev selected: the course's stand-in reads
// Course__Ga, and another host ignores it. The setting is given at the pin too, so that a
// Course__Ga of the learner's environment cannot change the GA a lesson says it shows.
func (o Options) At(rev revision.Revision) *Options {
	o.Env = append(slices.Clone(o.Env), "Course__Ga="+rev.Setting())
	return &o
}
