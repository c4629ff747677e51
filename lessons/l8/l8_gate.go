package l8

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"course/internal/dotnet"
	"course/internal/lazy"
	"course/lessons/kit"
	"course/theory"
)

// GA's prompt corpus as a gate: the corpus's entries, the invariants PromptCorpusTests applies
// to an answer's text, GA's reading of "contains" and the stricter one the lesson sets beside it.

// corpusEntry is one prompt of the corpus: the fields of PromptCorpusTests' PromptEntry the
// lesson reads (Tests/Apps/GaChatbot.Api.Tests/Corpus/PromptCorpusTests.cs @ c781df5c).
type corpusEntry struct {
	Prompt      string   `json:"prompt"`
	Category    string   `json:"category"`
	RoutesTo    string   `json:"routes_to"`
	Contains    []string `json:"contains"`
	ContainsAny []string `json:"contains_any"`
	NotContains []string `json:"not_contains"`
	MinLength   *int     `json:"min_length"`
	Skip        bool     `json:"skip"`
	Judge       *string  `json:"judge"`
}

// readCorpus reads the corpus's JSON form.
func readCorpus(data []byte) ([]corpusEntry, error) {
	var file struct {
		Prompts []corpusEntry `json:"prompts"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		return nil, fmt.Errorf("read the prompt corpus: %w", err)
	}
	for i, e := range file.Prompts {
		if strings.TrimSpace(e.Prompt) == "" {
			return nil, fmt.Errorf("read the prompt corpus: prompt %d is empty", i+1)
		}
	}
	return file.Prompts, nil
}

// GA's invariants, as PromptCorpusTests.EvaluatePromptAsync applies them to an answer's text
// (Tests/Apps/GaChatbot.Api.Tests/Corpus/PromptCorpusTests.cs @ c781df5c).
var (
	universalBannedMarkers = []string{"Reproduce the catalog below verbatim", "Pure pedagogy", "Use when a learner asks",
		"Use when a visitor asks", "doesn't need a tool call", "returned no matches", "not yet implemented", "index is not loaded"}
	backendDegradedMarkers = []string{"The chatbot can't serve a request right now", "right now. Please try again."}
)

// degradedVerdict is the verdict of an answer that says the backend is down.
const degradedVerdict = "BACKEND_DEGRADED"

// containsFunc says whether an answer contains an expected string, in one reading or another.
type containsFunc func(answer, s string) bool

// corpusCheck applies the text invariants in GA's order; routing, grounding and trace do not apply
// to an intent asked directly. It returns "" for a pass.
func corpusCheck(e corpusEntry, answer string, contains containsFunc) string {
	if strings.TrimSpace(answer) == "" {
		return "empty response"
	}
	for _, m := range backendDegradedMarkers {
		if gaContains(answer, m) {
			return degradedVerdict
		}
	}
	minLen := 50
	if e.MinLength != nil {
		minLen = *e.MinLength
	}
	if n := utf16Len(answer); n < minLen {
		return fmt.Sprintf("too short (%d < %d chars)", n, minLen)
	}
	for _, m := range universalBannedMarkers {
		if gaContains(answer, m) {
			return "banned " + kit.Quote(m)
		}
	}
	for _, m := range e.NotContains {
		if contains(answer, m) {
			return "contains " + kit.Quote(m)
		}
	}
	for _, m := range e.Contains {
		if !contains(answer, m) {
			return "missing " + kit.Quote(m)
		}
	}
	if len(e.ContainsAny) > 0 && !slices.ContainsFunc(e.ContainsAny, func(s string) bool { return contains(answer, s) }) {
		return "none of contains_any"
	}
	return ""
}

// utf16Len is the answer's length as .NET's String.Length counts it, the unit of the corpus's
// minimum lengths.
func utf16Len(s string) int { return dotnet.UTF16Len(s) }

// upperCache holds the upper-cased text of answers and expected strings: the gate test compares
// every answer with every prompt's strings, twice. Text longer than upperCacheMax is mapped
// each time instead, so that the cache stays small whatever a host answers.
var upperCache sync.Map

const upperCacheMax = 1 << 16

// upper is s with each character mapped to its simple upper case, as .NET's OrdinalIgnoreCase
// compares characters; it keeps the number of characters.
func upper(s string) string {
	if u, ok := upperCache.Load(s); ok {
		return u.(string)
	}
	u := strings.Map(unicode.ToUpper, s)
	if len(s) <= upperCacheMax {
		upperCache.Store(s, u)
	}
	return u
}

// indexFrom is the byte offset of the first occurrence of needle in hay at or after byte from,
// -1 if none; fold compares case-insensitively, and then the offset is in upper(hay).
func indexFrom(hay, needle string, from int, fold bool) int {
	if fold {
		hay, needle = upper(hay), upper(needle)
	}
	if from > len(hay) {
		return -1
	}
	i := strings.Index(hay[from:], needle)
	if i < 0 {
		return -1
	}
	return from + i
}

// gaContains is the corpus's reading: the string anywhere, in any case.
func gaContains(answer, s string) bool { return strings.Contains(upper(answer), upper(s)) }

// isTokenChar is a character of a note name, chord symbol or word.
func isTokenChar(c rune) bool {
	return unicode.IsLetter(c) || unicode.IsDigit(c) || strings.ContainsRune("#♯♭°ø+", c)
}

var (
	// tokenRe is a run of token characters.
	tokenRe = lazy.Regexp(`[A-Za-z0-9#♯♭°ø+]+`)
	// noteTokenRe is a note name or chord symbol written with a capital letter: C, F#, Bb, Am,
	// Cmaj9, F#m7b5.
	noteTokenRe = lazy.Regexp(`^(?P<root>[A-G][#b♯♭]?)(maj|min|dim|aug|sus|add|mMaj|m|M|ø|°|\+)?[0-9]*((b|#|♭|♯|add|sus)[0-9]+)*$`)
)

// namesPitch says whether a prompt names a note or a chord.
func namesPitch(prompt string) bool {
	return slices.ContainsFunc(tokenRe().FindAllString(prompt, -1), noteTokenRe().MatchString)
}

// transposeUp writes every note name and chord root of an answer one semitone higher, spelled
// with sharps.
func transposeUp(answer string) string {
	return tokenRe().ReplaceAllStringFunc(answer, func(tok string) string {
		m := noteTokenRe().FindStringSubmatch(tok)
		if m == nil {
			return tok
		}
		root := []rune(m[1])
		pc := strings.IndexRune("C D EF G A B", root[0])
		if len(root) > 1 {
			if root[1] == '#' || root[1] == '♯' {
				pc++
			} else {
				pc--
			}
		}
		return theory.SharpName(pc+1) + tok[len(m[1]):]
	})
}

// strictContains reads an expected string strictly: one that starts with a note name must
// appear with the same capital letter and accidental, and every one must stand alone, with no
// token character against either end.
func strictContains(answer, s string) bool {
	fold := !noteTokenRe().MatchString(strings.Split(s, " ")[0])
	text := answer
	if fold {
		text = upper(answer)
	}
	for i := indexFrom(answer, s, 0, fold); i >= 0; {
		end := i + len(upper(s))
		if !fold {
			end = i + len(s)
		}
		before, _ := utf8.DecodeLastRuneInString(text[:i])
		after, _ := utf8.DecodeRuneInString(text[end:])
		if (i == 0 || !isTokenChar(before)) && (end == len(text) || !isTokenChar(after)) {
			return true
		}
		_, size := utf8.DecodeRuneInString(text[i:])
		i = indexFrom(answer, s, i+size, fold)
	}
	return false
}

func strictCheck(e corpusEntry, answer string, _ containsFunc) string {
	return corpusCheck(e, answer, strictContains)
}

// word is the token around a match: token characters on both sides.
func word(text []rune, start, length int) string {
	end := start + length
	for start > 0 && isTokenChar(text[start-1]) {
		start--
	}
	for end < len(text) && isTokenChar(text[end]) {
		end++
	}
	return string(text[start:end])
}

// gaMatch is where GA's reading first finds s in answer: the token around the match and its
// line, from 1; ok is false when it is not there.
func gaMatch(answer, s string) (token string, line int, ok bool) {
	at := indexFrom(answer, s, 0, true)
	if at < 0 {
		return "", 0, false
	}
	// upper keeps the number of characters, so the character index carries over.
	text := []rune(answer)
	i := utf8.RuneCountInString(upper(answer)[:at])
	return word(text, i, len([]rune(s))), strings.Count(string(text[:i]), "\n") + 1, true
}
