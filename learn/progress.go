package learn

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// Progress is the record of the exercises a learner has done, kept in one file.
type Progress struct {
	// Path is the record's file.
	Path string
	// Done maps an exercise's name, "l6.4", to when it was first done.
	Done map[string]time.Time
}

// progressFile is the record's shape on disk; Version lets a later course read an older record.
type progressFile struct {
	Version int                  `json:"version"`
	Done    map[string]time.Time `json:"done"`
}

// DefaultProgressPath is the record in the user's configuration folder: course/progress.json
// under os.UserConfigDir (XDG_CONFIG_HOME or ~/.config on Linux).
func DefaultProgressPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("find the folder for the progress record: %w", err)
	}
	return filepath.Join(dir, "course", "progress.json"), nil
}

// LoadProgress reads the record at path; a record not written yet is an empty one. A record
// that cannot be read is an error that names the file and how to start again: the record is
// never reset behind the learner's back.
func LoadProgress(path string) (*Progress, error) {
	p := &Progress{Path: path, Done: map[string]time.Time{}}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return p, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read the progress record %s: %w", path, err)
	}
	var f progressFile
	if err := json.Unmarshal(data, &f); err != nil || f.Version != 1 {
		if err == nil {
			err = fmt.Errorf("version %d, want 1", f.Version)
		}
		return nil, fmt.Errorf("the progress record %s is damaged (%v): mend it, or start again with `course progress --reset`", path, err)
	}
	for name, at := range f.Done {
		p.Done[name] = at
	}
	return p, nil
}

// MarkDone records the exercise as done, now, unless it was already, and saves the record.
func (p *Progress) MarkDone(name string, now time.Time) error {
	if _, ok := p.Done[name]; ok {
		return nil
	}
	p.Done[name] = now.UTC()
	return p.Save()
}

// Save writes the record atomically: to a temporary file in the same folder, synced, then
// renamed over the record, so a write cut short leaves the old record whole.
func (p *Progress) Save() error {
	data, err := json.MarshalIndent(progressFile{Version: 1, Done: p.Done}, "", "  ")
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

// ResetProgress removes the record at path, damaged or not.
func ResetProgress(path string) error {
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("clear the progress record: %w", err)
	}
	return nil
}
