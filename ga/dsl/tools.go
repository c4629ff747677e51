package dsl

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
)

// Registry is GaClosureRegistry.Global after GaClosureBootstrap.init: closures by name,
// looked up without regard to case (GaClosureRegistry.fs:37-60; Library.fs:113-122 @ c781df5c).
type Registry struct {
	closures []Closure
}

// Bootstrap is GaClosureBootstrap.init for version v: the closures DomainClosures, TabClosures,
// PipelineClosures, AgentClosures and IoClosures register. The course runs the closures its
// lessons ask (transposeChord, diatonicChords, commonTones, analyzeProgression), main's
// versions where main changed them; the others are listed with their schemas and answer
// closure-exception when called.
func (v Version) Bootstrap() *Registry {
	domain := func(name, desc string, tags []string, out string, exec func(map[string]any) (any, error), inputs ...Input) Closure {
		return Closure{Name: name, Category: Domain, Description: desc, Tags: tags, Inputs: sortInputs(inputs), OutputType: out, Exec: exec}
	}
	str := func(name, typ string) Input { return Input{name, typ} }
	// DomainClosures.fs:118-710 and TabClosures.fs:31-146 @ c781df5c, in registration order.
	cs := []Closure{
		domain("domain.parseChord", "Parse a chord symbol (e.g. 'Am7', 'Cmaj9') into its interval structure.",
			[]string{"chord", "parse", "music-theory"}, "string (JSON chord structure)", nil,
			str("symbol", "string — chord symbol to parse")),
		domain("domain.transposeChord", "Transpose a chord symbol by N semitones.",
			[]string{"chord", "transpose", "music-theory"}, "string (transposed chord symbol)", transposeChord,
			str("symbol", "string"), str("semitones", "int")),
		domain("domain.diatonicChords", "Return the 7 diatonic triads for a root note and scale (major/minor).",
			[]string{"scale", "chords", "harmony", "music-theory"}, "string[] (chord symbols)", diatonicChords,
			str("root", "string"), str("scale", "string")),
		domain("domain.chordIntervals", "Return interval names (P1, m3, P5…) for a chord symbol.",
			[]string{"chord", "intervals", "music-theory"}, "string[] (interval names)", nil,
			str("symbol", "string — chord symbol")),
		domain("domain.relativeKey", "Return the relative major/minor key for a given root and scale.",
			[]string{"key", "relative", "harmony", "music-theory"}, "string (e.g. 'A minor' or 'C major')", nil,
			str("root", "string"), str("scale", "string (major|minor)")),
		domain("domain.analyzeProgression", "Infer the key of a progression and label each chord with a Roman numeral.",
			[]string{"progression", "analysis", "roman-numerals", "harmony", "music-theory"},
			"string (formatted key + Roman numeral analysis)", v.analyzeProgression,
			str("chords", "string — space-separated chord symbols")),
		domain("domain.progressionCompletion", "Suggest 2–3 diatonic chord completions to cadence an in-progress progression.",
			[]string{"progression", "completion", "cadence", "harmony", "music-theory"}, "string (formatted completion suggestions)", nil,
			str("chords", "string — space-separated chord symbols")),
		domain("domain.queryChords", "Filter diatonic chords by quality or interval content.",
			[]string{"query", "filter", "diatonic", "harmony", "music-theory"}, "string[] (matched degree=chord pairs)", nil,
			str("key", "string — root note (e.g. G, Bb)"), str("scale", "string — major|minor"),
			str("quality", "string? — major|minor|diminished|augmented|dominant"),
			str("hasInterval", "string? — interval name a chord must contain (P1, m3, P5…)"),
			str("degree", "string? — Roman numeral to select (I, ii, IV…)")),
		domain("domain.projectChord", "Project selected fields from a chord: root quality components bass intervals pc.",
			[]string{"project", "chord", "fields", "music-theory"}, "string (field=value pairs)", nil,
			str("symbol", "string — chord symbol"), str("fields", "string — space-separated field names")),
		domain("domain.commonTones", "Find notes shared between two chords — useful for pivot-chord and voice-leading analysis.",
			[]string{"join", "common-tones", "voice-leading", "pivot", "music-theory"}, "string (shared notes with their roles in each chord)", v.commonTones,
			str("chord1", "string — first chord symbol"), str("chord2", "string — second chord symbol")),
		domain("domain.chordSubstitutions", "Suggest chord substitutions: diatonic swaps ranked by common tones, plus tritone sub for dominant 7th chords.",
			[]string{"substitution", "harmony", "voice-leading", "pivot", "music-theory"}, "string (ranked substitution suggestions)", v.chordSubstitutions,
			str("symbol", "string — chord to substitute (e.g. 'Am', 'G7')"),
			str("key", "string? — key root (e.g. 'C', 'G'). Defaults to chord root."),
			str("scale", "string? — 'major' or 'minor'. Defaults to 'major'.")),
		domain("tab.parseAscii", "Parse ASCII tab notation and return a structured summary.",
			[]string{"tab", "ascii", "parse"}, "string (JSON summary)", nil, str("text", "string — ASCII tab text")),
		domain("tab.parseVexTab", "Parse VexTab notation, validate it, and re-emit canonical VexTab.",
			[]string{"tab", "vextab", "parse", "validate"}, "string (canonical VexTab)", nil, str("text", "string — VexTab source")),
		domain("tab.generateChord", "Generate VexTab notation scaffold for a chord symbol.",
			[]string{"tab", "vextab", "chord", "generate"}, "string (VexTab source)", nil,
			str("symbol", "string — chord symbol (e.g. Am7, Cmaj9)")),
		domain("tab.sources", "List configured free/open tab data sources.",
			[]string{"tab", "sources", "datasets"}, "string (formatted source list)", nil),
	}
	// The closures of the other categories, which the tools refuse to show or run.
	for cat, names := range map[Category][]string{
		Io:       {"tab.fetch", "tab.fetchUrl", "io.readFile", "io.writeFile", "io.httpPost", "io.httpGet"},
		Pipeline: {"pipeline.pullBspRooms", "pipeline.embedOpticK", "pipeline.storeQdrant", "pipeline.reportFailures", "surface.transpile"},
		Agent:    {"agent.theoryAgent", "agent.tabAgent", "agent.criticAgent", "agent.fanOut"},
	} {
		for _, n := range names {
			cs = append(cs, Closure{Name: n, Category: cat})
		}
	}
	return &Registry{closures: cs}
}

func sortInputs(in []Input) []Input {
	slices.SortFunc(in, func(a, b Input) int { return strings.Compare(a.Name, b.Name) })
	return in
}

// TryGet is TryGet: the closure of that name, compared ignoring case.
func (r *Registry) TryGet(name string) (Closure, bool) {
	i := slices.IndexFunc(r.closures, func(c Closure) bool { return strings.EqualFold(c.Name, name) })
	if i < 0 {
		return Closure{}, false
	}
	return r.closures[i], true
}

// ListEntry is ClosureListEntry, one closure as ga_dsl_list_closures shows it.
type ListEntry struct {
	Name, Description, Category string
	Tags                        []string
}

// ListClosures is ga_dsl_list_closures: the Domain closures, by name in ordinal order
// (Common/GA.Business.ML/Agents/Mcp/DslEvalMcpTools.cs:68-87 @ c781df5c).
func (r *Registry) ListClosures() []ListEntry {
	var out []ListEntry
	for _, c := range r.closures {
		if c.Category == Domain {
			out = append(out, ListEntry{c.Name, c.Description, string(c.Category), c.Tags})
		}
	}
	slices.SortFunc(out, func(a, b ListEntry) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// Schema is ClosureSchemaResult: what ga_dsl_get_closure_schema shows, or its Error.
type Schema struct {
	Name, Description, Category string
	Tags                        []string
	Inputs                      []Input
	OutputType                  string
	Error                       string
}

// maxClosureName is MaxClosureNameLength, in UTF-16 code units.
const maxClosureName = 64

// GetClosureSchema is ga_dsl_get_closure_schema (DslEvalMcpTools.cs:89-129 @ c781df5c).
func (r *Registry) GetClosureSchema(name string) Schema {
	c, code, msg := r.exposed(name)
	if code != "" {
		return Schema{Error: code + ": " + msg}
	}
	return Schema{Name: c.Name, Description: c.Description, Category: string(c.Category), Tags: c.Tags, Inputs: c.Inputs, OutputType: c.OutputType}
}

// exposed is the lookup both tools begin with: a blank name, one longer than 64 UTF-16 units
// or an unknown one is closure-not-found, a closure outside Domain closure-not-exposed, each
// echo sanitized (DslEvalMcpTools.cs:96-118, 150-182 @ c781df5c).
func (r *Registry) exposed(name string) (Closure, string, string) {
	c, ok := r.TryGet(name)
	if strings.TrimSpace(name) == "" || len(utf16.Encode([]rune(name))) > maxClosureName || !ok {
		return Closure{}, "closure-not-found", fmt.Sprintf("closure '%s' not found; call ga_dsl_list_closures to see available names", SanitizeEcho(name))
	}
	if c.Category != Domain {
		return c, "closure-not-exposed", fmt.Sprintf("closure '%s' is not exposed to the chatbot (category: %s)", SanitizeEcho(c.Name), c.Category)
	}
	return c, "", ""
}

// SanitizeEcho is McpEchoSanitizer.SanitizeEcho: the text cut to 16 UTF-16 code units and an
// ellipsis, control characters shown as a middle dot (Agents/Mcp/McpEchoSanitizer.cs:36-44 @ c781df5c).
func SanitizeEcho(raw string) string {
	u := utf16.Encode([]rune(raw))
	clamped := raw
	if len(u) > 16 {
		clamped = string(utf16.Decode(u[:16])) + "…"
	}
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return '·'
		}
		return r
	}, clamped)
}

// EvalError is DslEvalError: a code such as closure-runtime-error and its message.
type EvalError struct {
	Code, Message string
}

// EvalResult is DslEvalResult: Result when the closure returns a string, ResultJSON always
// when it succeeds, or Error.
type EvalResult struct {
	ClosureName string
	Result      *string
	ResultJSON  string
	Error       *EvalError
}

// Answer is what the model reads back: the error's code and message, else Result, else ResultJSON.
func (e EvalResult) Answer() string {
	switch {
	case e.Error != nil:
		return e.Error.Code + ": " + e.Error.Message
	case e.Result != nil:
		return *e.Result
	}
	return e.ResultJSON
}

func failure(name, code, msg string) EvalResult {
	return EvalResult{ClosureName: name, Error: &EvalError{code, msg}}
}

// EvalClosure is ga_dsl_eval: the closure found ignoring case, refused unless it is a Domain
// closure, every schema argument required and coerced from its string by the type's leading
// word, then run; a string result is Result, any result is serialised as ResultJson
// (DslEvalMcpTools.cs:131-243, CoerceArgs and TryCoerce 245-340 @ c781df5c).
func (r *Registry) EvalClosure(name string, args map[string]string) EvalResult {
	c, code, msg := r.exposed(name)
	if code == "closure-not-found" {
		return failure(name, code, msg)
	}
	if code != "" {
		return failure(c.Name, code, msg)
	}
	for _, in := range c.Inputs {
		if _, ok := args[in.Name]; !ok {
			return failure(c.Name, "missing-required-arg", fmt.Sprintf("closure '%s' requires argument '%s' (declared type: %s)",
				SanitizeEcho(c.Name), SanitizeEcho(in.Name), in.Type))
		}
	}
	coerced := map[string]any{}
	for k, raw := range args {
		i := slices.IndexFunc(c.Inputs, func(in Input) bool { return in.Name == k })
		if i < 0 {
			coerced[k] = raw
			continue
		}
		typ := strings.TrimSpace(c.Inputs[i].Type)
		v, ok := coerce(raw, typ)
		if !ok {
			return failure(c.Name, "arg-coerce-failed", fmt.Sprintf("argument '%s' could not be parsed as %s (got '%s')",
				SanitizeEcho(k), strings.Split(typ, " ")[0], SanitizeEcho(raw)))
		}
		coerced[k] = v
	}
	if c.Exec == nil {
		return failure(c.Name, "closure-exception", SanitizeEcho("NotImplementedException: the course does not run this closure"))
	}
	v, err := c.Exec(coerced)
	if err != nil {
		return failure(c.Name, "closure-runtime-error", SanitizeEcho(err.Error()))
	}
	res := EvalResult{ClosureName: c.Name, ResultJSON: toJSON(v)}
	if s, ok := v.(string); ok {
		res.Result = &s
	}
	return res
}

// coerce is TryCoerce: string, int, bool and double by the type's leading word, anything else
// passed as the string.
func coerce(raw, typ string) (any, bool) {
	lower := strings.ToLower(typ)
	switch {
	case strings.HasPrefix(lower, "string"):
		return raw, true
	case strings.HasPrefix(lower, "int"):
		n, err := strconv.ParseInt(strings.TrimSpace(raw), 10, 32)
		return int(n), err == nil
	case strings.HasPrefix(lower, "bool"):
		b, err := strconv.ParseBool(strings.TrimSpace(raw))
		return b, err == nil
	case strings.HasPrefix(lower, "double"), strings.HasPrefix(lower, "float"):
		f, err := strconv.ParseFloat(strings.TrimSpace(raw), 64)
		return f, err == nil
	}
	return raw, true
}

// toJSON is JsonSerializer.Serialize with the default encoder, which escapes every
// non-ASCII character and the HTML-sensitive ones.
func toJSON(v any) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	_ = enc.Encode(v) // strings and string arrays only
	var out strings.Builder
	for _, r := range strings.TrimSuffix(buf.String(), "\n") {
		switch {
		case r > 0x7e || r == '+' || r == '`' || r == '\'':
			if r > 0xffff {
				hi, lo := (r-0x10000)>>10+0xd800, (r-0x10000)&0x3ff+0xdc00
				fmt.Fprintf(&out, `\u%04X\u%04X`, hi, lo)
			} else {
				fmt.Fprintf(&out, `\u%04X`, r)
			}
		default:
			out.WriteRune(r)
		}
	}
	return out.String()
}

// Run calls the closure named name directly, as F# code inside GA would, without ga_dsl_eval's
// checks and coercion: the arguments go in as strings and a result that is not a string is
// written as JSON.
func (r *Registry) Run(name string, args map[string]string) (string, error) {
	c, ok := r.TryGet(name)
	if !ok || c.Exec == nil {
		return "", fmt.Errorf("dsl: no closure %s to run", name)
	}
	in := make(map[string]any, len(args))
	for k, v := range args {
		in[k] = v
	}
	v, err := c.Exec(in)
	if err != nil {
		return "", err
	}
	if s, ok := v.(string); ok {
		return s, nil
	}
	return toJSON(v), nil
}
