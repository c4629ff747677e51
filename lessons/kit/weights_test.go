package kit

import (
	"strings"
	"testing"

	"course/ga/embeddings"
)

// TestWithWeight: the partition named, in any case, gets the weight in a copy; a partition
// that is not scored, or none of that name, is refused; a weight below 0 or not a number is.
func TestWithWeight(t *testing.T) {
	ga := embeddings.Partitions()
	out, err := WithWeight(ga, " symbolic", 0.5)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range out {
		want := ga[i].Weight
		if p.Name == "SYMBOLIC" {
			want = 0.5
		}
		if p.Weight != want {
			t.Errorf("%s weighs %v, want %v", p.Name, p.Weight, want)
		}
	}
	for _, p := range ga {
		if p.Name == "SYMBOLIC" && p.Weight == 0.5 {
			t.Error("WithWeight changed GA's partitions")
		}
	}
	var unscored string
	for _, p := range ga {
		if p.Role != embeddings.Similarity {
			unscored = p.Name
			break
		}
	}
	if _, err := WithWeight(ga, unscored, 1); err == nil || !strings.Contains(err.Error(), "not scored") {
		t.Errorf("%s: %v", unscored, err)
	}
	if _, err := WithWeight(ga, "TIMBRE", 1); err == nil || err.Error() != `no partition "TIMBRE"` {
		t.Errorf("TIMBRE: %v", err)
	}
	for _, s := range []string{"-1", "heavy", "NaN", "+Inf", ""} {
		if _, err := ParseWeight(s); err == nil {
			t.Errorf("ParseWeight(%q) accepted", s)
		}
	}
	if w, err := ParseWeight(" 0.25"); err != nil || w != 0.25 {
		t.Errorf("ParseWeight(\" 0.25\") = %v, %v", w, err)
	}
}
