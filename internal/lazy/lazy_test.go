package lazy

import (
	"testing"

	"github.com/dlclark/regexp2/v2"
)

func TestRegexpCompilesOnce(t *testing.T) {
	re := Regexp(`^a+$`)
	if !re().MatchString("aaa") || re().MatchString("b") {
		t.Fatal("the expression does not match as compiled")
	}
	if re() != re() {
		t.Fatal("the expression was compiled twice")
	}
	re2 := Regexp2(`(?<=x)A`, regexp2.IgnoreCase)
	if ok, err := re2().MatchString("xa"); !ok || err != nil {
		t.Fatalf("regexp2 expression: %v %v", ok, err)
	}
	if re2() != re2() {
		t.Fatal("the regexp2 expression was compiled twice")
	}
}

func TestBadPatternPanicsOnUse(t *testing.T) {
	re := Regexp(`(`) // building it must not panic; using it must
	defer func() {
		if recover() == nil {
			t.Fatal("a bad pattern compiled")
		}
	}()
	re()
}
