package algebra

import (
	"strconv"
	"strings"
	"sync"
)

// forteTable is CanonicalForteCatalog.CoreData: Forte's set classes of one to six pitch classes,
// each with the set GA stores for it in compact notation (T = 10). GA stores its own prime form,
// Rahn's, which for 5-20, 6-Z29 and 6-31 differs from the one Forte printed (01378, 013689,
// 013589) (CanonicalForteCatalog.cs:25-162 @ c781df5c).
const forteTable = `
1-1 0
2-1 01 2-2 02 2-3 03 2-4 04 2-5 05 2-6 06
3-1 012 3-2 013 3-3 014 3-4 015 3-5 016 3-6 024 3-7 025 3-8 026 3-9 027 3-10 036 3-11 037 3-12 048
4-1 0123 4-2 0124 4-3 0134 4-4 0125 4-5 0126 4-6 0127 4-7 0145 4-8 0156 4-9 0167 4-10 0235
4-11 0135 4-12 0236 4-13 0136 4-14 0237 4-Z15 0146 4-16 0157 4-17 0347 4-18 0147 4-19 0148
4-20 0158 4-21 0246 4-22 0247 4-23 0257 4-24 0248 4-25 0268 4-26 0358 4-27 0258 4-28 0369
4-Z29 0137
5-1 01234 5-2 01235 5-3 01245 5-4 01236 5-5 01237 5-6 01256 5-7 01267 5-8 02346 5-9 01246
5-10 01346 5-11 02347 5-Z12 01356 5-13 01248 5-14 01257 5-15 01268 5-16 01347 5-Z17 01348
5-Z18 01457 5-19 01367 5-20 01568 5-21 01458 5-22 01478 5-23 02357 5-24 01357 5-25 02358
5-26 02458 5-27 01358 5-28 02368 5-29 01368 5-30 01468 5-31 01369 5-32 01469 5-33 02468
5-34 02469 5-35 02479 5-Z36 01247 5-Z37 03458 5-Z38 01258
6-1 012345 6-2 012346 6-Z3 012356 6-Z4 012456 6-5 012367 6-Z6 012567 6-7 012678 6-8 023457
6-9 012357 6-Z10 013457 6-Z11 012457 6-Z12 012467 6-Z13 013467 6-14 013458 6-15 012458
6-16 014568 6-Z17 012478 6-18 012578 6-Z19 013478 6-20 014589 6-21 023468 6-22 012468
6-Z23 023568 6-Z24 013468 6-Z25 013568 6-Z26 013578 6-27 013469 6-Z28 013569 6-Z29 023679
6-30 013679 6-31 014579 6-32 024579 6-33 023579 6-34 013579 6-35 02468T 6-Z36 012347
6-Z37 012348 6-Z38 012378 6-Z39 023458 6-Z40 012358 6-Z41 012368 6-Z42 012369 6-Z43 012568
6-Z44 012569 6-Z45 023469 6-Z46 012469 6-Z47 012479 6-Z48 012579 6-Z49 013479 6-Z50 014679
`

// ForteSource is the catalogue's name for its labels, the forte-lookup answer's "catalog" fact.
const ForteSource = "forte-1973"

// catalog holds the stored labels both ways, and each label's set as the table writes it.
type catalog struct {
	byLabel map[string]Set
	byPrime map[Set]string
	stored  map[string]Set
}

var forteCatalog = sync.OnceValue(func() catalog {
	c := catalog{byLabel: map[string]Set{}, byPrime: map[Set]string{}, stored: map[string]Set{}}
	fields := strings.Fields(forteTable)
	for i := 0; i+1 < len(fields); i += 2 {
		var s Set
		for _, r := range fields[i+1] {
			pc, _ := pitchClassOf(r)
			s |= 1 << pc
		}
		p := s.PrimeForm()
		c.stored[fields[i]] = s
		c.byLabel[fields[i]] = p
		c.byPrime[p] = fields[i]
	}
	return c
})

// ForteLabel is CanonicalForteCatalog.TryGetForteLabel: the stored label of the set's class for
// one to six pitch classes, the label of the complement's class renamed to the set's cardinality
// for seven to eleven, and 12-1 for the aggregate (CanonicalForteCatalog.cs:165-190).
func ForteLabel(s Set) (string, bool) {
	n := s.Len()
	switch {
	case n == 0:
		return "0-1", true
	case n == 12:
		return "12-1", true
	case n <= 6:
		label, ok := forteCatalog().byPrime[s.PrimeForm()]
		return label, ok
	}
	label, ok := forteCatalog().byPrime[s.Complement().PrimeForm()]
	if !ok {
		return "", false
	}
	_, index, _ := strings.Cut(label, "-")
	return strconv.Itoa(n) + "-" + index, true
}

// PrimeFormOfLabel is CanonicalForteCatalog.TryGetPrimeForm: the label is upper-cased; 0-1 and
// 12-1 are the empty set and the aggregate, one to six pitch classes are looked up as written (Z
// included), and seven to eleven through the complement of (12-n)-index
// (CanonicalForteCatalog.cs:191-228).
func PrimeFormOfLabel(label string) (Set, bool) {
	label = strings.ToUpper(label)
	card, index, ok := strings.Cut(label, "-")
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(card)
	if err != nil {
		return 0, false
	}
	switch {
	case n == 0 || n == 12:
		if index != "1" {
			return 0, false
		}
		if n == 0 {
			return 0, true
		}
		return full, true
	case n >= 1 && n <= 6:
		s, ok := forteCatalog().byLabel[label]
		return s, ok
	case n >= 7 && n <= 11:
		s, ok := forteCatalog().byLabel[strconv.Itoa(12-n)+"-"+index]
		if !ok {
			return 0, false
		}
		return s.Complement().PrimeForm(), true
	}
	return 0, false
}
