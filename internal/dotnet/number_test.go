package dotnet

import "testing"

func TestFormatNumbers(t *testing.T) {
	for _, c := range []struct {
		got, want string
	}{
		{FormatDouble(0.125, 2, true), "0.13"}, // half away from zero, where Go's %.2f gives 0.12
		{FormatDouble(2.5, 0, true), "3"},
		{FormatSingle(0.8333333, 2, true), "0.83"},
		{FormatSingle(-0.5, 2, true), "-0.5"},
		{FormatDouble(-0.0001, 3, false), "-0.000"},
		{FormatSingle(-0.0001, 2, true), "-0"},
		{FormatDouble(0.9995, 3, false), "1.000"},
		{FormatDouble(1.15, 2, false), "1.15"},
		{FormatSingle(12, 2, true), "12"},
		{FormatSingle(0.0333, 2, true), "0.03"},
		{FormatDouble(99.996, 2, false), "100.00"},
		// a float's 0.45 is 0.449999988...; cut to 7 digits it is 0.4500000
		{FormatSingle(0.45, 2, false), "0.45"},
		{FormatDouble(float64(float32(0.45)), 8, false), "0.44999999"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
