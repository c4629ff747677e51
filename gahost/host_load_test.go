package gahost

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"course/stream/sse"
	"course/stream/wire"
)

// Bounds of the load test: GA's lesson questions on both endpoints from many clients at once.
const (
	loadClients  = 32
	loadRequests = 5000
	loadDeadline = 60 * time.Second
)

// Exact bodies of GA's defined failures with no model: the gate's busy answer on each endpoint,
// and the failure event the stream sends when the model cannot be reached.
var (
	busyBody      = `{"error":"` + busyMessage + `"}`
	busyEvent     = "data: " + busyBody + "\n\n"
	failedEvent   = "data: {\"error\":\"" + failedMessage + "\"}\n\n"
	problem500Pfx = `{"type":"https://tools.ietf.org/html/rfc9110#section-15.6.1","title":"An error occurred while processing your request.","status":500,"traceId":"00-`
)

// loadOutcome classifies one response; an empty kind means it is none of GA's defined responses.
func loadOutcome(path, question string, status int, body []byte, answer string) (kind string, err error) {
	switch {
	case path == chatPath && status == http.StatusServiceUnavailable && string(body) == busyBody:
		return "busy", nil
	case path == streamPath && status == http.StatusOK && string(body) == busyEvent:
		return "busy", nil
	case path == chatPath && question == voicingQuestion && status == http.StatusOK:
		var c struct {
			Answer string `json:"naturalLanguageAnswer"`
		}
		if err := json.Unmarshal(body, &c); err != nil || c.Answer != answer {
			return "", fmt.Errorf("answer %q (%v), want %q", c.Answer, err, answer)
		}
		return "answer", nil
	case path == streamPath && question == voicingQuestion && status == http.StatusOK:
		var kinds []string
		var joined strings.Builder
		for ev, err := range sse.Read(bytes.NewReader(body)) {
			if err != nil {
				return "", err
			}
			k := wire.Kind(ev.Data)
			kinds = append(kinds, k)
			if k == "text" {
				joined.WriteString(ev.Data)
			}
		}
		if len(kinds) < 3 || kinds[0] != "routing" || kinds[len(kinds)-1] != wire.Done || joined.String() != answer {
			return "", fmt.Errorf("stream of %v decodes to %q, want %q", kinds, joined.String(), answer)
		}
		return "answer", nil
	case path == chatPath && question == arpeggioQuestion && status == http.StatusInternalServerError && bytes.HasPrefix(body, []byte(problem500Pfx)):
		return "model failure", nil
	case path == streamPath && question == arpeggioQuestion && status == http.StatusOK && string(body) == failedEvent:
		return "model failure", nil
	}
	return "", fmt.Errorf("HTTP %d %q", status, body)
}

// TestLoad sends loadRequests requests from loadClients clients, mixing both endpoints and both
// lesson questions, against the stand-in with the model on a closed port. Each response must be
// the answer or one of GA's defined failures; afterwards the host's goroutines return to idle.
// Memory is the test process's (host and clients share it): the peak of sampled heap in use.
func TestLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("load test skipped with -short")
	}
	idle := runtime.NumGoroutine()
	h := startHost(t, Config{})
	transport := &http.Transport{MaxIdleConnsPerHost: loadClients}
	client := &http.Client{Transport: transport, Timeout: 10 * time.Second}
	ctx, cancel := context.WithTimeout(context.Background(), loadDeadline)
	defer cancel()
	status, body, err := loadPost(ctx, client, h.url+chatPath, voicingQuestion)
	if err != nil {
		t.Fatal(err)
	}
	answer := decodeChat(t, reply{status: status, header: http.Header{"Content-Type": {"application/json; charset=utf-8"}}, body: body}).NaturalLanguageAnswer

	var peakHeap atomic.Uint64
	stopSampling := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		var ms runtime.MemStats
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > peakHeap.Load() {
				peakHeap.Store(ms.HeapInuse)
			}
			select {
			case <-stopSampling:
				return
			case <-tick.C:
			}
		}
	}()

	var next atomic.Int64
	var mu sync.Mutex
	counts := map[string]int{}
	var failures []string
	latencies := make([]time.Duration, loadRequests)
	start := time.Now()
	var wg sync.WaitGroup
	for range loadClients {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= loadRequests || ctx.Err() != nil {
					return
				}
				path := []string{chatPath, streamPath}[i%2]
				question := []string{voicingQuestion, arpeggioQuestion}[i/2%2]
				t0 := time.Now()
				status, body, err := loadPost(ctx, client, h.url+path, question)
				latencies[i] = time.Since(t0)
				kind := ""
				if err == nil {
					kind, err = loadOutcome(path, question, status, body, answer)
				}
				mu.Lock()
				if err != nil {
					failures = append(failures, fmt.Sprintf("%s %q: %v", path, question, err))
				} else {
					counts[path+" "+kind]++
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	close(stopSampling)
	<-sampled

	if ctx.Err() != nil {
		t.Fatalf("the load did not finish within %v", loadDeadline)
	}
	if len(failures) > 0 {
		t.Fatalf("%d responses are none of GA's, first: %s", len(failures), failures[0])
	}
	total := 0
	for _, n := range counts {
		total += n
	}
	if total != loadRequests || counts[chatPath+" answer"] == 0 || counts[streamPath+" answer"] == 0 {
		t.Fatalf("outcomes %v", counts)
	}
	slices.Sort(latencies)
	t.Logf("%d requests from %d clients in %v: %.0f requests/s, p50 %v, p99 %v, peak heap in use %.1f MiB, test process %s; outcomes %v",
		loadRequests, loadClients, elapsed.Round(time.Millisecond), float64(loadRequests)/elapsed.Seconds(),
		latencies[len(latencies)/2].Round(10*time.Microsecond), latencies[len(latencies)*99/100].Round(10*time.Microsecond),
		float64(peakHeap.Load())/(1<<20), peakRSS(), counts)

	// The host's idle level is what ran before it started plus its listener; once the clients
	// drop their connections, every connection's goroutine must end.
	transport.CloseIdleConnections()
	settle(t, func() bool { return runtime.NumGoroutine() <= idle+1 }, func() string {
		return fmt.Sprintf("%d goroutines, idle level %d", runtime.NumGoroutine(), idle+1)
	})
}

// peakRSS is the test process's VmHWM line from /proc, or "" where there is none.
func peakRSS() string {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return ""
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			return "VmHWM " + strings.TrimSpace(v)
		}
	}
	return ""
}

func loadPost(ctx context.Context, client *http.Client, url, question string) (int, []byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(`{"message":"`+question+`"}`))
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	return resp.StatusCode, body, err
}

// settle waits up to five seconds for cond, which goroutines that are ending need, and fails
// with what describe says when it never holds.
func settle(t *testing.T, cond func() bool, describe func() string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			t.Fatalf("%s; goroutines:\n%s", describe(), buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(10 * time.Millisecond)
	}
}
