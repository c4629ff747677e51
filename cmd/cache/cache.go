// Package cache is `course cache`: where the course keeps lesson 3's index, what the folder holds
// against its bound, and `course cache clean`, which empties it of the course's files.
package cache

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"course/ga/indexcache"
	"course/internal/report"
)

// CacheOptions is what `course cache` and `course cache clean` need.
type CacheOptions struct {
	// Clean removes the course's files instead of listing them.
	Clean bool
}

// NewCmdCache builds `course cache` and its `clean`; runF replaces the run in tests of the flags.
func NewCmdCache(runF func(*CacheOptions, io.Writer) error) *cobra.Command {
	if runF == nil {
		runF = run
	}
	cmd := &cobra.Command{
		Use:   "cache",
		Short: "Show where the course keeps lesson 3's index and what is there (clean empties it)",
		Long: `Show the course's cache folder, where it keeps lesson 3's OPTIC-K index so that a lesson
reads it instead of building it: each file with the kind of index it holds (the pin's or
main's pipeline, and the weights a --weight or --symbolic-weight gave), the build of the course
that wrote it, its size and when it was last used, and the total against the folder's bound
(` + indexcache.Size(indexcache.Limit) + `; past it the files least recently used are removed).

` + "`course cache clean`" + ` removes the course's files from the folder, and nothing else; the next
lesson that needs an index builds it again.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runF(&CacheOptions{}, cmd.OutOrStdout())
		},
	}
	cmd.AddCommand(&cobra.Command{
		Use:   "clean",
		Short: "Remove the course's files from its cache folder",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runF(&CacheOptions{Clean: true}, cmd.OutOrStdout())
		},
	})
	return cmd
}

// run lists the cache folder, or cleans it, on w.
func run(opts *CacheOptions, w io.Writer) error {
	if opts.Clean {
		return runClean(w)
	}
	dir, files, err := indexcache.Files()
	if err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	r := report.New(w)
	r.Line("Cache folder: %s", dir)
	if len(files) == 0 {
		r.Line("It holds none of the course's files: the next lesson that needs lesson 3's index builds it.")
		return r.Err()
	}
	rows := make([][]string, len(files))
	var total int64
	for i, f := range files {
		rows[i] = []string{kind(f), build(f), indexcache.Size(f.Size), f.LastUsed.Format("2006-01-02 15:04")}
		total += f.Size
	}
	r.Blank()
	r.Table([]string{"kind", "build", "size", "last used"}, rows)
	r.Blank()
	r.Line("%s in %s, of at most %s: past it the files least recently used are removed.", indexcache.Size(total), count(len(files)), indexcache.Size(indexcache.Limit))
	r.Line("`course cache clean` removes them.")
	return r.Err()
}

// runClean removes the course's files from the cache folder and says which.
func runClean(w io.Writer) error {
	dir, removed, err := indexcache.Clean()
	r := report.New(w)
	var total int64
	for _, f := range removed {
		r.Line("removed %s (%s, %s)", f.Path, kind(f), indexcache.Size(f.Size))
		total += f.Size
	}
	if err != nil {
		return fmt.Errorf("cache clean: %w", err)
	}
	if len(removed) == 0 {
		r.Line("Cache folder: %s holds none of the course's files; nothing to remove.", dir)
		return r.Err()
	}
	r.Line("Removed %s, %s, from %s.", count(len(removed)), indexcache.Size(total), dir)
	return r.Err()
}

// kind is what a file holds, as the table names it.
func kind(f indexcache.File) string {
	switch {
	case f.Temporary:
		return "(being written, or left by a run that stopped)"
	case f.Label == "" && f.ThisBuild:
		return "(damaged: rebuilt when next needed)"
	case f.Label == "":
		return "(another version's, or damaged)"
	}
	return f.Label
}

// build names the build of the course that wrote f.
func build(f indexcache.File) string {
	if f.ThisBuild {
		return "this one"
	}
	return f.Build
}

// count counts files in words.
func count(n int) string {
	if n == 1 {
		return "1 file"
	}
	return fmt.Sprintf("%d files", n)
}
