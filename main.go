// Command course runs the lessons of a course on how Guitar Alchemist's chatbot answers travel
// from the server to the user: `course l6`.
package main

import (
	"os"

	"course/cmd/root"
	"course/internal/stopsignal" // catches the stop signals before any other package of the course initialises
)

// version is the course's version, printed by `course --version`.
const version = "0.1.0"

func main() { os.Exit(root.Exec(version, stopsignal.C)) }
