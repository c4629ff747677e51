package bench

import (
	"encoding/json"
	"io"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	peer "github.com/tmaxmax/go-sse"
)

// conformanceCase is one case of the sse package's conformance file.
type conformanceCase struct {
	Name     string  `json:"name"`
	Stream   []byte  `json:"stream"`
	Events   []event `json:"events"`
	RetryMS  int64   `json:"retryMs"`
	HasRetry bool    `json:"hasRetry"`
}

type event struct {
	Type        string `json:"type"`
	Data        string `json:"data"`
	LastEventID string `json:"lastEventId"`
}

func loadCases(t *testing.T) []conformanceCase {
	t.Helper()
	raw, err := os.ReadFile("../stream/sse/testdata/conformance.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []conformanceCase
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	return cases
}

// readPeer runs go-sse's Read over stream. Read leaves the type of an unnamed event empty where
// a browser says "message", by design, so that one difference is mapped away here.
func readPeer(src io.Reader) ([]event, error) {
	events := []event{}
	for ev, err := range peer.Read(src, nil) {
		if err != nil {
			return events, err
		}
		if ev.Type == "" {
			ev.Type = "message"
		}
		events = append(events, event{ev.Type, ev.Data, ev.LastEventID})
	}
	return events, nil
}

// peerDiffers names the conformance cases where go-sse's Read gives other events than the
// standard, as docs/sse-peers.md describes; Read exposes no retry, so retry is not compared.
var peerDiffers = []string{
	"utf-8: one U+FFFD per maximal ill-formed subpart",
	"utf-8: truncated sequence before line end is one U+FFFD",
	"utf-8: ill-formed bytes in event and id values",
	"id: an empty value resets it",
	"id: set by an event with no data",
	"dispatch: empty data dispatches nothing",
	"dispatch: empty data still resets the type",
}

// TestPeerConformance runs the conformance cases through go-sse, whole and one byte per read,
// and checks that it departs from the standard on exactly the cases peerDiffers lists.
func TestPeerConformance(t *testing.T) {
	var differs []string
	for _, c := range loadCases(t) {
		for mode, src := range map[string]io.Reader{
			"whole":    strings.NewReader(string(c.Stream)),
			"one byte": iotest.OneByteReader(strings.NewReader(string(c.Stream))),
		} {
			got, err := readPeer(src)
			if err != nil || !reflect.DeepEqual(got, c.Events) {
				t.Logf("%s (%s): %q\n got %q, %v\nwant %q", c.Name, mode, c.Stream, got, err, c.Events)
				differs = append(differs, c.Name)
			}
		}
	}
	differs = slices.Compact(differs)
	if !slices.Equal(differs, peerDiffers) {
		t.Errorf("go-sse differs on %q,\nwant %q", differs, peerDiffers)
	}
}

// TestPeerDefaultEventSize shows go-sse's default limit: without a ReadConfig, an event of more
// than 64 KiB ends the read with an error, where the course's reader takes up to sse.DefaultLimit.
func TestPeerDefaultEventSize(t *testing.T) {
	stream := "data: " + strings.Repeat("x", 100<<10) + "\n\n"
	if _, err := readPeer(strings.NewReader(stream)); err == nil {
		t.Fatal("go-sse read a 100 KiB event with its default configuration")
	}
	for ev, err := range peer.Read(strings.NewReader(stream), peerConfig) {
		if err != nil || len(ev.Data) != 100<<10 {
			t.Fatalf("go-sse with MaxEventSize %d: %d bytes, %v", peerConfig.MaxEventSize, len(ev.Data), err)
		}
	}
}
