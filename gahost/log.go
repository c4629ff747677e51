package gahost

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
)

// Level is a Microsoft.Extensions.Logging log level.
type Level int

// The levels the host writes, lowest first.
const (
	LevelDebug       Level = iota + 1 // "dbug": not written by default
	LevelInformation                  // "info": lifetime, requests, warm-up
	LevelWarning                      // "warn": swallowed failures, cancelled streams
	LevelError                        // "fail": failures that reach the response
)

// String is the simple console formatter's four-letter abbreviation.
func (l Level) String() string {
	switch l {
	case LevelDebug:
		return "dbug"
	case LevelInformation:
		return "info"
	case LevelWarning:
		return "warn"
	case LevelError:
		return "fail"
	}
	return "crit"
}

// Logger writes log records in ASP.NET's simple console format, the format of the real host, so one
// parser reads both. It is safe for concurrent use; each record is written with a single Write.
type Logger struct {
	mu  sync.Mutex
	w   io.Writer
	min Level
}

// NewLogger returns a Logger that writes records at Information and above to w.
func NewLogger(w io.Writer) *Logger {
	return &Logger{w: w, min: LevelInformation}
}

// Log writes one record: "info: Category[EventId]", the message indented by six spaces, and, when
// err carries a GA exception, its type and message and the innermost GA stack frame.
func (l *Logger) Log(level Level, category string, eventID int, message string, err error) {
	if l == nil || level < l.min {
		return
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s[%d]\n", level, category, eventID)
	for line := range strings.SplitSeq(message, "\n") {
		b.WriteString("      ")
		b.WriteString(line)
		b.WriteByte('\n')
	}
	if err != nil {
		var ex *Exception
		if errors.As(err, &ex) {
			fmt.Fprintf(&b, "      %s: %s\n", ex.Type, ex.Message)
			if ex.Method != "" {
				fmt.Fprintf(&b, "         at %s() in %s:line %d\n", ex.Method, ex.File, ex.Line)
			}
		} else {
			fmt.Fprintf(&b, "      %s\n", err)
		}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	_, _ = io.WriteString(l.w, b.String())
}

// Exception is a .NET exception as GA would throw it: its full type name, its message, and the
// innermost GA frame it passed through (namespace-qualified method, repository file, line).
type Exception struct {
	// Type is the .NET type name with its namespace, e.g. "System.Net.Http.HttpRequestException".
	Type string
	// Message is the exception's message, logged after the type.
	Message string
	// Method is the innermost GA frame's namespace-qualified method; "" when no frame is known.
	Method string
	// File is the frame's source file, relative to the GA repository root.
	File string
	// Line is the frame's line number in File.
	Line int
	// Cause is the Go error underneath, kept for errors.Is (context cancellation, timeouts).
	Cause error
}

// Error returns "Type: Message".
func (e *Exception) Error() string { return e.Type + ": " + e.Message }

// Unwrap returns the Go error underneath.
func (e *Exception) Unwrap() error { return e.Cause }

// at returns a copy of e thrown through another GA frame.
func (e *Exception) at(method, file string, line int) *Exception {
	c := *e
	c.Method, c.File, c.Line = method, file, line
	return &c
}

// Log categories the host writes, GA's class names (ga-lesson4.md §4.1).
const (
	catIntentRouter  = "GA.Business.ML.Agents.Intents.SemanticIntentRouter"
	catQueryUnder    = "GA.Business.Core.Orchestration.Services.QueryUnderstandingService"
	catOrchestrated  = "GaChatbot.Api.Services.OrchestratedChatApplicationService"
	catExceptionMW   = "Microsoft.AspNetCore.Diagnostics.ExceptionHandlerMiddleware"
	catController    = "GaChatbot.Api.Controllers.ChatbotController"
	catWarmup        = "GA.Business.Core.Orchestration.Services.IntentEmbeddingWarmupService"
	catLifetime      = "Microsoft.Hosting.Lifetime"
	catHosting       = "Microsoft.AspNetCore.Hosting.Diagnostics"
	catStandIn       = "Course.GaHost"
	eventUnhandledEx = 1
)
