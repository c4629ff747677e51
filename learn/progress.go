package learn

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/gofrs/flock"
)

// State is how an exercise was done; the zero State is not done yet.
type State string

const (
	// NotDone is an exercise not solved and whose solution was not shown.
	NotDone State = ""
	// FirstTry is an exercise answered right with no wrong answer and no hint before.
	FirstTry State = "first try"
	// AfterHints is an exercise answered right after one hint or more.
	AfterHints State = "after hints"
	// AfterTries is an exercise answered right after wrong answers, with no hint.
	AfterTries State = "after tries"
	// Shown is an exercise whose solution was shown before it was solved: it does not count
	// as solved, and solving it later keeps it shown.
	Shown State = "solution shown"
)

// Solved says the state is one of the three ways of solving an exercise.
func (s State) Solved() bool { return s == FirstTry || s == AfterHints || s == AfterTries }

// Entry is what the record keeps of one exercise.
type Entry struct {
	// State is how the exercise was done, NotDone while it is not.
	State State `json:"state,omitempty"`
	// Hints is the highest hint seen, Tries the wrong answers given, both before it was done.
	Hints int `json:"hints,omitempty"`
	Tries int `json:"tries,omitempty"`
	// At is when State was set, zero while it is NotDone.
	At time.Time `json:"at,omitzero"`
}

// Progress is the record of the exercises a learner has done, kept in one file.
type Progress struct {
	// Path is the record's file.
	Path string
	// Exercises maps an exercise's name, "l6.4", to what the record keeps of it; an exercise
	// the learner has not touched has no entry.
	Exercises map[string]Entry
}

// State is how the exercise name was done, NotDone when the record has nothing of it.
func (p *Progress) State(name string) State { return p.Exercises[name].State }

// progressVersion is the version of the record this course writes; it reads version 1 too.
const progressVersion = 2

// progressFile is the record's shape on disk; Version lets a later course read an older record.
// Version 1 kept only Done, when each exercise was first solved; version 2 keeps Exercises.
type progressFile struct {
	Version   int                  `json:"version"`
	Done      map[string]time.Time `json:"done,omitempty"`
	Exercises map[string]Entry     `json:"exercises,omitempty"`
}

// DamagedError is a record that is there but cannot be read: it is left as it is, for the
// learner to mend or clear.
type DamagedError struct {
	// Path is the record's file.
	Path string
	// Err is what is wrong with it.
	Err error
}

func (e *DamagedError) Error() string {
	return fmt.Sprintf("the progress record %s is damaged (%v) and was left as it is: mend it, or start again with `course progress --reset`", e.Path, e.Err)
}

func (e *DamagedError) Unwrap() error { return e.Err }

// DefaultProgressPath is the record in the user's configuration folder: course/progress.json
// under os.UserConfigDir (XDG_CONFIG_HOME or ~/.config on Linux).
// Under `go test` there is none unless the test has moved the configuration folder under the
// temporary folder (as hosttest.Main and learntest do): a test's answers must never reach the
// record of the person running the tests.
func DefaultProgressPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("find the folder for the progress record: %w", err)
	}
	if rel, err := filepath.Rel(os.TempDir(), dir); flag.Lookup("test.run") != nil && (err != nil || !filepath.IsLocal(rel)) {
		return "", fmt.Errorf("a test keeps no progress record in %s, the user's own folder: move the configuration folder to a temporary one (hosttest.Main)", dir)
	}
	return filepath.Join(dir, "course", "progress.json"), nil
}

// LoadProgress reads the record at path; a record not written yet is an empty one. A record
// that cannot be read is a *DamagedError that names the file and how to start again: the
// record is never reset behind the learner's back.
func LoadProgress(path string) (*Progress, error) {
	p := &Progress{Path: path, Exercises: map[string]Entry{}}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return p, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read the progress record %s: %w", path, err)
	}
	var f progressFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, &DamagedError{Path: path, Err: err}
	}
	switch f.Version {
	case 1:
		// Version 1 knew only that an exercise was solved: as it kept no tries or hints, each
		// is read as solved at the first try.
		for name, at := range f.Done {
			p.Exercises[name] = Entry{State: FirstTry, At: at}
		}
	case progressVersion:
		for name, e := range f.Exercises {
			switch e.State {
			case NotDone, FirstTry, AfterHints, AfterTries, Shown:
			default:
				return nil, &DamagedError{Path: path, Err: fmt.Errorf("%s: unknown state %q", name, e.State)}
			}
			p.Exercises[name] = e
		}
	default:
		return nil, &DamagedError{Path: path, Err: fmt.Errorf("version %d, want 1 or %d", f.Version, progressVersion)}
	}
	return p, nil
}

// lockWait bounds how long a command waits for another one's change to the record, which
// takes milliseconds: a lock held longer is a process stopped while holding it.
const lockWait = 30 * time.Second

// UpdateProgress changes the record at path: under an exclusive lock on a file beside it
// (progress.json.lock), it reads the record again, lets change alter it, and writes it when
// change says it changed. Two commands that change the record at once both keep their change.
// A damaged record is not written: the error is a *DamagedError.
func UpdateProgress(path string, change func(p *Progress) bool) (*Progress, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("save the progress record: %w", err)
	}
	unlock, err := lockRecord(path)
	if err != nil {
		return nil, err
	}
	defer unlock()
	p, err := LoadProgress(path)
	if err != nil {
		return nil, err
	}
	if !change(p) {
		return p, nil
	}
	return p, p.save()
}

// lockRecord takes the exclusive lock on the record at path, waiting for a command that holds
// it, up to lockWait.
func lockRecord(path string) (unlock func(), err error) {
	lock := flock.New(path + ".lock")
	ctx, cancel := context.WithTimeout(context.Background(), lockWait)
	defer cancel()
	ok, err := lock.TryLockContext(ctx, 10*time.Millisecond)
	if !ok {
		if err == nil || errors.Is(err, context.DeadlineExceeded) {
			err = fmt.Errorf("another course command has held %s for %v", lock.Path(), lockWait)
		}
		return nil, fmt.Errorf("lock the progress record: %w", err)
	}
	return func() { lock.Unlock() }, nil
}

// RecordHint notes that hint n of the exercise name was seen, unless it is done already.
func RecordHint(path, name string, n int) (Entry, error) {
	return recordOne(path, name, func(e *Entry) bool {
		if e.State != NotDone || n <= e.Hints {
			return false
		}
		e.Hints = n
		return true
	})
}

// RecordAnswer notes an answer to the exercise name: a wrong one counts a try, a right one
// sets how it was done, now. An exercise done already keeps its entry.
func RecordAnswer(path, name string, right bool, now time.Time) (Entry, error) {
	return recordOne(path, name, func(e *Entry) bool {
		switch {
		case e.State != NotDone:
			return false
		case !right:
			e.Tries++
		case e.Hints > 0:
			e.State, e.At = AfterHints, now.UTC()
		case e.Tries > 0:
			e.State, e.At = AfterTries, now.UTC()
		default:
			e.State, e.At = FirstTry, now.UTC()
		}
		return true
	})
}

// RecordShown notes that the exercise's solution was shown, now: an exercise not solved yet
// is marked Shown, one solved keeps how it was solved.
func RecordShown(path, name string, now time.Time) (Entry, error) {
	return recordOne(path, name, func(e *Entry) bool {
		if e.State != NotDone {
			return false
		}
		e.State, e.At = Shown, now.UTC()
		return true
	})
}

// RecordOpened notes in the record at path what opening exercise e showed: hint n, or the
// solution, which marks it shown unless it was solved. Every way of opening an exercise, `course
// exercise` and a lesson's --exercise flag alike, notes it here, so that no way of seeing an
// answer counts as solving it.
func RecordOpened(path string, e *Exercise, hint int, solution bool, now time.Time) error {
	var err error
	switch {
	case solution:
		_, err = RecordShown(path, e.Name(), now)
	case hint != 0:
		_, err = RecordHint(path, e.Name(), hint)
	}
	return err
}

func recordOne(path, name string, change func(*Entry) bool) (Entry, error) {
	var entry Entry
	_, err := UpdateProgress(path, func(p *Progress) bool {
		entry = p.Exercises[name]
		if !change(&entry) {
			return false
		}
		p.Exercises[name] = entry
		return true
	})
	return entry, err
}

// save writes the record atomically: to a temporary file in the same folder, synced, then
// renamed over the record, so a write cut short leaves the old record whole.
func (p *Progress) save() error {
	data, err := json.MarshalIndent(progressFile{Version: progressVersion, Exercises: p.Exercises}, "", "  ")
	if err != nil {
		return fmt.Errorf("encode the progress record: %w", err)
	}
	return writeAtomic(p.Path, append(data, '\n'), writeAll)
}

// writeAll is how writeAtomic writes the temporary file; the tests cut it short.
func writeAll(f *os.File, data []byte) error {
	_, err := f.Write(data)
	return err
}

func writeAtomic(path string, data []byte, write func(*os.File, []byte) error) (err error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("save the progress record: %w", err)
	}
	tmp, err := os.CreateTemp(dir, ".progress-*.json")
	if err != nil {
		return fmt.Errorf("save the progress record: %w", err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err := write(tmp, data); err != nil {
		return fmt.Errorf("save the progress record %s: %w", path, err)
	}
	if err := tmp.Sync(); err != nil {
		return fmt.Errorf("save the progress record %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("save the progress record %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("save the progress record %s: %w", path, err)
	}
	return nil
}

// ResetProgress removes the record at path, damaged or not, under its lock so that a change
// under way is not written back after it.
func ResetProgress(path string) error {
	if _, err := os.Stat(filepath.Dir(path)); err == nil {
		unlock, err := lockRecord(path)
		if err != nil {
			return err
		}
		defer unlock()
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("clear the progress record: %w", err)
	}
	return nil
}

// Next is the first exercise of the course, in order, that the record has not done (neither
// solved nor shown), or nil when every one is.
func (c *Course) Next(p *Progress) *Exercise {
	for _, e := range c.All() {
		if p.State(e.Name()) == NotDone {
			return e
		}
	}
	return nil
}

// Tally counts the exercises of es the record has solved and those whose solution was shown
// before they were.
func (p *Progress) Tally(es []*Exercise) (solved, shown int) {
	for _, e := range es {
		switch s := p.State(e.Name()); {
		case s.Solved():
			solved++
		case s == Shown:
			shown++
		}
	}
	return solved, shown
}

// Describe says how the exercise name was done, with the tries and hints the record counted:
// "after tries (2 tries)", "not done (hint 1 seen)".
func (p *Progress) Describe(name string) string {
	e := p.Exercises[name]
	s := string(e.State)
	if e.State == NotDone {
		s = "not done"
	}
	var more []string
	if e.Tries == 1 {
		more = append(more, "1 try")
	} else if e.Tries > 1 {
		more = append(more, fmt.Sprintf("%d tries", e.Tries))
	}
	if e.Hints > 0 {
		more = append(more, fmt.Sprintf("hint %d seen", e.Hints))
	}
	if more != nil {
		s += " (" + strings.Join(more, ", ") + ")"
	}
	return s
}
