// Package docs holds the written lessons, embedded in the binary so that the course can print an
// exercise's question from the lesson that asks it, the one place its text is kept.
package docs

import "embed"

// Lessons holds every written lesson, docs/lN.md, by its file name.
//
//go:embed l*.md
var Lessons embed.FS
