package dsl

import (
	"strconv"
	"unicode"
	"unicode/utf16"
)

// The combinators below follow FParsec's rules, which decide what GA's parser accepts:
//   - a parser that fails without moving the position lets choice (<|>) try the next
//     alternative; one that fails after moving it fails the whole choice;
//   - attempt moves the position back on failure, so that a choice goes on;
//   - a sequence that fails after its first part consumed input has consumed input;
//   - opt turns a failure without consumption into "none" and keeps any other failure.
// FParsec compares state tags, which change exactly when the position does here, because the
// position only moves forward except where attempt restores it.

// state is FParsec's CharStream: the text as .NET holds it, UTF-16 code units, and a position.
type state struct {
	in  []uint16
	pos int
}

// parser is a Parser<T, unit>: it reports success, and leaves the position where it stopped.
type parser[T any] func(*state) (T, bool)

func (s *state) peek() (uint16, bool) {
	if s.pos < len(s.in) {
		return s.in[s.pos], true
	}
	return 0, false
}

// text turns code units back into a Go string.
func text(u []uint16) string { return string(utf16.Decode(u)) }

// units is a string as UTF-16 code units.
func units(s string) []uint16 { return utf16.Encode([]rune(s)) }

// isSpace is the set FParsec's spaces skips: space, tab, and the newlines \n and \r.
func isSpace(c uint16) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// isLetter is FParsec's isLetter, .NET's Char.IsLetter on one code unit: a surrogate is none.
func isLetter(c uint16) bool { return !utf16.IsSurrogate(rune(c)) && unicode.IsLetter(rune(c)) }

// isDigit is FParsec's isDigit: the ASCII digits only.
func isDigit(c uint16) bool { return c >= '0' && c <= '9' }

// spaces skips zero or more whitespace characters and always succeeds.
func spaces(s *state) (struct{}, bool) {
	for s.pos < len(s.in) && isSpace(s.in[s.pos]) {
		s.pos++
	}
	return struct{}{}, true
}

// spaces1 skips one or more whitespace characters; with none it fails without consuming.
func spaces1(s *state) (struct{}, bool) {
	if c, ok := s.peek(); !ok || !isSpace(c) {
		return struct{}{}, false
	}
	return spaces(s)
}

// pstring matches its text exactly or fails without consuming.
func pstring(lit string) parser[string] {
	u := units(lit)
	return func(s *state) (string, bool) {
		if len(s.in)-s.pos < len(u) {
			return "", false
		}
		for i, c := range u {
			if s.in[s.pos+i] != c {
				return "", false
			}
		}
		s.pos += len(u)
		return lit, true
	}
}

// pchar matches one character.
func pchar(c rune) parser[rune] {
	p := pstring(string(c))
	return func(s *state) (rune, bool) {
		_, ok := p(s)
		return c, ok
	}
}

// anyOf matches one character of the set.
func anyOf(set string) parser[rune] {
	return func(s *state) (rune, bool) {
		c, ok := s.peek()
		if !ok {
			return 0, false
		}
		for _, r := range set {
			if rune(c) == r {
				s.pos++
				return r, true
			}
		}
		return 0, false
	}
}

// many1Satisfy2 reads one character that first accepts and then any that rest accepts.
func many1Satisfy2(first, rest func(uint16) bool) parser[string] {
	return func(s *state) (string, bool) {
		c, ok := s.peek()
		if !ok || !first(c) {
			return "", false
		}
		start := s.pos
		s.pos++
		for s.pos < len(s.in) && rest(s.in[s.pos]) {
			s.pos++
		}
		return text(s.in[start:s.pos]), true
	}
}

// pint32 is FParsec's pint32: an optional sign, then a decimal number, or a hexadecimal, octal
// or binary one after 0x, 0o or 0b; a missing number or one outside Int32 fails at its start.
func pint32(s *state) (int, bool) {
	start := s.pos
	i := s.pos
	neg := false
	if i < len(s.in) && (s.in[i] == '-' || s.in[i] == '+') {
		neg = s.in[i] == '-'
		i++
	}
	base := 10
	if i+1 < len(s.in) && s.in[i] == '0' {
		switch s.in[i+1] | 0x20 {
		case 'x':
			base = 16
		case 'o':
			base = 8
		case 'b':
			base = 2
		}
	}
	digitsFrom := i
	if base != 10 {
		digitsFrom = i + 2
	}
	j := digitsFrom
	for j < len(s.in) && j-digitsFrom < 64 && isBaseDigit(s.in[j], base) {
		j++
	}
	if j == digitsFrom {
		if base != 10 {
			// "0x" with no hexadecimal digit is the decimal 0 followed by an x.
			base, j = 10, i+1
			digitsFrom = i
		} else {
			s.pos = start
			return 0, false
		}
	}
	n, err := strconv.ParseInt(text(s.in[digitsFrom:j]), base, 64)
	if neg {
		n = -n
	}
	if err != nil || n < -1<<31 || n > 1<<31-1 {
		s.pos = start
		return 0, false
	}
	s.pos = j
	return int(n), true
}

func isBaseDigit(c uint16, base int) bool {
	switch base {
	case 2:
		return c == '0' || c == '1'
	case 8:
		return c >= '0' && c <= '7'
	case 16:
		return isDigit(c) || (c|0x20 >= 'a' && c|0x20 <= 'f')
	}
	return isDigit(c)
}

// eof succeeds only at the end of the text.
func eof(s *state) (struct{}, bool) { return struct{}{}, s.pos == len(s.in) }

// preturn succeeds with v and consumes nothing.
func preturn[T any](v T) parser[T] { return func(*state) (T, bool) { return v, true } }

// attempt is FParsec's attempt: on failure the position goes back to where p started.
func attempt[T any](p parser[T]) parser[T] {
	return func(s *state) (T, bool) {
		start := s.pos
		v, ok := p(s)
		if !ok {
			s.pos = start
		}
		return v, ok
	}
}

// choice tries each parser in turn while they fail without consuming input.
func choice[T any](ps ...parser[T]) parser[T] {
	return func(s *state) (T, bool) {
		start := s.pos
		for _, p := range ps {
			v, ok := p(s)
			if ok || s.pos != start {
				return v, ok
			}
		}
		var zero T
		return zero, false
	}
}

// opt is FParsec's opt: present is false when p failed without consuming input.
func opt[T any](p parser[T]) parser[option[T]] {
	return func(s *state) (option[T], bool) {
		start := s.pos
		v, ok := p(s)
		if ok {
			return option[T]{v, true}, true
		}
		return option[T]{}, s.pos == start
	}
}

// option is an F# option.
type option[T any] struct {
	v  T
	ok bool
}

// then is p1 >>. p2: both in sequence, p2's result.
func then[A, B any](p1 parser[A], p2 parser[B]) parser[B] {
	return func(s *state) (B, bool) {
		var zero B
		if _, ok := p1(s); !ok {
			return zero, false
		}
		return p2(s)
	}
}

// before is p1 .>> p2: both in sequence, p1's result.
func before[A, B any](p1 parser[A], p2 parser[B]) parser[A] {
	return func(s *state) (A, bool) {
		v, ok := p1(s)
		if !ok {
			return v, false
		}
		if _, ok := p2(s); !ok {
			return v, false
		}
		return v, true
	}
}

// mapTo is p |>> f.
func mapTo[A, B any](p parser[A], f func(A) B) parser[B] {
	return func(s *state) (B, bool) {
		v, ok := p(s)
		if !ok {
			var zero B
			return zero, false
		}
		return f(v), true
	}
}

// constant is p >>% v.
func constant[A, B any](p parser[A], v B) parser[B] {
	return mapTo(p, func(A) B { return v })
}

// pipe3 runs three parsers in sequence and combines their results.
func pipe3[A, B, C, R any](pa parser[A], pb parser[B], pc parser[C], f func(A, B, C) R) parser[R] {
	return func(s *state) (R, bool) {
		var zero R
		a, ok := pa(s)
		if !ok {
			return zero, false
		}
		b, ok := pb(s)
		if !ok {
			return zero, false
		}
		c, ok := pc(s)
		if !ok {
			return zero, false
		}
		return f(a, b, c), true
	}
}

// pipe2 runs two parsers in sequence and combines their results.
func pipe2[A, B, R any](pa parser[A], pb parser[B], f func(A, B) R) parser[R] {
	return pipe3(pa, pb, preturn(struct{}{}), func(a A, b B, _ struct{}) R { return f(a, b) })
}

// pipe4 runs four parsers in sequence and combines their results.
func pipe4[A, B, C, D, R any](pa parser[A], pb parser[B], pc parser[C], pd parser[D], f func(A, B, C, D) R) parser[R] {
	type abc struct {
		a A
		b B
		c C
	}
	return pipe2(pipe3(pa, pb, pc, func(a A, b B, c C) abc { return abc{a, b, c} }), pd,
		func(x abc, d D) R { return f(x.a, x.b, x.c, d) })
}

// pipe5 runs five parsers in sequence and combines their results.
func pipe5[A, B, C, D, E, R any](pa parser[A], pb parser[B], pc parser[C], pd parser[D], pe parser[E], f func(A, B, C, D, E) R) parser[R] {
	type abc struct {
		a A
		b B
		c C
	}
	return pipe3(pipe3(pa, pb, pc, func(a A, b B, c C) abc { return abc{a, b, c} }), pd, pe,
		func(x abc, d D, e E) R { return f(x.a, x.b, x.c, d, e) })
}

// between is between open close p.
func between[O, C, T any](open parser[O], close parser[C], p parser[T]) parser[T] {
	return before(then(open, p), close)
}

// sepBy1 is FParsec's sepBy1: p, then p after every separator; a separator that succeeds must
// be followed by p, and a separator that fails after consuming input fails the whole.
func sepBy1[T, S any](p parser[T], sep parser[S]) parser[[]T] {
	return func(s *state) ([]T, bool) {
		v, ok := p(s)
		if !ok {
			return nil, false
		}
		out := []T{v}
		for {
			start := s.pos
			if _, ok := sep(s); !ok {
				return out, s.pos == start
			}
			v, ok := p(s)
			if !ok {
				return nil, false
			}
			out = append(out, v)
		}
	}
}

// bind is p >>= f.
func bind[A, B any](p parser[A], f func(A) parser[B]) parser[B] {
	return func(s *state) (B, bool) {
		v, ok := p(s)
		if !ok {
			var zero B
			return zero, false
		}
		return f(v)(s)
	}
}

// fail is FParsec's fail: it fails without consuming input.
func fail[T any]() parser[T] {
	return func(*state) (T, bool) {
		var zero T
		return zero, false
	}
}

// ref is createParserForwardedToRef: a parser whose body is set later, for recursion.
type ref[T any] struct{ p parser[T] }

func (r *ref[T]) parse(s *state) (T, bool) { return r.p(s) }
