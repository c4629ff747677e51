package probe

import (
	"fmt"
	"strconv"
	"strings"
)

// FormatSize writes a byte count the way the flags take it: "16 MiB", "1.5 KiB", "300 bytes".
func FormatSize(n int) string {
	for _, u := range []struct {
		name string
		size int
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n >= u.size {
			return strconv.FormatFloat(float64(n)/float64(u.size), 'f', -1, 64) + " " + u.name
		}
	}
	return count(n, "byte")
}

// MaxSize is the largest byte count ParseSize takes.
const MaxSize = 2 << 30

// ParseSize reads a byte count such as "16MiB", "16 MiB", "512KiB", "1GB" or "4096"; KB, MB and GB
// count in powers of ten, KiB, MiB and GiB (and K, M, G) in powers of two.
func ParseSize(s string) (int, error) {
	t := strings.TrimSpace(s)
	i := strings.IndexFunc(t, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	num, unit := t, ""
	if i >= 0 {
		num, unit = t[:i], strings.TrimSpace(t[i:])
	}
	mult := map[string]float64{
		"": 1, "b": 1, "byte": 1, "bytes": 1,
		"k": 1 << 10, "kib": 1 << 10, "kb": 1e3,
		"m": 1 << 20, "mib": 1 << 20, "mb": 1e6,
		"g": 1 << 30, "gib": 1 << 30, "gb": 1e9,
	}[strings.ToLower(unit)]
	f, err := strconv.ParseFloat(num, 64)
	if err != nil || mult == 0 || f <= 0 {
		return 0, fmt.Errorf("size %q: want a positive number of bytes such as 4096, 512KiB or 16MiB", s)
	}
	n := f * mult
	if n > MaxSize {
		return 0, fmt.Errorf("size %q: more than %s", s, FormatSize(MaxSize))
	}
	return max(int(n), 1), nil
}

// Size is a command-line flag's value holding a byte count that ParseSize reads and FormatSize
// writes, for the flags of every command that bounds what it reads.
type Size struct{ N *int }

// String writes the size as the help shows it.
func (f Size) String() string {
	if f.N == nil {
		return ""
	}
	return strings.ReplaceAll(FormatSize(*f.N), " ", "")
}

// Set reads a size.
func (f Size) Set(s string) error {
	n, err := ParseSize(s)
	if err != nil {
		return err
	}
	*f.N = n
	return nil
}

// Type names the flag's value in the help.
func (f Size) Type() string { return "size" }
