package gahost

import (
	"math"
	"strconv"
	"strings"

	"course/internal/dotnet"
)

// Escaping selects one of System.Text.Json's two escapings on GA's wire (see dotnet.Escaping).
type Escaping = dotnet.Escaping

const (
	// Relaxed is JavaScriptEncoder.UnsafeRelaxedJsonEscaping, which MVC's output formatter uses
	// for /chat and problem bodies.
	Relaxed = dotnet.Relaxed
	// Strict is System.Text.Json's default encoder, used for the SSE routing and error events.
	Strict = dotnet.Strict
)

// Field is one member of an Object.
type Field struct {
	// Key is the member's name, written as a JSON string with the object's escaping.
	Key string
	// Value is the member's value, one of the types MarshalJSON supports.
	Value any
}

// Object is a JSON object that keeps its members in insertion order, as C# records and
// Dictionary<string, object> do when System.Text.Json writes them.
type Object []Field

// MarshalJSON writes v compactly with the given escaping. Supported values: nil, bool, string,
// int, int64, float32, float64, Object, []any, []string, []Object and *Object.
func MarshalJSON(v any, esc Escaping) []byte {
	return appendValue(nil, v, esc)
}

func appendValue(b []byte, v any, esc Escaping) []byte {
	switch x := v.(type) {
	case nil:
		return append(b, "null"...)
	case bool:
		return strconv.AppendBool(b, x)
	case string:
		return dotnet.AppendString(b, x, esc)
	case int:
		return strconv.AppendInt(b, int64(x), 10)
	case int64:
		return strconv.AppendInt(b, x, 10)
	case float32:
		return append(b, FormatFloat32(x)...)
	case float64:
		return append(b, FormatFloat64(x)...)
	case Object:
		b = append(b, '{')
		for i, f := range x {
			if i > 0 {
				b = append(b, ',')
			}
			b = dotnet.AppendString(b, f.Key, esc)
			b = append(b, ':')
			b = appendValue(b, f.Value, esc)
		}
		return append(b, '}')
	case *Object:
		if x == nil {
			return append(b, "null"...)
		}
		return appendValue(b, *x, esc)
	case []any:
		return appendArray(b, x, esc)
	case []string:
		return appendArray(b, x, esc)
	case []Object:
		return appendArray(b, x, esc)
	}
	panic("gahost: json: unsupported value type")
}

func appendArray[T any](b []byte, xs []T, esc Escaping) []byte {
	b = append(b, '[')
	for i, e := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendValue(b, e, esc)
	}
	return append(b, ']')
}

// FormatFloat32 writes a C# float as System.Text.Json does: the shortest text that round-trips,
// switching to E notation (1E+09, 1E-05) where .NET's "R" format does.
func FormatFloat32(f float32) string {
	return formatFloat(float64(f), 32, 9)
}

// FormatFloat64 writes a C# double as System.Text.Json does (E notation from 1E+15 and 1E-05).
func FormatFloat64(f float64) string {
	return formatFloat(f, 64, 15)
}

func formatFloat(f float64, bits, precision int) string {
	switch {
	case math.IsNaN(f):
		return `"NaN"`
	case math.IsInf(f, 1):
		return `"Infinity"`
	case math.IsInf(f, -1):
		return `"-Infinity"`
	case f == 0:
		return "0"
	}
	e := strconv.FormatFloat(f, 'e', -1, bits)
	mant, expText, _ := strings.Cut(e, "e")
	exp, _ := strconv.Atoi(expText)
	digits := strings.Count(mant, "") - 1 - strings.Count(mant, ".") - strings.Count(mant, "-")
	// Number.Formatting's "G" rule: fixed point while the decimal point falls within
	// max(digits, precision) places and no further than 3 zeros after it.
	if digPos := exp + 1; digPos >= -3 && digPos <= max(digits, precision) {
		return strconv.FormatFloat(f, 'f', -1, bits)
	}
	sign := "+"
	if exp < 0 {
		sign, exp = "-", -exp
	}
	expDigits := strconv.Itoa(exp)
	if len(expDigits) < 2 {
		expDigits = "0" + expDigits
	}
	return mant + "E" + sign + expDigits
}
