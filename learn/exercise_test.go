package learn

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"course/internal/report"
)

// digits are the facts the test's claims are decided on: a number's decimal digits.
type digits []int

// digitClaims are claims about a number's digits, some true of 1234 and some false.
func digitClaims() []Claim[digits] {
	has := func(d int) func(digits) bool { return func(ds digits) bool { return slices.Contains(ds, d) } }
	var claims []Claim[digits]
	for d := range 7 {
		claims = append(claims, Claim[digits]{Text: fmt.Sprintf("it has the digit %d", d), Holds: has(d)})
	}
	return claims
}

// digitsOf is the facts of n, its digits written to w as the evidence.
func digitsOf(n int) func(context.Context, io.Writer) (digits, error) {
	return func(_ context.Context, w io.Writer) (digits, error) {
		var ds digits
		for _, r := range fmt.Sprint(n) {
			ds = append(ds, int(r-'0'))
		}
		_, err := fmt.Fprintf(w, "the digits of %d: %v\n", n, ds)
		return ds, err
	}
}

// TestChooseKeepsEachOptionWithItsClaim shuffles a choice exercise's claims: the letters the
// course accepts move with the claims, so that reordering the options cannot grade wrongly.
func TestChooseKeepsEachOptionWithItsClaim(t *testing.T) {
	claims := digitClaims()
	want := expectedTexts(t, Choose(digitsOf(1234), claims...))
	if strings.Join(want, "|") != "it has the digit 1|it has the digit 2|it has the digit 3|it has the digit 4" {
		t.Fatalf("the options that hold for 1234: %q", want)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		shuffled := append([]Claim[digits](nil), claims...)
		rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		e := Choose(digitsOf(1234), shuffled...)
		got := expectedTexts(t, e)
		if !sameSet(got, want) {
			t.Errorf("with the claims shuffled the options that hold are %q, want %q", got, want)
		}
		a, err := e.Solve(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		// The letters of the unshuffled exercise are refused once they no longer name the
		// same claims.
		letters, err := e.Expected(a)
		if err != nil {
			t.Fatal(err)
		}
		if v, err := e.Accept("b c d e", a); err != nil || v.OK != (letters == "b c d e") {
			t.Errorf("the unshuffled letters with the options %q: %+v, %v", e.Options, v, err)
		}
	}
	if got := expectedTexts(t, Choose(digitsOf(560), claims...)); strings.Join(got, "|") != "it has the digit 0|it has the digit 5|it has the digit 6" {
		t.Errorf("the options that hold for 560: %q", got)
	}
}

// expectedTexts solves e and returns the texts of the options the course's letters name.
func expectedTexts(t *testing.T, e *Exercise) []string {
	t.Helper()
	a, err := e.Solve(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	letters, err := e.Expected(a)
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, l := range strings.Fields(letters) {
		texts = append(texts, e.Options[l[0]-'a'])
	}
	return texts
}

func sameSet(a, b []string) bool {
	return slices.Equal(slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b)))
}

// TestSolveComputesOnceAndPrintsItsEvidence checks that Choose and Compute run their facts
// once per solve, and print what the facts wrote as the evidence.
func TestSolveComputesOnceAndPrintsItsEvidence(t *testing.T) {
	runs := 0
	count := func(f func(context.Context, io.Writer) (digits, error)) func(context.Context, io.Writer) (digits, error) {
		return func(ctx context.Context, w io.Writer) (digits, error) { runs++; return f(ctx, w) }
	}
	for _, e := range []*Exercise{
		Choose(count(digitsOf(42)), digitClaims()...),
		Compute(Numbers, func(ctx context.Context, w io.Writer) (string, error) {
			ds, err := count(digitsOf(42))(ctx, w)
			return fmt.Sprint(len(ds)), err
		}),
	} {
		runs = 0
		a, err := e.Solve(t.Context())
		if err != nil || runs != 1 {
			t.Fatalf("%s: solved with %d runs of the facts, %v", e.Kind, runs, err)
		}
		var b strings.Builder
		if err := a.Evidence(report.New(&b)); err != nil || b.String() != "the digits of 42: [4 2]\n" {
			t.Errorf("%s: evidence %q, %v", e.Kind, b.String(), err)
		}
	}
	failing := Choose(func(context.Context, io.Writer) (digits, error) { return nil, fmt.Errorf("no facts") }, digitClaims()...)
	if _, err := failing.Solve(t.Context()); err == nil || err.Error() != "no facts" {
		t.Errorf("a failing solve: %v", err)
	}
}

// TestNewLessonNamesByPlace checks that an exercise's name is its place in its lesson.
func TestNewLessonNamesByPlace(t *testing.T) {
	a, b := Compute(Text, nil), Choose(digitsOf(1), digitClaims()...)
	l := NewLesson("l9", a, b)
	if a.Name() != "l9.1" || b.Name() != "l9.2" {
		t.Errorf("named %s and %s, want l9.1 and l9.2", a.Name(), b.Name())
	}
	if e, err := l.Exercise(2); err != nil || e != b {
		t.Errorf("exercise 2: %v, %v", e, err)
	}
	NewLesson("l9", b, a)
	if a.Name() != "l9.2" || b.Name() != "l9.1" {
		t.Errorf("reordered, named %s and %s, want l9.2 and l9.1", a.Name(), b.Name())
	}
}
