package learn

import (
	"bytes"
	"context"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

func TestForms(t *testing.T) {
	for _, tc := range []struct {
		name        string
		form        Form
		want, given string
		ok          bool
	}{
		{"text case and spaces", Text, "Found 2 voicings", "  found   2 VOICINGS. ", true},
		{"text differs", Text, "Found 2 voicings", "found 3 voicings", false},
		{"numbers with words", Numbers, "3, 6", "3 of 12, 6 of 12", true},
		{"numbers with words differ", Numbers, "3, 6", "3, 12", false},
		{"numbers order", Numbers, "3 12", "12 3", false},
		{"numbers decimals", Numbers, "0.60", "0.6", true},
		{"yes", YesNo, "yes", "Y", true},
		{"no", YesNo, "yes", "no", false},
		{"notes spelling", Notes(false), "C# E G#", "c♯, e, g#", true},
		{"notes enharmonic refused", Notes(false), "C# E G#", "Db E Ab", false},
		{"notes enharmonic allowed", Notes(true), "C# E G#", "Db Fb Ab", true},
		{"letters any order", letters(4), "a c", "C, a", true},
		{"letters missing", letters(4), "a c", "a", false},
		{"letters none", letters(3), "none", "none", true},
		{"letters bracketed", letters(4), "c", "(c)", true},
		{"letters half bracketed", letters(4), "c", "c)", true},
		{"letters run together", letters(5), "a c d e", "acde", true},
		{"letters comma", letters(4), "a c", "a,c", true},
		{"letters capitals", letters(4), "a c", "A C", true},
		{"letters dotted", letters(4), "a c", "a. c.", true},
		{"letters not options", letters(3), "a c", "acd", false},
		{"letters none is not a", letters(3), "none", "a", false},
		{"text", Text, "Found 2 voicings", "Found 2 voicing", false},
		{"yes word", YesNo, "yes", "TRUE.", true},
		{"yes is not yeah", YesNo, "yes", "yeah", false},
		{"numbers total after of", Numbers, "3", "3 of 12", true},
		{"numbers negative", Numbers, "-7", "7", false},
		{"signed plus", Signed, "+7 -5", "7 -5", true},
		{"signed unicode minus", Signed, "-7 -7", "−7 −7", true},
		{"signed st", Signed, "+2 -10", "+2st -10 semitones", true},
		{"signed sign matters", Signed, "-7", "7", false},
		{"signed order", Signed, "+5 -7", "-7 +5", false},
		{"chord root case", Chord, "Am7", "am7", true},
		{"chord sharp", Chord, "F#m", "F♯m", true},
		{"chord quality case", Chord, "Am7", "AM7", false},
		{"chord flat root", Chord, "Bb7", "bb7", true},
		{"chords any order", Chords(true), "Em7 G", "g, em7", true},
		{"chords in order", Chords(false), "Em7 G", "G Em7", false},
		{"chart together", Chart, "x32010", "X32010", true},
		{"chart dashed", Chart, "x32010", "x-3-2-0-1-0", true},
		{"chart high frets", Chart, "x-10-12-12-11-10", "x-10-12-12-11-10", true},
		{"chart wrong fret", Chart, "x32010", "x-3-2-0-1-3", false},
		{"chart five strings", Chart, "x32010", "x3201", false},
		{"notes dash", Notes(false), "C E G", "C–E–G", true},
		{"notes name kept", Notes(false), "C#", "Db", false},
		{"decimals rounded", Decimals(3), "0.600", "0.6004", true},
		{"decimals differ", Decimals(3), "0.600", "0.61", false},
		{"words chart and cosine", Words("", []string{"none"}, Chart, Decimals(3)), "x32013 0.000", "x-3-2-0-1-3: 0", true},
		{"words none", Words("", []string{"none"}, Chart, Decimals(3)), "none", "None.", true},
		{"words none is no chart", Words("", []string{"none"}, Chart, Decimals(3)), "none", "x32013 0", false},
		{"fields", Fields("", ";", Chord, Numbers, PitchClass, Numbers), "A; 1 4 9; E; 2", "a;1, 4, 9; 4 E; 2", true},
		{"fields root by number", Fields("", ";", Chord, Numbers, PitchClass, Numbers), "A; 1 4 9; E; 2", "A; 1 4 9; 4; 2", true},
		{"fields root disagrees", Fields("", ";", Chord, Numbers, PitchClass, Numbers), "A; 1 4 9; E; 2", "A; 1 4 9; 5 E; 2", false},
		{"fields three", Fields("", ";", Chord, Numbers, PitchClass, Numbers), "A; 1 4 9; E; 2", "A; 1 4 9; E", false},
		{"pitch class spelling", PitchClass, "E", "fb", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := tc.form.compare(tc.given, tc.want)
			if v.OK != tc.ok || (!v.OK && v.Differs == "") {
				t.Errorf("compare(%q, %q) = %+v, want ok %v with what differs", tc.given, tc.want, v, tc.ok)
			}
		})
	}
	for _, tc := range []struct{ given, want, differs string }{
		{"a d", "a c", `read as "a d"`},
		{"(a) z", "a c", `read as "a z"; z: not one of the options a to d`},
		{"none", "a c", `read as "none"`},
	} {
		if v := letters(4).compare(tc.given, tc.want); v.Differs != tc.differs {
			t.Errorf("compare(%q, %q) says %q, want %q", tc.given, tc.want, v.Differs, tc.differs)
		}
	}
	counted := Form{Read: Numbers.Read, Counted: true}
	if v := counted.compare("1 2 3", "1 2"); v.Differs != `read as "1 2 3"; 3 given, the question asks for 2` {
		t.Errorf("a counted form says %q", v.Differs)
	}
	if v := Numbers.compare("1 2 3", "1 2"); v.Differs != `read as "1 2 3"` {
		t.Errorf("a form that is not counted says %q", v.Differs)
	}
}

func TestQuestionFromTheDoc(t *testing.T) {
	fsys := fstest.MapFS{"l9.md": {Data: []byte("# L\n\n## Exercises\n\nIntro.\n\n" +
		"1. **Line breaks.** What does the reader get\n   from `a`? `course exercise l9.1`\n" +
		"2. Plain question\n   on two lines.\n\n<details>\n\n## Solutions\n\n1. not this\n")}}
	q, err := questionFrom(fsys, "l9", 1)
	if err != nil || q.Title != "Line breaks" || q.Text != "What does the reader get from `a`?" {
		t.Errorf("item 1: %+v, %v", q, err)
	}
	q, err = questionFrom(fsys, "l9", 2)
	if err != nil || q.Title != "" || q.Text != "Plain question on two lines." {
		t.Errorf("item 2: %+v, %v", q, err)
	}
	if _, err := questionFrom(fsys, "l9", 3); err == nil || !strings.Contains(err.Error(), "no exercise 3") {
		t.Errorf("item 3: %v", err)
	}
}

func TestProgressRecord(t *testing.T) {
	path := filepath.Join(t.TempDir(), "course", "progress.json")
	p, err := LoadProgress(path)
	if err != nil || len(p.Exercises) != 0 {
		t.Fatalf("no record yet: %+v, %v", p, err)
	}
	at := time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)
	if _, err := RecordAnswer(path, "l6.4", true, at); err != nil {
		t.Fatal(err)
	}
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}

	// A write cut short, as by a crash or a full disk: the old record stays whole, no
	// temporary file is left, and the record still reads.
	data := []byte(`{"version":2,"exercises":{"l6.4":{"state":"first try","at":"2026-03-04T05:06:07Z"},"l6.5":{"state":"first try","at":"2026-03-04T05:06:07Z"}}}`)
	cut := func(f *os.File, data []byte) error {
		f.Write(data[:len(data)/2])
		return errors.New("no space left on device")
	}
	if err := writeAtomic(path, data, cut); err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("the cut write: %v", err)
	}
	after, err := os.ReadFile(path)
	if err != nil || !bytes.Equal(after, before) {
		t.Errorf("the record after a cut write:\n%s\nwant\n%s", after, before)
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".progress-*")); left != nil {
		t.Errorf("temporary files left: %v", left)
	}
	// A temporary file a killed process left behind is not read as the record.
	if err := os.WriteFile(filepath.Join(filepath.Dir(path), ".progress-123.json"), []byte(`{"vers`), 0o644); err != nil {
		t.Fatal(err)
	}
	if p, err := LoadProgress(path); err != nil || len(p.Exercises) != 1 {
		t.Errorf("the record after a killed write: %+v, %v", p, err)
	}

	// A damaged record is an error naming the file and the way out, and is left as it is.
	for _, damaged := range []string{`{"version":1,"done":{"l6.4":`, `{"version":7,"done":{}}`, "\x00\x01", `{"version":2,"exercises":{"l6.4":{"state":"solved"}}}`} {
		if err := os.WriteFile(path, []byte(damaged), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := LoadProgress(path)
		var d *DamagedError
		if !errors.As(err, &d) || d.Path != path {
			t.Errorf("damaged record %q: %v is not a DamagedError naming the file", damaged, err)
		}
		if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "course progress --reset") {
			t.Errorf("damaged record %q: %v", damaged, err)
		}

	}
	if err := ResetProgress(path); err != nil {
		t.Fatal(err)
	}
	if p, err := LoadProgress(path); err != nil || len(p.Exercises) != 0 {
		t.Errorf("after ResetProgress: %+v, %v", p, err)
	}
}

// TestProgressStates walks an exercise through each way of doing it, and reads a version-1
// record as solved at the first try.
func TestProgressStates(t *testing.T) {
	path := filepath.Join(t.TempDir(), "course", "progress.json")
	at := time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)
	steps := []struct {
		name  string
		do    func() (Entry, error)
		state State
	}{
		{"l1.1", func() (Entry, error) { return RecordAnswer(path, "l1.1", true, at) }, FirstTry},
		{"l1.2", func() (Entry, error) { return RecordAnswer(path, "l1.2", false, at) }, NotDone},
		{"l1.2", func() (Entry, error) { return RecordAnswer(path, "l1.2", true, at) }, AfterTries},
		{"l1.3", func() (Entry, error) { return RecordHint(path, "l1.3", 2) }, NotDone},
		{"l1.3", func() (Entry, error) { return RecordHint(path, "l1.3", 1) }, NotDone},
		{"l1.3", func() (Entry, error) { return RecordAnswer(path, "l1.3", false, at) }, NotDone},
		{"l1.3", func() (Entry, error) { return RecordAnswer(path, "l1.3", true, at) }, AfterHints},
		{"l1.4", func() (Entry, error) { return RecordShown(path, "l1.4", at) }, Shown},
		{"l1.4", func() (Entry, error) { return RecordAnswer(path, "l1.4", true, at.Add(time.Hour)) }, Shown},
		{"l1.1", func() (Entry, error) { return RecordShown(path, "l1.1", at.Add(time.Hour)) }, FirstTry},
		{"l1.1", func() (Entry, error) { return RecordAnswer(path, "l1.1", false, at) }, FirstTry},
	}
	for i, s := range steps {
		e, err := s.do()
		if err != nil || e.State != s.state {
			t.Fatalf("step %d on %s: %+v, %v; want state %q", i, s.name, e, err, s.state)
		}
	}
	p, err := LoadProgress(path)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]Entry{
		"l1.1": {State: FirstTry, At: at},
		"l1.2": {State: AfterTries, Tries: 1, At: at},
		"l1.3": {State: AfterHints, Hints: 2, Tries: 1, At: at},
		"l1.4": {State: Shown, At: at},
	}
	if !maps.Equal(p.Exercises, want) {
		t.Errorf("the record: %+v\nwant %+v", p.Exercises, want)
	}
	if Shown.Solved() || !AfterHints.Solved() || NotDone.Solved() {
		t.Error("Solved counts the shown or the not done")
	}

	if err := os.WriteFile(path, []byte(`{"version":1,"done":{"l6.4":"2026-03-04T05:06:07Z"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if p, err := LoadProgress(path); err != nil || p.Exercises["l6.4"] != (Entry{State: FirstTry, At: at}) || len(p.Exercises) != 1 {
		t.Fatalf("a version-1 record: %+v, %v", p, err)
	}
	if _, err := RecordAnswer(path, "l6.5", false, at); err != nil {
		t.Fatal(err)
	}
	if p, err := LoadProgress(path); err != nil || p.State("l6.4") != FirstTry || p.Exercises["l6.5"].Tries != 1 {
		t.Errorf("a version-1 record written again: %+v, %v", p, err)
	}
}

func testCode(t *testing.T) (*CodeCheck, string) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "exercises", "l9"), 0o755); err != nil {
		t.Fatal(err)
	}
	return &CodeCheck{Dir: "exercises/l9", Files: []string{"a.go"}, Test: "TestA",
		Stubs: fstest.MapFS{"a.go": {Data: []byte("//go:build exercise\n\npackage l9\n")}}}, root
}

func TestStubsEnsureChangedReset(t *testing.T) {
	c, root := testCode(t)
	path := c.Path(root, "a.go")
	made, err := c.Ensure(root)
	if err != nil || len(made) != 1 || made[0] != path {
		t.Fatalf("Ensure: %v, %v", made, err)
	}
	if changed, err := c.Changed(root); err != nil || changed != nil {
		t.Errorf("Changed on the stub: %v, %v", changed, err)
	}
	if err := os.WriteFile(path, []byte("my work"), 0o644); err != nil {
		t.Fatal(err)
	}
	if made, _ := c.Ensure(root); made != nil {
		t.Errorf("Ensure overwrote the learner's file: %v", made)
	}
	if changed, err := c.Changed(root); err != nil || len(changed) != 1 {
		t.Errorf("Changed on the learner's work: %v, %v", changed, err)
	}
	if err := c.Reset(root); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path); !strings.HasPrefix(string(got), "//go:build exercise") {
		t.Errorf("after Reset: %q", got)
	}
	if err := os.WriteFile(filepath.Join(root, "exercises", "l9", "helper.go"), []byte("syntax error"), 0o644); err != nil {
		t.Fatal(err)
	}
	overlay, err := c.PristineOverlay(root, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if got, ok := overlay[filepath.Join(root, "exercises", "l9", "helper.go")]; !ok || got != "" {
		t.Errorf("the overlay keeps the learner's own file: %q", overlay)
	}
	if got, _ := os.ReadFile(overlay[path]); !strings.HasPrefix(string(got), "//go:build exercise") {
		t.Errorf("the overlay's stub: %q", got)
	}
}

func TestWatchSeesASave(t *testing.T) {
	c, root := testCode(t)
	if _, err := c.Ensure(root); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	saves := make(chan struct{}, 10)
	done := make(chan error, 1)
	ready := make(chan struct{})
	go func() {
		close(ready)
		done <- c.Watch(ctx, root, 10*time.Millisecond, func() { saves <- struct{}{} })
	}()
	<-ready
	// The watch starts in its goroutine: save until it sees a save, as an editor would.
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	other := filepath.Join(root, "exercises", "l9", "other.txt")
	for seen := false; !seen; {
		select {
		case <-saves:
			seen = true
		case <-tick.C:
			os.WriteFile(other, []byte("not the learner's file"), 0o644)
			os.WriteFile(c.Path(root, "a.go"), []byte("//go:build exercise\n\npackage l9 // saved\n"), 0o644)
		case <-ctx.Done():
			t.Fatal("no save seen in a minute")
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Watch: %v", err)
	}
}
