package algebra

import (
	"strconv"
	"strings"
	"sync"
)

// Tables holds every set's prime form and interval-class vector, computed once, for the
// lessons that ask about hundreds of thousands of pairs of sets.
type Tables struct {
	prime [1 << 12]Set
	icv   [1 << 12]ICV
}

// ClassTables returns the tables, built on first use.
var ClassTables = sync.OnceValue(func() *Tables {
	t := &Tables{}
	for m := Set(0); m <= full; m++ {
		t.prime[m] = m.PrimeForm()
		t.icv[m] = m.IntervalClassVector()
	}
	return t
})

// Prime is s.PrimeForm().
func (t *Tables) Prime(s Set) Set { return t.prime[s&full] }

// ICV is s.IntervalClassVector().
func (t *Tables) ICV(s Set) ICV { return t.icv[s&full] }

// PrimeOf is s.PrimeForm() read from the tables.
func PrimeOf(s Set) Set { return ClassTables().Prime(s) }

// ICVOf is s.IntervalClassVector() read from the tables.
func ICVOf(s Set) ICV { return ClassTables().ICV(s) }

// Braced writes a set as GA's skills format a PitchClassSet: ascending pitch classes, comma
// separated, in braces, "{0,1,4}" (SetTheoryEquivalenceSkill.cs:245-246 @ c781df5c).
func (s Set) Braced() string {
	pcs := s.PitchClasses()
	parts := make([]string, len(pcs))
	for i, p := range pcs {
		parts[i] = strconv.Itoa(p)
	}
	return "{" + strings.Join(parts, ",") + "}"
}

// StoredForteSet is the set CanonicalForteCatalog.TryGetPrimeForm returns as it holds it, not
// normalised: the stored set for one to six pitch classes, the prime form of the stored
// complement for seven to eleven, the empty set and the aggregate for 0-1 and 12-1
// (CanonicalForteCatalog.cs:191-228 @ c781df5c).
func StoredForteSet(label string) (Set, bool) {
	if _, ok := PrimeFormOfLabel(label); !ok {
		return 0, false
	}
	upper := strings.ToUpper(label)
	if s, ok := forteCatalog().stored[upper]; ok {
		return s, true
	}
	return PrimeFormOfLabel(label)
}
