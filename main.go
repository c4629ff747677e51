// Command course runs the lessons of a course on how Guitar Alchemist's chatbot answers travel
// from the server to the user: `course l6`.
package main

import (
	"os"

	"course/cli"
)

// version is the course's version, printed by `course --version`.
const version = "0.1.0"

func main() { os.Exit(cli.Exec(version)) }
