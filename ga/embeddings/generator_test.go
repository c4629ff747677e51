package embeddings

import (
	"math"
	"slices"
	"testing"

	"course/ga/voicinganalysis"
)

func TestParseIcvFormats(t *testing.T) {
	for _, c := range []struct {
		in   string
		want [6]int
	}{
		{"<0 0 1 1 1 0>", [6]int{0, 0, 1, 1, 1, 0}},
		{"001110", [6]int{0, 0, 1, 1, 1, 0}},
		{"<10 10 10 10 10 5>", [6]int{9, 9, 9, 9, 9, 5}}, // capped at 9
		{"", [6]int{}},
		{"<0,0,1,1,1,0>", [6]int{}}, // commas are not read
	} {
		if got := ParseIcv(c.in); got != c.want {
			t.Errorf("%q: got %v, want %v", c.in, got, c.want)
		}
	}
}

// TestStructureIsNotTranspositionInvariant: the chroma moves with a transposition, the
// interval-class slots do not.
func TestStructureIsNotTranspositionInvariant(t *testing.T) {
	c := StructureVector([]int{0, 4, 7}, true, "<0 0 1 1 1 0>")
	db := StructureVector([]int{1, 5, 8}, true, "<0 0 1 1 1 0>")
	if got := Cosine(c, db); math.Abs(got-5.944444/8.944444) > 1e-6 {
		t.Errorf("cosine %v", got)
	}
	if got := Cosine(c[12:19], db[12:19]); math.Abs(got-1) > 1e-12 {
		t.Errorf("ICV slots cosine %v", got)
	}
	if StructureVector([]int{0, 4, 7}, false, "<0 0 1 1 1 0>")[22] != 0 || c[22] != 1 {
		t.Error("slot 22 does not follow the root")
	}
}

// TestCompactDotIsTheWeightedScore: dot(ExtractCompact(a), ExtractCompact(b)) equals
// WeightedPartitionCosine(a, b), and an all-zero partition adds nothing to either.
func TestCompactDotIsTheWeightedScore(t *testing.T) {
	ps := Partitions()
	a, b := make([]float64, TotalDimension), make([]float64, TotalDimension)
	for i := range a {
		a[i] = math.Sin(float64(i))
		b[i] = math.Cos(float64(i) / 3)
	}
	for i := 228; i < 240; i++ {
		a[i] = 0 // ROOT all zeros in a
	}
	w := WeightedPartitionCosine(a, b, ps)
	d := Dot(ExtractCompact(a, ps), ExtractCompact(b, ps))
	if math.IsNaN(w) || math.Abs(w-d) > 1e-6 {
		t.Errorf("weighted %v, compact dot %v", w, d)
	}
	if self := WeightedPartitionCosine(b, b, ps); math.Abs(self-1.15) > 1e-6 {
		t.Errorf("b with itself: %v", self)
	}
}

func TestSchemaHash(t *testing.T) {
	layout := CompactLayoutV4(Partitions())
	if layout != "optk-v4-pp-r:STRUCTURE:0-23,MORPHOLOGY:24-47,CONTEXT:48-59,SYMBOLIC:60-71,MODAL:72-111,ROOT:112-123" {
		t.Errorf("layout %q", layout)
	}
	if h := SchemaHashV4(layout); h != 0x37CD8ECF {
		t.Errorf("hash %08X", h)
	}
}

// TestModalVector: relative to E (the open C document's root), C major is {0, 3, 8}: inside
// Aeolian, which has no characteristic interval (3 of its 7), and inside Lydian augmented #2,
// whose characteristic #2, #4 and #5 it holds two of. Relative to C, it fills Ionian's triad and
// the major pentatonic's.
func TestModalVector(t *testing.T) {
	v := ModalVector([]int{0, 4, 7}, 4)
	var lit []string
	for i, x := range v {
		if x != 0 {
			lit = append(lit, ModalSlotName(109+i))
		}
	}
	if !slices.Equal(lit, []string{"Aeolian", "LydianAugmentedSharp2"}) || math.Abs(v[5]-3.0/7) > 1e-12 || math.Abs(v[26]-2.0/3) > 1e-12 {
		t.Errorf("slots %v: %v", lit, v)
	}
	// D F A B relative to D is {0, 3, 7, 9}: a minor triad and Dorian's one characteristic
	// interval, the major sixth.
	v = ModalVector([]int{2, 5, 9, 11}, 2)
	if v[1] != 1 { // Dorian: the one characteristic interval, 9, is there
		t.Errorf("Dorian slot %v", v[1])
	}
	if v[0] != 0 || v[5] != 0 { // Ionian lacks the minor third, Aeolian the major sixth
		t.Errorf("Ionian %v, Aeolian %v", v[0], v[5])
	}
	// "Locrian ♮6" is not a name GA's service knows: its slot stays 0 even for the whole mode.
	if v := ModalVector([]int{11, 0, 2, 4, 5, 8, 9}, 11); v[8] != 0 {
		t.Errorf("Locrian ♮6 slot %v", v[8])
	}
}

// TestGenerateOpenC: open C's vector slot by slot where GA's quirks show: the document's root is
// string 1's E, its consonance 0 (so the tension is 1), and the symbolic bits come from the tags.
func TestGenerateOpenC(t *testing.T) {
	v := voicinganalysis.Voicing{Frets: []int{0, 1, 0, 2, 3, voicinganalysis.Muted}, Notes: []int{64, 60, 55, 52, 48}}
	a, err := voicinganalysis.Analyze(v)
	if err != nil {
		t.Fatal(err)
	}
	doc := DocumentFromAnalysis(v, a)
	if doc.RootPitchClass != 4 || doc.Inversion != 1 || doc.Consonance != 0 || doc.Brightness != 1 {
		t.Errorf("document %+v", doc)
	}
	e := Generate(doc)
	if e[54+4] != 1 || e[228+4] != 1 || e[30+4] != 1 {
		t.Errorf("tension %v, ROOT E %v, bass E %v", e[58], e[232], e[34])
	}
	var bits []int
	for i := range 12 {
		if e[66+i] != 0 {
			bits = append(bits, i)
		}
	}
	if !slices.Equal(bits, []int{0, 1, 9, 11}) {
		t.Errorf("symbolic bits %v", bits)
	}
	for i, x := range e {
		if x != float64(float32(x)) {
			t.Fatalf("slot %d is not a float: %v", i, x)
		}
	}
}

func TestSymbolicBitIndex(t *testing.T) {
	for tag, want := range map[string]int{"rootless": 0, "register:mid": 1, "drop-2": 9, "major": 11, "Drop 2 Voicings": 9} {
		if got, ok := BitIndex(tag); !ok || got != want {
			t.Errorf("%s: got %d %v, want %d", tag, got, ok, want)
		}
	}
	if _, ok := BitIndex("consonant"); ok {
		t.Error("consonant has a bit")
	}
}

// TestCatalogueNames: looked up by the catalogue's names, the eight slots the pin leaves at 0
// find their modes, the whole mode fills its slot, and "Diminished" still finds none.
func TestCatalogueNames(t *testing.T) {
	locrianNatural6 := []int{11, 0, 2, 4, 5, 8, 9}
	pin := ModalVectorWith(locrianNatural6, 11, ModalOptions{})
	main := ModalVectorWith(locrianNatural6, 11, ModalOptions{CatalogueNames: true})
	if pin[8] != 0 || main[8] != 1 {
		t.Errorf("Locrian ♮6 slot: pin %v, main %v", pin[8], main[8])
	}
	if main[7] != 0 { // harmonic minor from B holds intervals Locrian ♮6 lacks
		t.Errorf("Harmonic minor slot %v", main[7])
	}
	resolved := 0
	for _, m := range catalogueSlotModes() {
		if m != nil {
			resolved++
		}
	}
	unresolvedAtPin := 0
	for _, m := range slotModes() {
		if m == nil {
			unresolvedAtPin++
		}
	}
	if unresolvedAtPin != 9 || resolved != len(modalSlotModes)-1 || catalogueSlotModes()[32] != nil {
		t.Errorf("pin leaves %d slots unresolved, the catalogue resolves %d of %d", unresolvedAtPin, resolved, len(modalSlotModes))
	}
}

// TestChordRootDocument: with main's document factory, open C's root is C, the analysed chord's,
// and its bass the lowest note, C3; the pin takes both from string 1's E4, and the MODAL and ROOT
// partitions move with the root.
func TestChordRootDocument(t *testing.T) {
	v := voicinganalysis.Voicing{Frets: []int{0, 1, 0, 2, 3, voicinganalysis.Muted}, Notes: []int{64, 60, 55, 52, 48}}
	a, err := voicinganalysis.Analyze(v)
	if err != nil {
		t.Fatal(err)
	}
	pin := DocumentFromAnalysisWith(v, a, DocumentOptions{})
	main := DocumentFromAnalysisWith(v, a, DocumentOptions{ChordRoot: true})
	if pin.RootPitchClass != 4 || pin.MidiBassNote != 64 || main.RootPitchClass != 0 || main.MidiBassNote != 48 {
		t.Errorf("root, bass: pin %d %d, main %d %d", pin.RootPitchClass, pin.MidiBassNote, main.RootPitchClass, main.MidiBassNote)
	}
	if pin.Inversion != 1 || main.Inversion != 0 { // E over C is a third; C over C the root
		t.Errorf("inversion: pin %d, main %d", pin.Inversion, main.Inversion)
	}
	ep, em := Generate(pin), Generate(main)
	root := partition("ROOT")
	if ep[root.Start+4] != 1 || em[root.Start] != 1 || em[root.Start+4] != 0 {
		t.Errorf("ROOT: pin %v, main %v", ep.Slice(root), em.Slice(root))
	}
	modal := partition("MODAL")
	if slices.Equal(ep.Slice(modal), em.Slice(modal)) {
		t.Error("MODAL does not move with the root")
	}
}
