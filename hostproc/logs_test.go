//go:build linux

package hostproc

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"course/gahost"
)

func init() {
	helpers["late-logs"] = helperLateLogs
}

// helperLateLogs answers /work at once and writes the request's log records to stderr only
// afterwards, the way a host's log can trail its response.
func helperLateLogs() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		os.Exit(4)
	}
	log := gahost.NewLogger(os.Stderr)
	http.HandleFunc("/work", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusInternalServerError)
		go func() {
			time.Sleep(100 * time.Millisecond)
			log.Log(gahost.LevelWarning, "GA.Demo.Router", 0, "first failure", &gahost.Exception{Type: "System.Net.Http.HttpRequestException", Message: "Connection refused (127.0.0.1:9)", Method: "GA.Demo.Router.RouteAsync", File: "Common/GA.Demo/Router.cs", Line: 111})
			log.Log(gahost.LevelError, "Microsoft.AspNetCore.Diagnostics.ExceptionHandlerMiddleware", 1, "An unhandled exception has occurred while executing the request.", nil)
			log.Log(gahost.LevelInformation, "Microsoft.AspNetCore.Hosting.Diagnostics", 2, "Request finished HTTP/1.1 POST http://"+r.Host+"/work - 500 0 - 1.0000ms", nil)
		}()
	})
	fmt.Printf("info: Microsoft.Hosting.Lifetime[14]\n      Now listening on: http://%s\n", ln.Addr())
	_ = http.Serve(ln, nil)
}

func TestLogsParse(t *testing.T) {
	var buf bytes.Buffer
	log := gahost.NewLogger(&buf)
	log.Log(gahost.LevelInformation, "Microsoft.Hosting.Lifetime", 14, "Now listening on: http://127.0.0.1:5000", nil)
	log.Log(gahost.LevelWarning, "GA.Business.ML.Agents.Intents.SemanticIntentRouter", 0, "SemanticIntentRouter: query embedding failed; routing falls through to LLM path",
		&gahost.Exception{Type: "System.Net.Http.HttpRequestException", Message: "Connection refused (127.0.0.1:9)", Method: "GA.Business.ML.Agents.Intents.SemanticIntentRouter.RouteAsync", File: "Common/GA.Business.ML/Agents/Intents/SemanticIntentRouter.cs", Line: 111})
	log.Log(gahost.LevelError, "Demo", 3, "two\nlines", errors.New("plain go error"))
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	// What the real host writes: an inner exception, framework frames, an async state machine.
	lines = append(lines, "not a log line",
		"fail: Microsoft.AspNetCore.Diagnostics.ExceptionHandlerMiddleware[1]",
		"      An unhandled exception has occurred while executing the request.",
		"      System.Net.Http.HttpRequestException: Connection refused (127.0.0.1:9)",
		"       ---> System.Net.Sockets.SocketException (111): Connection refused",
		"         at System.Net.Sockets.Socket.AwaitableSocketAsyncEventArgs.ThrowException(SocketError error, CancellationToken cancellationToken)",
		"         --- End of inner exception stack trace ---",
		"         at System.Net.Http.HttpConnectionPool.ConnectToTcpHostAsync(String host, Int32 port, HttpRequestMessage initialRequest, Boolean async, CancellationToken cancellationToken)",
		"         at GaChatbot.Api.Services.DirectChatApplicationService.<GenerateAnswerAsync>d__7.MoveNext() in /src/ga/Apps/GaChatbot.Api/Services/DirectChatApplicationService.cs:line 96",
		"         at GaChatbot.Api.Controllers.ChatbotController.Chat(ChatRequest request) in C:\\ga\\Apps\\GaChatbot.Api\\Controllers\\ChatbotController.cs:line 130",
	)
	got := ParseLogRecords(lines)
	if len(got) != 4 {
		t.Fatalf("%d records, want 4: %+v", len(got), got)
	}
	tests := []struct {
		level, category, message, exType, frame string
		eventID                                 int
	}{
		{"Information", "Microsoft.Hosting.Lifetime", "Now listening on: http://127.0.0.1:5000", "", "", 14},
		{"Warning", "GA.Business.ML.Agents.Intents.SemanticIntentRouter", "SemanticIntentRouter: query embedding failed; routing falls through to LLM path", "System.Net.Http.HttpRequestException", "SemanticIntentRouter.RouteAsync, SemanticIntentRouter.cs:111", 0},
		{"Error", "Demo", "two\nlines\nplain go error", "", "", 3},
		{"Error", "Microsoft.AspNetCore.Diagnostics.ExceptionHandlerMiddleware", "An unhandled exception has occurred while executing the request.", "System.Net.Http.HttpRequestException", "DirectChatApplicationService.GenerateAnswerAsync, DirectChatApplicationService.cs:96", 1},
	}
	for i, tt := range tests {
		r := got[i]
		if r.Level != tt.level || r.Category != tt.category || r.Message != tt.message || r.EventID != tt.eventID {
			t.Errorf("record %d = %q %q %d %q", i, r.Level, r.Category, r.EventID, r.Message)
		}
		if tt.exType == "" {
			if r.Exception != nil {
				t.Errorf("record %d has exception %+v", i, r.Exception)
			}
			continue
		}
		if r.Exception == nil || r.Exception.Type != tt.exType {
			t.Errorf("record %d exception = %+v, want %s", i, r.Exception, tt.exType)
			continue
		}
		f, ok := r.Exception.FirstFrame("GA.", "GaChatbot.")
		if !ok || f.Short() != tt.frame {
			t.Errorf("record %d first GA frame = %q, want %q", i, f.Short(), tt.frame)
		}
	}
	if n := len(got[3].Exception.Frames); n != 4 {
		t.Errorf("%d frames in the real host's record, want 4", n)
	}
	if got[1].Exception.Message != "Connection refused (127.0.0.1:9)" {
		t.Errorf("exception message %q", got[1].Exception.Message)
	}
}

func TestLogsLastSegment(t *testing.T) {
	for in, want := range map[string]string{"System.Net.Http.HttpRequestException": "HttpRequestException", "Plain": "Plain", "": ""} {
		if got := LastSegment(in); got != want {
			t.Errorf("LastSegment(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestLogsWaitForTrailingRecords posts to a host whose log arrives after its response, and
// checks that waiting for the request's "Request finished" record yields all its records.
func TestLogsWaitForTrailingRecords(t *testing.T) {
	t.Parallel()
	h, err := Start(t.Context(), spec(t, "late-logs"))
	if err != nil {
		t.Fatal(err)
	}
	defer h.Stop()
	mark := h.LogMark()
	resp, err := h.Post(t.Context(), "/work", []byte("{}"))
	if err != nil || resp.Status != 500 {
		t.Fatalf("post: %v %v", resp, err)
	}
	if now := ParseLogRecords(h.Logs()[mark:]); len(now) != 0 {
		t.Fatalf("records before the wait: %+v (the helper should log late)", now)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
	defer cancel()
	records, err := h.WaitForLog(ctx, mark, func(r LogRecord) bool { return strings.HasPrefix(r.Message, "Request finished") })
	if err != nil {
		t.Fatal(err)
	}
	if len(records) != 3 || records[0].Level != "Warning" || records[1].Level != "Error" {
		t.Fatalf("records = %+v", records)
	}

	// A record that never comes: the deadline ends the wait with what was read.
	ctx2, cancel2 := context.WithTimeout(t.Context(), 50*time.Millisecond)
	defer cancel2()
	records, err = h.WaitForLog(ctx2, mark, func(LogRecord) bool { return false })
	if !errors.Is(err, context.DeadlineExceeded) || len(records) != 3 {
		t.Fatalf("wait for nothing: %d records, %v", len(records), err)
	}
	if err := h.Stop(); err != nil {
		t.Fatal(err)
	}
	// After the host is gone the wait ends at once.
	_, err = h.WaitForLog(t.Context(), mark, func(LogRecord) bool { return false })
	if !errors.Is(err, ErrHostExited) {
		t.Fatalf("wait after stop: %v", err)
	}
}

// TestOutputTailSignalsEachLine checks the signal WaitForLog waits on: closed by the next line
// and not before it, and a fresh one after.
func TestOutputTailSignalsEachLine(t *testing.T) {
	var tail outputTail
	grew := tail.next()
	select {
	case <-grew:
		t.Fatal("the signal is closed before a line came")
	default:
	}
	tail.add("first")
	select {
	case <-grew:
	default:
		t.Fatal("a line does not close the signal")
	}
	again := tail.next()
	if again == grew {
		t.Fatal("the signal after a line is the closed one")
	}
	tail.add("second")
	<-again
}
