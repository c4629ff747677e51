package hostproc

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"sync"

	"course/internal/lazy"
)

// LogRecord is one record of ASP.NET's simple console log format, as the real GaChatbot.Api and
// the course's stand-in write it: a header "warn: Category[EventId]", then the message and any
// exception, each line indented by six spaces.
type LogRecord struct {
	// Level is the Microsoft.Extensions.Logging level name: "Information", "Warning", "Error"...
	Level string
	// Category is the logger's category, usually a namespace-qualified class name.
	Category string
	// EventID is the number in brackets after the category.
	EventID int
	// Message is the record's text; a message of several lines keeps its line breaks.
	Message string
	// Exception is the exception written with the record, or nil.
	Exception *LogException
}

// LogException is an exception as Exception.ToString writes it into a log record.
type LogException struct {
	// Type is the full type name, "System.Net.Http.HttpRequestException".
	Type string
	// Message is the exception's message.
	Message string
	// Frames are the stack frames in the order written: innermost first, inner exceptions'
	// frames before the outer ones.
	Frames []StackFrame
}

// StackFrame is one "at Method(args) in File:line N" line of a stack trace.
type StackFrame struct {
	// Method is the namespace-qualified method, "GA.Business.ML.Agents.SemanticRouter.RouteAsync".
	Method string
	// File is the source path as written, "" when the trace has no file information.
	File string
	// Line is the source line, 0 when unknown.
	Line int
}

// levelNames maps the console formatter's abbreviations to LogLevel names.
var levelNames = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"trce": "Trace", "dbug": "Debug", "info": "Information",
		"warn": "Warning", "fail": "Error", "crit": "Critical",
	}
})

var (
	headerRe    = lazy.Regexp(`^(trce|dbug|info|warn|fail|crit): (.+)\[(-?\d+)\]$`)
	exceptionRe = lazy.Regexp(`^([A-Za-z_][\w.]*Exception)(?:: (.*))?$`)
	frameRe     = lazy.Regexp(`^at ([^(]+)\((.*?)\)(?: in (.+):line (\d+))?$`)
	// stateMachineRe is an async method's compiler-generated frame, "<RouteAsync>d__12.MoveNext".
	stateMachineRe = lazy.Regexp(`\.<([^>]+)>d__\d+\.MoveNext$`)
)

// bodyIndent is the simple console formatter's indentation of a record's body.
const bodyIndent = "      "

// ParseLogRecords reads the records in lines, in order. Lines that are neither a header nor
// indented body text (such as a child's plain output) end the record before them and are skipped.
func ParseLogRecords(lines []string) []LogRecord {
	var records []LogRecord
	var body []string
	open := false
	flush := func() {
		if open {
			finishRecord(&records[len(records)-1], body)
		}
		open, body = false, body[:0]
	}
	for _, l := range lines {
		if m := headerRe().FindStringSubmatch(l); m != nil {
			flush()
			id, _ := strconv.Atoi(m[3])
			records = append(records, LogRecord{Level: levelNames()[m[1]], Category: m[2], EventID: id})
			open = true
			continue
		}
		if open && strings.HasPrefix(l, bodyIndent) {
			body = append(body, strings.TrimPrefix(l, bodyIndent))
			continue
		}
		flush()
	}
	flush()
	return records
}

// finishRecord splits a record's body into its message and the exception that follows it: the
// first body line is always message; an exception starts at a line "Namespace.TypeException: ...".
func finishRecord(r *LogRecord, body []string) {
	end := len(body)
	for i := 1; i < len(body); i++ {
		if exceptionRe().MatchString(body[i]) {
			end = i
			break
		}
	}
	r.Message = strings.Join(body[:end], "\n")
	if end == len(body) {
		return
	}
	m := exceptionRe().FindStringSubmatch(body[end])
	ex := &LogException{Type: m[1], Message: m[2]}
	for _, l := range body[end+1:] {
		f := frameRe().FindStringSubmatch(strings.TrimSpace(l))
		if f == nil {
			continue
		}
		method := stateMachineRe().ReplaceAllString(f[1], ".$1")
		line, _ := strconv.Atoi(f[4])
		ex.Frames = append(ex.Frames, StackFrame{Method: method, File: f[3], Line: line})
	}
	r.Exception = ex
}

// LastSegment is the part of a dotted name after its last dot: the class of a category, the
// short name of an exception type.
func LastSegment(name string) string {
	return name[strings.LastIndex(name, ".")+1:]
}

// FirstFrame returns the first frame whose method starts with one of the prefixes, such as
// "GA." and "GaChatbot.": the innermost frame of that code.
func (e *LogException) FirstFrame(prefixes ...string) (StackFrame, bool) {
	for _, f := range e.Frames {
		for _, p := range prefixes {
			if strings.HasPrefix(f.Method, p) {
				return f, true
			}
		}
	}
	return StackFrame{}, false
}

// Short writes the frame as "Class.Method, File.cs:line".
func (f StackFrame) Short() string {
	method := f.Method
	if i := strings.LastIndex(method, "."); i >= 0 {
		if j := strings.LastIndex(method[:i], "."); j >= 0 {
			method = method[j+1:]
		}
	}
	file := f.File[strings.LastIndexAny(f.File, `/\`)+1:]
	if file == "" {
		return method
	}
	return method + ", " + file + ":" + strconv.Itoa(f.Line)
}

// LogMark returns the current end of the host's output, for reading only the records that come
// after it with WaitForLog. Take it while the host is quiet, between records.
func (h *Host) LogMark() int { return h.out.end() }

// WaitForLog waits until a record written after mark satisfies done, and returns the records
// after mark up to and including that one. Records that a process writes in order arrive in
// order, so when done matches a record the host writes last for a request (ASP.NET's "Request
// finished"), every record of that request has been read. done sees the last record read once
// its header and message have arrived, so it should judge by those. Only the host's last
// KeepLines lines are kept, so records a host buries under more output than that are not seen.
// If ctx ends first, it returns the records read so far with ctx's error.
func (h *Host) WaitForLog(ctx context.Context, mark int, done func(LogRecord) bool) ([]LogRecord, error) {
	for {
		grew := h.out.next() // taken before the read, so that no line comes unseen in between
		lines, from := h.out.since(mark)
		records := ParseLogRecords(lines)
		for i, r := range records {
			// The last record may still be missing body lines; its header alone proves nothing.
			if i == len(records)-1 && !complete(lines, r) {
				break
			}
			if done(r) {
				return records[:i+1], nil
			}
		}
		select {
		case <-ctx.Done():
			return records, ctx.Err()
		case <-h.done:
			// The host is gone and its output fully read: one last look, then give up.
			if h.out.end() == from+len(lines) {
				return records, ErrHostExited
			}
		case <-grew:
		}
	}
}

// ErrHostExited is WaitForLog's error when the host's output ended without the awaited record.
var ErrHostExited = errors.New("hostproc: the host's output ended before the awaited log record")

// complete reports whether the last record in lines has its message: a record's header and
// message line are written together, so a record with a message line has at least that.
func complete(lines []string, r LogRecord) bool {
	return len(lines) > 0 && strings.HasPrefix(lines[len(lines)-1], bodyIndent) && r.Message != ""
}
