package learn

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"
)

// CodeCheck is a code exercise's stub and the test that checks it. The learner's files live in
// Dir and build only with the `exercise` tag, so the course's own build never compiles them.
type CodeCheck struct {
	// Dir is the exercise's folder in the repository, slash-separated, "exercises/l6".
	Dir string
	// Files are the learner's files in Dir, "reader.go".
	Files []string
	// Test is the go test that checks them, "TestExercise5"; it prints the diff of input,
	// wanted and got.
	Test string
	// Stubs holds the pristine stub of every learner's file of Dir, by its name, this
	// exercise's and the other exercises' of the folder, which build with them as one package:
	// embedded in the binary, so `course reset` restores them and the course's tests check
	// them whatever the learner wrote.
	Stubs fs.FS
}

// stubNames are the names of every stub of the folder.
func (c *CodeCheck) stubNames() ([]string, error) {
	names, err := fs.Glob(c.Stubs, "*.go")
	if err != nil || len(names) == 0 {
		return nil, fmt.Errorf("the course carries no stubs for %s (%v)", c.Dir, err)
	}
	return names, nil
}

// FindRepository finds the root of the course's repository from dir ("" is the working
// directory): the module go reports there must be course.
func FindRepository(ctx context.Context, dir string) (string, error) {
	cmd := exec.CommandContext(ctx, "go", "env", "GOMOD")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("find the course's repository with go env GOMOD (is Go installed?): %w", err)
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		return "", errors.New("run it in the course's repository, where exercises/ is")
	}
	text, err := os.ReadFile(gomod)
	if err != nil {
		return "", fmt.Errorf("read the module file: %w", err)
	}
	if !bytes.HasPrefix(text, []byte("module course\n")) {
		return "", fmt.Errorf("%s is not the course's module; run it in the course's repository", gomod)
	}
	return filepath.Dir(gomod), nil
}

// Path is the learner's file name in the repository at root.
func (c *CodeCheck) Path(root, name string) string {
	return filepath.Join(root, filepath.FromSlash(c.Dir), name)
}

// Ensure writes the stub of every learner's file of the folder that does not exist yet, so that
// the folder builds, and returns the files it wrote.
func (c *CodeCheck) Ensure(root string) ([]string, error) {
	names, err := c.stubNames()
	if err != nil {
		return nil, err
	}
	var made []string
	for _, name := range names {
		path := c.Path(root, name)
		if _, err := os.Stat(path); err == nil {
			continue
		} else if !errors.Is(err, fs.ErrNotExist) {
			return made, fmt.Errorf("look for your file: %w", err)
		}
		if err := c.restore(path, name); err != nil {
			return made, err
		}
		made = append(made, path)
	}
	return made, nil
}

// Changed lists the learner's files that differ from their stubs, missing ones aside.
func (c *CodeCheck) Changed(root string) ([]string, error) {
	var changed []string
	for _, name := range c.Files {
		stub, err := fs.ReadFile(c.Stubs, name)
		if err != nil {
			return nil, fmt.Errorf("read the stub of %s: %w", name, err)
		}
		path := c.Path(root, name)
		got, err := os.ReadFile(path)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("read your file: %w", err)
		}
		if !bytes.Equal(got, stub) {
			changed = append(changed, path)
		}
	}
	return changed, nil
}

// Reset puts every learner's file back to its stub.
func (c *CodeCheck) Reset(root string) error {
	for _, name := range c.Files {
		if err := c.restore(c.Path(root, name), name); err != nil {
			return err
		}
	}
	return nil
}

func (c *CodeCheck) restore(path, name string) error {
	stub, err := fs.ReadFile(c.Stubs, name)
	if err != nil {
		return fmt.Errorf("read the stub of %s: %w", name, err)
	}
	if err := writeAtomic(path, stub, writeAll); err != nil {
		return fmt.Errorf("restore %s: %w", name, err)
	}
	return nil
}

// Run runs the check in the repository at root, writing go test's output to out and errOut; it
// reports whether the check passed. overlay, when not nil, is go's build overlay: file names in
// the repository mapped to the file go reads instead ("" for none).
func (c *CodeCheck) Run(ctx context.Context, root string, overlay map[string]string, out, errOut io.Writer) (bool, error) {
	// -trimpath keeps the build cache's entries apart from the folder, so a check run in a
	// temporary copy of the course reuses what the course's own builds compiled.
	args := []string{"test", "-trimpath", "-tags", "exercise", "-count=1", "-run", "^" + c.Test + "$"}
	if overlay != nil {
		data, err := json.Marshal(map[string]map[string]string{"Replace": overlay})
		if err != nil {
			return false, fmt.Errorf("write the overlay: %w", err)
		}
		f, err := os.CreateTemp("", "course-overlay-*.json")
		if err != nil {
			return false, fmt.Errorf("write the overlay: %w", err)
		}
		defer os.Remove(f.Name())
		_, err = f.Write(data)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return false, fmt.Errorf("write the overlay: %w", err)
		}
		args = append(args, "-overlay", f.Name())
	}
	cmd := exec.CommandContext(ctx, "go", append(args, "./"+c.Dir+"/")...)
	cmd.Dir, cmd.Stdout, cmd.Stderr = root, out, errOut
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("run go test: %w", err)
	}
	return true, nil
}

// PristineOverlay is the build overlay that shows go the stubs, written into tmp, in place of
// whatever the learner has in Dir: each learner's file of the folder replaced by its stub, and every other
// Go file of the folder that is not a test left out. A check run with it reads none of the
// learner's files, so the course's own tests pass whatever is written there.
func (c *CodeCheck) PristineOverlay(root, tmp string) (map[string]string, error) {
	overlay := map[string]string{}
	dir := filepath.Join(root, filepath.FromSlash(c.Dir))
	entries, err := os.ReadDir(dir)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("list the exercise's folder: %w", err)
	}
	for _, e := range entries {
		if name := e.Name(); strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") {
			overlay[filepath.Join(dir, name)] = ""
		}
	}
	names, err := c.stubNames()
	if err != nil {
		return nil, err
	}
	for _, name := range names {
		stub, err := fs.ReadFile(c.Stubs, name)
		if err != nil {
			return nil, fmt.Errorf("read the stub of %s: %w", name, err)
		}
		copyPath := filepath.Join(tmp, name)
		if err := os.WriteFile(copyPath, stub, 0o644); err != nil {
			return nil, fmt.Errorf("copy the stub of %s: %w", name, err)
		}
		overlay[filepath.Join(dir, name)] = copyPath
	}
	return overlay, nil
}

// Watch calls changed each time one of the learner's files is saved, until ctx ends. It
// watches the folder rather than the files, since editors often save by writing a new file and
// renaming it over the old one; a burst of events within settle is one save.
func (c *CodeCheck) Watch(ctx context.Context, root string, settle time.Duration, changed func()) error {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return fmt.Errorf("watch your files: %w", err)
	}
	defer w.Close()
	dir := filepath.Join(root, filepath.FromSlash(c.Dir))
	if err := w.Add(dir); err != nil {
		return fmt.Errorf("watch %s: %w", dir, err)
	}
	var timer <-chan time.Time
	for {
		select {
		case <-ctx.Done():
			return nil
		case err := <-w.Errors:
			return fmt.Errorf("watch %s: %w", dir, err)
		case ev := <-w.Events:
			if slices.Contains(c.Files, filepath.Base(ev.Name)) && ev.Op&(fsnotify.Write|fsnotify.Create|fsnotify.Rename) != 0 {
				timer = time.After(settle)
			}
		case <-timer:
			timer = nil
			changed()
		}
	}
}
