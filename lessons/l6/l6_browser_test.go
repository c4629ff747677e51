package l6

import (
	"bytes"
	"context"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"course/stream/browser/browsertest"

	"course/internal/testutil"
)

// TestBrowser runs the lesson once with Chromium as a reader and taking its screenshots: one
// browser and one host serve both checks.
func TestBrowser(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	args := []string{"l6", "--browser", "--screenshots", dir}
	browsertest.SkipUnlessChromium(t, args)
	out, err := testutil.Run(t, NewCmd(nil), args...)
	if err != nil {
		t.Fatal(err)
	}
	t.Run("rows agree with the standard reader", func(t *testing.T) { browserRowsAgree(t, out) })
	t.Run("screenshots", func(t *testing.T) { browserScreenshots(t, out, dir) })
}

// browserRowsAgree checks the claim of the browser's rows: in every table, Chromium's row says
// what the HTML standard row says.
func browserRowsAgree(t *testing.T, out string) {
	standard := map[string]string{}
	chromium := map[string]string{}
	for l := range strings.SplitSeq(out, "\n") {
		if strings.HasPrefix(l, "== ") {
			continue
		}
		if before, after, ok := strings.Cut(l, "HTML standard "); ok {
			standard[strings.TrimSpace(before)] = strings.TrimSpace(after)
		}
		if before, after, ok := strings.Cut(l, chromiumReaderName+" "); ok {
			chromium[strings.TrimSpace(before)] = strings.TrimSpace(after)
		}
	}
	if len(chromium) != 3 {
		t.Fatalf("%d Chromium rows, want 3 (section 4, and one per writer in section 7):\n%s", len(chromium), out)
	}
	for writer, got := range chromium {
		if want := standard[writer]; got != want {
			t.Errorf("writer %q: Chromium %q, the standard reader %q", writer, got, want)
		}
	}
	if !strings.Contains(out, "same type, data and last event id  on 6 of 6 streams\n") {
		t.Errorf("the agreement line is missing or not 6 of 6:\n%s", out)
	}
}

// TestBrowserReaderJoinsMessagesUpToDone checks what the Chromium row delivers from a stream:
// message events only, and nothing from [DONE] on.
func TestBrowserReaderJoinsMessagesUpToDone(t *testing.T) {
	t.Parallel()
	browsertest.SkipUnlessChromium(t, []string{"--browser"})
	c, err := startChromium(t.Context(), &Options{Browser: true})
	if err != nil {
		t.Fatal(err)
	}
	defer c.close()
	got, err := c.read([]byte("event: trace\ndata: hidden\n\ndata: a\n\ndata: b\n\ndata: [DONE]\n\ndata: after\n\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got != "ab" {
		t.Errorf("read = %q, want %q", got, "ab")
	}
	if c.streams != 1 || c.same != 1 {
		t.Errorf("%d of %d streams agree, want 1 of 1", c.same, c.streams)
	}
}

// browserScreenshots checks the pictures of the page's states: each a PNG, each row giving the
// bullets its state shows, and the fixed page's bubble.
func browserScreenshots(t *testing.T, out, dir string) {
	want := map[string]string{
		"l6-answer-a826864.png": "1",
		"l6-answer-743.png":     "4",
		"l6-error-a826864.png":  "0",
		"l6-error-fixed.png":    "0",
	}
	for file, bullets := range want {
		path := filepath.Join(dir, file)
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := png.Decode(bytes.NewReader(b)); err != nil {
			t.Errorf("%s: %v", file, err)
		}
		row := ""
		for l := range strings.SplitSeq(out, "\n") {
			if strings.HasPrefix(l, path+" ") {
				row = l
			}
		}
		if fields := strings.Fields(row); !slices.Contains(fields, bullets) {
			t.Errorf("%s: row %q does not give %s bullet(s)", file, row, bullets)
		}
	}
	if !strings.Contains(out, "Request failed: Failed to process messag…") {
		t.Errorf("the fixed page's bubble is missing:\n%s", out)
	}
}

func TestBrowserFlags(t *testing.T) {
	tests := []struct {
		args    []string
		wantErr string
	}{
		{[]string{"--browser"}, ""},
		{[]string{"--screenshots", "x", "--chrome", "/opt/chrome"}, ""},
		{[]string{"--browser", "--exercise", "1"}, "not with --exercise"},
		{[]string{"--screenshots", "x", "--exercise", "3"}, "not with --exercise"},
		{[]string{"--chrome", "/opt/chrome"}, "--chrome needs --browser or --screenshots"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var got *Options
			cmd := NewCmd(func(_ context.Context, o *Options) error { got = o; return nil })
			cmd.SetArgs(tt.args)
			cmd.SetOut(new(bytes.Buffer))
			cmd.SetErr(new(bytes.Buffer))
			err := cmd.Execute()
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want one with %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || got == nil {
				t.Fatalf("error %v, options %v", err, got)
			}
		})
	}
}

func TestBrowserWithoutChromiumSaysHowToInstall(t *testing.T) {
	_, err := testutil.Run(t, NewCmd(nil), "l6", "--browser", "--chrome", filepath.Join(t.TempDir(), "no-chromium"))
	if err == nil || !strings.Contains(err.Error(), "apt-get install chromium") {
		t.Fatalf("error %v, want one that says how to install Chromium", err)
	}
}
