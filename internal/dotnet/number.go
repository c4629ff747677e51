package dotnet

import (
	"strconv"
	"strings"
)

// FormatDouble is double.ToString with a custom format of decimals places, "0.000" (optional
// false) or "0.##" (optional true), in the invariant culture: .NET first cuts the number to 15
// significant digits, then rounds them half away from zero. A negative number that rounds to
// zero keeps its sign, "-0.000".
func FormatDouble(v float64, decimals int, optional bool) string {
	return format(v, 15, decimals, optional)
}

// FormatSingle is float.ToString with the same formats: a float is first cut to 7 significant
// digits.
func FormatSingle(v float32, decimals int, optional bool) string {
	return format(float64(v), 7, decimals, optional)
}

// format rounds v's precision significant digits to decimals places, half away from zero,
// trimming trailing zeros when optional.
func format(v float64, precision, decimals int, optional bool) string {
	e := strconv.FormatFloat(v, 'e', precision-1, 64) // "-d.ddddde±xx"
	neg := strings.HasPrefix(e, "-")
	e = strings.TrimPrefix(e, "-")
	mant, expText, _ := strings.Cut(e, "e")
	exp, _ := strconv.Atoi(expText)
	digits := strings.Replace(mant, ".", "", 1)
	// the digits stand for 0.digits × 10^(exp+1); keep those down to 10^-decimals
	point := exp + 1
	keep := point + decimals
	var kept []byte
	switch {
	case keep < 0:
		kept = nil
	case keep >= len(digits):
		kept = []byte(digits + strings.Repeat("0", keep-len(digits)))
	default:
		kept = []byte(digits[:keep])
		if digits[keep] >= '5' {
			i := len(kept) - 1
			for ; i >= 0 && kept[i] == '9'; i-- {
				kept[i] = '0'
			}
			if i < 0 {
				kept = append([]byte{'1'}, kept...)
				point++
			} else {
				kept[i]++
			}
		}
	}
	// kept holds the digits from 10^(point-1) down to 10^-decimals
	intLen := len(kept) - decimals
	var intPart, frac string
	if intLen <= 0 {
		intPart = "0"
		frac = strings.Repeat("0", -intLen) + string(kept)
	} else {
		intPart = strings.TrimLeft(string(kept[:intLen]), "0")
		if intPart == "" {
			intPart = "0"
		}
		frac = string(kept[intLen:])
	}
	if optional {
		frac = strings.TrimRight(frac, "0")
	}
	s := intPart
	if frac != "" {
		s += "." + frac
	}
	if neg {
		s = "-" + s
	}
	return s
}
