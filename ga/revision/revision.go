// Package revision names the GA a lesson or the host reads: the pin, a826864, the commit the
// course is written against, or GA's main branch, f4f5b4a, whose changes after the pin a lesson
// run with --main and the host started with Course__Ga=main show. One value carries what the
// choice decides: what a title says, the run's heading, the host's setting and the voicing
// pipeline.
package revision

import (
	"fmt"
	"strings"

	"course/ga/optick"
)

// Revision is one of the two revisions of GA the course models; the zero value is the pin.
type Revision int

// The two revisions.
const (
	// Pin is GA at a826864.
	Pin Revision = iota
	// Main is GA's main branch at f4f5b4a.
	Main
)

// Parse reads a revision as the host's Course__Ga setting writes it, in any case: "pin" or ""
// for the pin, "main" for main.
func Parse(s string) (Revision, error) {
	switch strings.ToLower(s) {
	case "", "pin":
		return Pin, nil
	case "main":
		return Main, nil
	}
	return Pin, fmt.Errorf("%q is neither \"pin\" nor \"main\"", s)
}

// IsMain reports whether r is GA's main branch.
func (r Revision) IsMain() bool { return r == Main }

// Setting is r as the host's Course__Ga setting writes it, which Parse reads back.
func (r Revision) Setting() string {
	if r == Main {
		return "main"
	}
	return "pin"
}

// String is r's Setting, so that a revision prints as the host's configuration names it.
func (r Revision) String() string { return r.Setting() }

// Label is what a lesson's titles say of the GA they show: "at the pin" or "on main".
func (r Revision) Label() string {
	if r == Main {
		return "on main"
	}
	return "at the pin"
}

// Heading is the heading of a lesson's run: the lesson's slug, and on main ", GA's main" after
// it, so that a main run's output says which GA it shows from its first line.
func (r Revision) Heading(slug string) string {
	if r == Main {
		return slug + ", GA's main"
	}
	return slug
}

// Voicings is r's whole voicing pipeline, the index's, the query encoder's and the search's:
// the zero version at the pin, every change of main after it on main.
func (r Revision) Voicings() optick.Version {
	if r == Main {
		return optick.Main()
	}
	return optick.Version{}
}
