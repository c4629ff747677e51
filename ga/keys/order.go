package keys

import (
	"slices"
	"sync"
)

// ItemsSharpsFirst is Items with each mode's keys in the other order, from seven sharps to
// seven flats: not GA's order, the course's question of what GA's order decides.
func ItemsSharpsFirst() []Key {
	items := Items()
	slices.SortStableFunc(items, func(a, b Key) int {
		if a.Minor != b.Minor {
			return boolFirst(!a.Minor)
		}
		return b.Signature - a.Signature
	})
	return items
}

// allKeysSharpsFirst is allKeys over ItemsSharpsFirst.
var allKeysSharpsFirst = sync.OnceValue(func() []keyData { return buildKeys(ItemsSharpsFirst()) })

// keyTable is the keys the service scores, in its order.
func (s Service) keyTable() []keyData {
	if s.SharpsFirst {
		return allKeysSharpsFirst()
	}
	return allKeys()
}
