package sse

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// conformanceFile holds specCases as data, so readers outside this package (the peers the
// bench module measures) can be run on the same cases.
const conformanceFile = "testdata/conformance.json"

// conformanceCase is one spec case as the file stores it; the stream is base64, as it holds
// ill-formed UTF-8.
type conformanceCase struct {
	Name     string             `json:"name"`
	Stream   []byte             `json:"stream"`
	Events   []conformanceEvent `json:"events"`
	RetryMS  int64              `json:"retryMs"`
	HasRetry bool               `json:"hasRetry"`
}

type conformanceEvent struct {
	Type        string `json:"type"`
	Data        string `json:"data"`
	LastEventID string `json:"lastEventId"`
}

// TestConformanceFile checks that the committed file is specCases; COURSE_UPDATE=1 rewrites it.
func TestConformanceFile(t *testing.T) {
	cases := make([]conformanceCase, 0, len(specCases))
	for _, tc := range specCases {
		c := conformanceCase{Name: tc.name, Stream: []byte(tc.in), Events: []conformanceEvent{}, RetryMS: tc.retry.Milliseconds(), HasRetry: tc.hasRetry}
		for _, ev := range tc.want {
			c.Events = append(c.Events, conformanceEvent{ev.Type, ev.Data, ev.LastEventID})
		}
		cases = append(cases, c)
	}
	want, err := json.MarshalIndent(cases, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	want = append(want, '\n')
	if os.Getenv("COURSE_UPDATE") == "1" {
		if err := os.WriteFile(filepath.FromSlash(conformanceFile), want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(filepath.FromSlash(conformanceFile))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is not specCases; rewrite it with COURSE_UPDATE=1 go test ./sse -run TestConformanceFile", conformanceFile)
	}
}
