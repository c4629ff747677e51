package l2

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"course/ga/embeddings"
	"course/lessons/kit"
)

// runOn runs the lesson on the given shapes and partition registry.
func runOn(t *testing.T, shapes []string, partitions []embeddings.Partition) string {
	t.Helper()
	var out bytes.Buffer
	if err := runLesson(context.Background(), &out, shapes, partitions); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// line returns the output line that starts with prefix.
func line(t *testing.T, out, prefix string) string {
	t.Helper()
	for l := range strings.SplitSeq(out, "\n") {
		if strings.HasPrefix(l, prefix) {
			return l
		}
	}
	t.Fatalf("no line starts with %q in:\n%s", prefix, out)
	return ""
}

// TestAnotherShapeMovesItsDocument swaps open Am for open A major (x02220): GA names it "A",
// its pitch classes gain C# (1) and lose C (0), and the string-1 note, E, is still the
// document's root, a fifth above A, so the inversion stays 2.
func TestAnotherShapeMovesItsDocument(t *testing.T) {
	shapes := append([]string(nil), shapes...)
	base := runOn(t, shapes, embeddings.Partitions())
	if got := line(t, base, "x02210"); !strings.Contains(got, " Am ") || !strings.Contains(got, " 0 4 9 ") {
		t.Fatalf("open Am's row: %q", got)
	}
	shapes[4] = "x02220"
	out := runOn(t, shapes, embeddings.Partitions())
	want := "x02220  0-2-2-2-0-x  A             1 4 9    64 61 57 52 45  4 E      2     yes  Functional Harmony"
	if got := line(t, out, "x02220 "); got != want {
		t.Errorf("A major's row\n got %q\nwant %q", got, want)
	}
	if strings.Contains(out, "x32010 x02210") || !strings.Contains(out, "x32010 x02220") {
		t.Error("the cosine table does not compare open C with the new shape")
	}
}

// TestDocumentRootIsStringOne moves open C's top note from E to G (x32013): the chord is still
// C, but VoicingDocumentFactory takes the first MIDI note, string 1's, as the root, so the
// document's root becomes 7 G and the inversion 2, and the ROOT partition's one-hot moves with it.
func TestDocumentRootIsStringOne(t *testing.T) {
	out := runOn(t, []string{"x32013", "x32010"}, embeddings.Partitions())
	row := line(t, out, "x32013 ")
	if !strings.Contains(row, " C ") || !strings.Contains(row, "7 G      2 ") {
		t.Errorf("x32013's row: %q", row)
	}
	if got := line(t, out, "ROOT           1/12"); !strings.HasSuffix(got, "0 0 0 0 0 0 0 1 0 0 0 0") {
		t.Errorf("ROOT partition: %q", got)
	}
	// Against open C, the roots differ: the ROOT cosine is 0.
	if got := line(t, out, "x32013 x32010"); !strings.Contains(got, "  0.000  ") {
		t.Errorf("pair row: %q", got)
	}
}

// TestPartitionWeightMovesTheScore doubles MODAL's weight: open C with itself scores the sum
// of the similarity weights, 1.25 instead of 1.15, and the compact dot product follows the
// weighted score, as ExtractCompact scales each partition by the square root of its weight.
func TestPartitionWeightMovesTheScore(t *testing.T) {
	ps := embeddings.Partitions()
	for i := range ps {
		if ps[i].Name == "MODAL" {
			ps[i].Weight = 0.20
		}
	}
	out := runOn(t, shapes, ps)
	if got := line(t, out, "open C with itself"); got != "open C with itself: 1.250" {
		t.Errorf("got %q", got)
	}
	if got := line(t, out, "sum of weights"); !strings.HasSuffix(got, " 1.25") {
		t.Errorf("got %q", got)
	}
	// x32010 against 032010: MODAL's cosine is 1, so its 0.10 more lifts the score from 1.124
	// to 1.224, the compact dot product with it.
	row := line(t, out, "x32010 032010")
	if f := strings.Fields(row); f[len(f)-2] != "1.224" || f[len(f)-1] != "1.224" {
		t.Errorf("x32010 032010: %q", row)
	}
}

// TestRootOutOfTheSearch turns ROOT into an Info partition: the compact layout loses it, its
// CRC-32 changes, the compact dimension drops to 112, and open C with itself scores 1.10.
func TestRootOutOfTheSearch(t *testing.T) {
	ps := embeddings.Partitions()
	ps[len(ps)-1].Role = embeddings.Info
	ps[len(ps)-1].Weight = 0
	out := runOn(t, shapes, ps)
	if got := line(t, out, "CompactLayoutV4"); strings.Contains(got, "ROOT") || !strings.HasSuffix(got, "MODAL:72-111") {
		t.Errorf("got %q", got)
	}
	if got := line(t, out, "CompactDimension"); !strings.HasSuffix(got, " 112") {
		t.Errorf("got %q", got)
	}
	if got := line(t, out, "SchemaHashV4"); strings.HasSuffix(got, "0x37CD8ECF") {
		t.Errorf("the hash did not move: %q", got)
	}
	if got := line(t, out, "open C with itself"); got != "open C with itself: 1.100" {
		t.Errorf("got %q", got)
	}
}

// TestBadShape gets a clear error for a shape that is not six strings of frets.
func TestBadShape(t *testing.T) {
	for _, shape := range []string{"x3201", "x3201y"} {
		var out bytes.Buffer
		err := runLesson(context.Background(), &out, []string{shape}, embeddings.Partitions())
		if err == nil || !strings.Contains(err.Error(), shape) {
			t.Errorf("%s: error %v", shape, err)
		}
	}
}

// TestFormats: the original program never writes a negative zero.
func TestFormats(t *testing.T) {
	if got := kit.Fixed(-0.0001); got != "0.000" {
		t.Errorf("l2Fixed(-0.0001) = %q", got)
	}
	if got := kit.Float(-0.0001); got != "0" {
		t.Errorf("l2Float(-0.0001) = %q", got)
	}
	if got := kit.Float(-0.5); got != "-0.5" {
		t.Errorf("l2Float(-0.5) = %q", got)
	}
}
