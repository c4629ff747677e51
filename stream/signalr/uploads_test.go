package signalr

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
)

// A hub method that takes the client's stream: each item the client sends comes back upper
// cased, and the invocation completes once the client completes its upload.
func TestUploads(t *testing.T) {
	echo := func(ctx context.Context, _ string, _ []json.RawMessage, yield func(any) error) error {
		ups := Uploads(ctx)
		if len(ups) != 1 {
			return errors.New("want one upload")
		}
		for m := range ups[0] {
			var s string
			_ = json.Unmarshal(m, &s)
			if err := yield(strings.ToUpper(s) + " from " + map[bool]string{true: "a connection", false: "nowhere"}[ConnectionID(ctx) != ""]); err != nil {
				return err
			}
		}
		return nil
	}
	url := serveHub(t, NewHub(echo, HubOptions{KeepOpen: true}))
	ctx := bounded(t)
	c, err := Dial(ctx, url, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Conn().CloseNow()
	s, up, err := c.StreamUploading(ctx, "Echo", map[string]any{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range []string{"one", "two"} {
		if err := up.Send(ctx, m); err != nil {
			t.Fatal(err)
		}
		item, err := s.Next(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var v string
		_ = json.Unmarshal(item, &v)
		got = append(got, v)
	}
	if err := up.Complete(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Next(ctx); !errors.Is(err, io.EOF) {
		t.Fatalf("after the upload's completion: %v, want the stream's Completion", err)
	}
	if want := "ONE from a connection,TWO from a connection"; strings.Join(got, ",") != want {
		t.Errorf("items %q, want %q", got, want)
	}
	// Without the upload the method fails, and says so in the Completion.
	s, err = c.Stream(ctx, "Echo")
	if err != nil {
		t.Fatal(err)
	}
	var he *HubError
	if _, err := s.Next(ctx); !errors.As(err, &he) || he.Message != "want one upload" {
		t.Errorf("a stream without its upload: %v", err)
	}
}

// Plain invocations reach the hub's methods, with the connection's id; an unknown target is
// answered with an error in its Completion.
func TestMethods(t *testing.T) {
	ids := make(chan string, 2)
	h := NewHub(Items("x"), HubOptions{KeepOpen: true, Methods: map[string]MethodFunc{
		"Note": func(ctx context.Context, args []json.RawMessage) (any, error) {
			ids <- ConnectionID(ctx)
			return len(args), nil
		},
	}})
	url := serveHub(t, h)
	ctx := bounded(t)
	var seen []string
	for range 2 {
		c, err := Dial(ctx, url, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Invoke(ctx, "Note", 1, 2); err != nil {
			t.Fatal(err)
		}
		rec, err := c.ReadRecord(ctx)
		if err != nil || rec.Type != TypeCompletion || string(rec.Result) != "2" {
			t.Fatalf("Note's answer: %+v, %v", rec, err)
		}
		if err := c.Invoke(ctx, "Missing"); err != nil {
			t.Fatal(err)
		}
		if rec, err := c.ReadRecord(ctx); err != nil || !strings.Contains(rec.Error, "no method Missing") {
			t.Fatalf("an unknown method's answer: %+v, %v", rec, err)
		}
		seen = append(seen, <-ids)
		_ = c.Close()
	}
	if seen[0] == "" || seen[0] == seen[1] {
		t.Errorf("connection ids %q: each connection has its own", seen)
	}
}
