package l6

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"course/internal/report"
	"course/learn"
	"course/stream/browser"
	"course/stream/sse"
	"course/stream/wire"
)

// chromiumReaderName is the row Chromium's EventSource gets in the lesson's reader tables.
const chromiumReaderName = "Chromium EventSource"

func addBrowserFlags(cmd *cobra.Command, opts *Options) {
	cmd.Flags().BoolVar(&opts.Browser, "browser", false, "add Chromium's EventSource to the lesson's readers (needs Chromium)")
	cmd.Flags().StringVar(&opts.Chrome, "chrome", "", "run the browser at `PATH` (default "+browser.DefaultPath+")")
	cmd.Flags().StringVar(&opts.Screenshots, "screenshots", "", "save the page's states as PNG files into `DIR` (needs Chromium)")
}

// checkBrowserFlags refuses the browser's flags where they do nothing: with an exercise e, or
// --chrome without a browser to run.
func checkBrowserFlags(opts *Options, e *learn.Exercise) error {
	usesBrowser := opts.Browser || opts.Screenshots != ""
	switch {
	case usesBrowser && e != nil:
		return fmt.Errorf("l6: --browser and --screenshots go with the lesson, not with --exercise")
	case opts.Chrome != "" && !usesBrowser:
		return fmt.Errorf("l6: --chrome needs --browser or --screenshots")
	}
	return nil
}

// chromiumReader is Chromium's EventSource as one of the lesson's readers. It holds each stream
// it reads against the sse package's events, and keeps the first failure to drive the browser,
// which ends the lesson instead of passing for something the reader throws.
type chromiumReader struct {
	ctx context.Context
	b   *browser.Browser

	err       error
	streams   int
	same      int
	firstDiff string

	// r is the lesson's report: each stream is counted under the section being written, or
	// under replaying when that is set, and sections lists them in order.
	r         *report.Report
	replaying string
	sections  []string
}

// startChromium starts the browser when a flag asks for it, and nil otherwise.
func startChromium(ctx context.Context, opts *Options) (*chromiumReader, error) {
	if !opts.Browser && opts.Screenshots == "" {
		return nil, nil
	}
	path, err := browser.Find(opts.Chrome)
	if err != nil {
		return nil, err
	}
	b, err := browser.Start(ctx, path)
	if err != nil {
		return nil, err
	}
	return &chromiumReader{ctx: ctx, b: b}, nil
}

func (c *chromiumReader) close() { c.b.Close() }

// readers are the lesson's readers, with Chromium's last when the lesson runs it.
func (l *lesson) readers() []wire.Reader {
	if l.chromium == nil {
		return wire.GaReaders()
	}
	return append(wire.GaReaders(), wire.Reader{Name: chromiumReaderName, Read: l.chromium.read})
}

// read gives what a page that listens with onmessage and stops at GA's end marker shows: the data
// of each message event up to [DONE], joined with nothing between.
func (c *chromiumReader) read(stream []byte) (string, error) {
	events, err := c.events(stream)
	if err != nil {
		return "", err
	}
	var text strings.Builder
	for _, ev := range events {
		if ev.Type != "message" {
			continue
		}
		if ev.Data == wire.Done {
			break
		}
		text.WriteString(ev.Data)
	}
	return text.String(), nil
}

// events replays stream through Chromium and sets its events beside the standard reader's.
func (c *chromiumReader) events(stream []byte) ([]sse.Event, error) {
	if c.err != nil {
		return nil, c.err
	}
	got, err := c.b.ReadStream(c.ctx, stream)
	if err != nil {
		c.err = err
		return nil, err
	}
	var want []sse.Event
	for ev, err := range sse.Read(bytes.NewReader(stream)) {
		if err != nil {
			c.err = fmt.Errorf("read a replayed stream: %w", err)
			return nil, c.err
		}
		want = append(want, ev)
	}
	c.streams++
	section := c.replaying
	if section == "" && c.r != nil {
		section = c.r.Section()
	}
	if !slices.Contains(c.sections, section) {
		c.sections = append(c.sections, section)
	}
	if slices.Equal(got, want) {
		c.same++
	} else if c.firstDiff == "" {
		c.firstDiff = fmt.Sprintf("stream %d: Chromium %q, the standard reader %q", c.streams, got, want)
	}
	return got, nil
}

// browserSections are what the browser flags add after section 7: how Chromium's events compare
// with the standard reader's, and the pictures of the page.
func (l *lesson) browserSections(ctx context.Context, opts *Options, c *chromiumReader, hostStream []byte, pinned, fixed []string) error {
	if l.chromium != nil {
		if err := l.chromiumAgreement(hostStream); err != nil {
			return err
		}
	}
	if opts.Screenshots != "" {
		return l.screenshots(ctx, c.b, opts.Screenshots, pinned, fixed)
	}
	return nil
}

// chromiumAgreement reads section 1's stream too, then says on how many of the streams Chromium
// dispatched the standard reader's events.
func (l *lesson) chromiumAgreement(hostStream []byte) error {
	l.chromium.replaying = l.streamSection
	if _, err := l.chromium.events(hostStream); err != nil {
		return err
	}
	if l.chromium.err != nil {
		return l.chromium.err
	}
	agree := fmt.Sprintf("on %d of %d streams", l.chromium.same, l.chromium.streams)
	if l.chromium.firstDiff != "" {
		agree += "; first difference, " + l.chromium.firstDiff
	}
	l.r.Title("%s against the HTML standard reader, event by event", chromiumReaderName)
	rows := []report.Fact{{Label: "streams replayed byte for byte", Value: strconv.Itoa(l.chromium.streams)}}
	// In print order, though the host's stream is replayed last.
	slices.SortStableFunc(l.chromium.sections, func(a, b string) int {
		return slices.Index(l.r.Titles(), a) - slices.Index(l.r.Titles(), b)
	})
	for _, s := range l.chromium.sections {
		rows = append(rows, report.Fact{Label: "  from the section", Value: s})
	}
	rows = append(rows, report.Fact{Label: "same type, data and last event id", Value: agree})
	l.r.Facts(0, rows...)
	return nil
}

// pageState is one state of GaChatbot.Api's page that the screenshots show.
type pageState struct {
	file    string
	caption string
	stream  []byte
	read    func([]byte) (string, error)
}

// screenshots draws the improvisation answer on the page after each splitter, and section 4's
// failure on the page before and after exercise 3's fix, one PNG per state into dir.
func (l *lesson) screenshots(ctx context.Context, b *browser.Browser, dir string, pinned, fixed []string) error {
	gaChatbot := wire.GaChatbot
	states := []pageState{
		{"l6-answer-a826864.png", "the answer, chunks at a826864", gaChatbot.Stream(pinned), wire.ReadGaChatbotPage},
		{"l6-answer-743.png", "the answer, chunks after #743", gaChatbot.Stream(fixed), wire.ReadGaChatbotPage},
		{"l6-error-a826864.png", "the failure, the page at a826864", l.failure, wire.ReadGaChatbotPage},
		{"l6-error-fixed.png", "the failure, the page with exercise 3's fix", l.failure, wire.ReadGaChatbotPageFixed},
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("screenshots: %w", err)
	}
	rows := make([][]string, 0, len(states))
	for _, s := range states {
		view := wire.AskOnPage(nil, wire.ArpeggioQuestion, s.stream, s.read)
		shot, err := b.Screenshot(ctx, browser.Page{
			Caption:  "GaChatbot.Api's page: " + s.caption,
			Question: wire.ArpeggioQuestion,
			Bubble:   view.Bubble,
			// A read that throws pushes nothing onto the history, and the page shows its message as text.
			Failed: len(view.History) == 0,
		})
		if err != nil {
			return fmt.Errorf("screenshots: %w", err)
		}
		path := filepath.Join(dir, s.file)
		if err := os.WriteFile(path, shot.PNG, 0o644); err != nil {
			return fmt.Errorf("screenshots: %w", err)
		}
		rows = append(rows, []string{path, s.caption, fmt.Sprintf("%d", shot.Bullets), firstLine(view.Bubble, 41)})
	}
	l.r.Title("GaChatbot.Api's page in Chromium, one picture per state")
	l.r.Table([]string{"file", "state", "bullets", "the bubble begins"}, rows)
	return nil
}
