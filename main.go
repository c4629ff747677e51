// Command course runs the lessons of a course on how Guitar Alchemist's chatbot answers travel
// from the server to the user: `course l6`.
package main

import (
	"os"
	"os/signal"

	"course/hostproc"
	"course/internal/cli"
)

// version is the course's version, printed by `course --version`.
const version = "0.1.0"

func main() {
	hostproc.SupervisorMain() // returns at once unless this process is a host's supervisor
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, cli.StopSignals...)
	os.Exit(cli.Main(version, os.Args[1:], sigs, os.Stderr))
}
