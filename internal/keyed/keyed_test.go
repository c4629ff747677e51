package keyed

import (
	"slices"
	"testing"
)

type item struct{ key, name string }

func itemKey(i item) string { return i.key }

var items = []item{{"a", "first"}, {"b", "second"}, {"c", "third"}}

// TestAllInTheOrderGiven: the keys pick their items in the order given, none picks every item,
// and an unknown key is refused with the keys there are.
func TestAllInTheOrderGiven(t *testing.T) {
	got, err := All(items, "item", []string{"c", "a"}, itemKey)
	if err != nil || !slices.Equal(Keys(got, itemKey), []string{"c", "a"}) {
		t.Errorf("c,a gives %v, %v", got, err)
	}
	if got, err := All(items, "item", nil, itemKey); err != nil || !slices.Equal(got, items) {
		t.Errorf("no keys gives %v, %v", got, err)
	}
	_, err = All(items, "item", []string{"a", "d"}, itemKey)
	if want := `unknown item "d"; the items are a, b, c`; err == nil || err.Error() != want {
		t.Errorf("an unknown key gives %v, want %s", err, want)
	}
	if x, err := Find(items, "item", "b", itemKey); err != nil || x.name != "second" {
		t.Errorf("b finds %v, %v", x, err)
	}
}
