// Command course runs the lessons of a course on how Guitar Alchemist's chatbot answers travel
// from the server to the user: `course l6`.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"course/lessons"
)

// version is the course's version, printed by `course --version`.
const version = "0.1.0"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := lessons.Execute(ctx, version, os.Args[1:])
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "course:", err)
		os.Exit(1)
	}
}
