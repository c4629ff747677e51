// Package l6 is where you write lesson 6's code exercises: `course exercise l6.5` and
// `course exercise l6.6` say what to write and put the stubs here, `course check l6.5` and
// `course check l6.6` check them. Your files build only with the `exercise` tag, so the course's
// own build and tests never compile them; built without it, the package holds the stubs alone.
package l6

import (
	"embed"
	"io/fs"
)

//go:embed stubs/*.go
var stubs embed.FS

// Stubs are the exercises' files as the course ships them, by name ("reader.go"), for `course
// reset` and for the course's tests, which check the stubs and never the learner's files.
var Stubs fs.FS = mustSub(stubs, "stubs")

func mustSub(fsys fs.FS, dir string) fs.FS {
	sub, err := fs.Sub(fsys, dir)
	if err != nil {
		panic(err) // dir is a constant of this file, embedded above
	}
	return sub
}
