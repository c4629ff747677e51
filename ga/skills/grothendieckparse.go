package skills

import (
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/dlclark/regexp2/v2"

	"course/ga/dsl"
	"course/internal/dotnet"
	"course/internal/lazy"
)

// GrothendieckParse is GA's GrothendieckParseSkill: when a question has an anchor word and a
// category-theory surface, it cuts the expression out of the question and hands it to GA's F#
// Grothendieck parser, answering with the case of the operation it gets back
// (Common/GA.Business.ML/Agents/Skills/GrothendieckParseSkill.cs @ c781df5c; the file's last
// change before the pin is fa95bd15, 2026-06-28). The host runs outside Development, so a parse
// failure gets the redacted message (lines 37-41, 175-177).
type GrothendieckParse struct{}

// Name is the skill's Name.
func (GrothendieckParse) Name() string { return "GrothendieckParse" }

// ExamplePrompts are the skill's ExamplePrompts (GrothendieckParseSkill.cs:51-63).
func (GrothendieckParse) ExamplePrompts() []string {
	return []string{
		"parse C ⊗ G",
		"what does Transpose(C ⊗ G) mean",
		"parse Transpose ∘ Invert",
		"parse pullback(Cmaj7, Transpose, Gmaj7)",
		"parse Cmaj7 + Gmaj7 + Fmaj7",
		"parse functor Transpose: Chords -> Chords",
		"what is Hom(Cmaj7, Gmaj7)",
		"explain power(Cmaj7)",
		"parse equalizer Transpose Invert",
		"parse Cmaj7 ⊕ Gmaj7",
	}
}

// CanHandle is the skill's CanHandle: always false, the skill is reached by semantic routing
// only (GrothendieckParseSkill.cs:65).
func (GrothendieckParse) CanHandle(string) bool { return false }

// The skill's expressions, all compiled with IgnoreCase (GrothendieckParseSkill.cs:74-82, 103-107).
var (
	grothendieckSurfaceRe = lazy.Regexp2(`(⊗|⊕|×\s*[A-Z]|∘|η\(|\^[A-Z]|`+
		`\b(?:functor|pullback|pushout|equalizer|coequalizer|coproduct|tensor[\s-]+product|direct[\s-]+sum|natural[\s-]+transformation|subobject|power[\s-]+object|sheaf)\b|`+
		`Hom\s*\()`, regexp2.IgnoreCase)
	grothendieckAnchorRe  = lazy.Regexp2(`\b(?:parse|what\s+does|explain|interpret|meaning\s+of)\b`, regexp2.IgnoreCase)
	grothendieckLeadRe    = lazy.Regexp2(`^\s*(?:parse|what\s+does|explain|interpret|meaning\s+of)\s+`, regexp2.IgnoreCase)
	grothendieckTrailerRe = lazy.Regexp2(`\s+(?:mean|do)\s*\??$`, regexp2.IgnoreCase)
)

// The skill's limits on what reaches the parser (GrothendieckParseSkill.cs:119-120).
const (
	grothendieckMaxLength = 512
	grothendieckMaxDepth  = 32
)

// GrothendieckExpression is ExtractExpression: the leading anchor and a trailing "mean" or "do"
// cut off, then spaces, question marks and full stops trimmed (GrothendieckParseSkill.cs:100-109).
func GrothendieckExpression(message string) string {
	s := replace(grothendieckLeadRe, message, "")
	s = replace(grothendieckTrailerRe, s, "")
	return strings.Trim(strings.TrimFunc(s, unicode.IsSpace), "?.")
}

// Execute is ExecuteAsync: the pointer to the skill's form without an anchor and a surface or
// with an empty expression; otherwise the expression's checks and the parser's answer
// (GrothendieckParseSkill.cs:84-205).
func (GrothendieckParse) Execute(message string) Result {
	if !match(grothendieckAnchorRe, message) || !match(grothendieckSurfaceRe, message) {
		return grothendieckCannotHandle()
	}
	expr := GrothendieckExpression(message)
	if strings.TrimFunc(expr, unicode.IsSpace) == "" {
		return grothendieckCannotHandle()
	}
	if n := dotnet.UTF16Len(expr); n > grothendieckMaxLength {
		return Result{
			Text: "Expression is too long (" + strconv.Itoa(n) + " chars). The Grothendieck DSL parser accepts up to " +
				strconv.Itoa(grothendieckMaxLength) + " characters.",
			Confidence: 0.3,
			Evidence:   []string{"Source: GrothendieckParseSkill (input rejected at C# boundary)"},
		}
	}
	if strings.Count(expr, "(") > grothendieckMaxDepth || strings.Count(expr, "{") > grothendieckMaxDepth ||
		strings.Count(expr, "[") > grothendieckMaxDepth {
		return Result{
			Text:       "Expression has too many brackets (cap: " + strconv.Itoa(grothendieckMaxDepth) + " of each type). Try a flatter form.",
			Confidence: 0.3,
			Evidence:   []string{"Source: GrothendieckParseSkill (input rejected at C# boundary)"},
		}
	}
	op, err := dsl.Parse(expr)
	if err != nil {
		return Result{
			Text:       "Couldn't parse `" + expr + "` as a Grothendieck operation. Try a simpler form like `C ⊗ G`, `Transpose(Cmaj7)`, or `pullback(Cmaj7, Transpose, Gmaj7)`.",
			Confidence: 0.3,
			Evidence:   []string{"Source: GrothendieckParseSkill (parse failure)", "input: " + expr, "error: " + err.Error()},
		}
	}
	text := "**Parsed**: `" + expr + "`\n\n" +
		"- **AST category**: `" + op.Case + "`\n" +
		"- **Gloss**: " + grothendieckGloss(op.Case, expr) + "\n\n" +
		"This is the same parser the `/test/grothendieck-dsl` demo uses (`GA.Business.DSL.Parsers.GrothendieckOperationsParser`). " +
		"Open the demo page to interact with the full AST tree visualisation.\n"
	return Result{
		Text:       text,
		Confidence: 1,
		Evidence:   []string{"Source: GrothendieckParseSkill (in-process F# GrothendieckOperationsParser)", "grothendieck-parse(ok, " + op.Case + ")"},
	}
}

func grothendieckCannotHandle() Result {
	return Result{
		Text:       `Ask me to parse a Grothendieck-DSL expression, e.g. "parse C ⊗ G", "what does Transpose(C ⊗ G) mean", or "parse pullback(Cmaj7, Transpose, Gmaj7)".`,
		Confidence: 0.1,
		Evidence:   []string{"GrothendieckParseSkill: no parse anchor + Grothendieck surface in query"},
	}
}

// grothendieckGlosses are GlossFromCategory's arms (GrothendieckParseSkill.cs:244-276).
var grothendieckGlosses = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"TensorProduct":       "Tensor product (⊗) — combines two musical objects into a joint structure where every relation in one is paired with every relation in the other. In category theory, the universal bilinear map.",
		"DirectSum":           "Direct sum (⊕) — disjoint union with both projection and inclusion maps. Lets you treat two chords as components of a larger system that you can decompose back into either piece.",
		"Product":             "Categorical product (×) — the universal object with projection maps to each component. Stronger than direct sum: morphisms into the product correspond to tuples of morphisms into each factor.",
		"Coproduct":           "Coproduct (+) — dual of product, with inclusion maps from each component. Morphisms out of the coproduct correspond to tuples of morphisms out of each factor.",
		"Exponential":         "Exponential (^) — the internal hom object Y^X representing morphisms X → Y as an object in the category itself. Curry/uncurry lives here.",
		"DefineFunctor":       "Functor definition — declares a structure-preserving map between two categories (the source-category objects/morphisms get mapped to target-category objects/morphisms).",
		"ApplyFunctor":        "Functor application — invokes a declared functor on a specific object. Same surface as calling a function but the functor preserves composition and identities.",
		"ComposeFunctors":     "Functor composition (∘) — chains two functors left-to-right (or right-to-left, depending on convention). Composition of functors is itself a functor.",
		"DefineNatTrans":      "Natural transformation definition — declares a family of morphisms between two functors that commutes with their action on morphisms. The 'second-order' morphism of category theory.",
		"ApplyNatTrans":       "Natural transformation application — invokes a declared η on a specific object. The result is the η-component morphism for that object.",
		"Limit":               "Limit — the universal cone over a diagram. The 'best approximation from above' object that maps consistently to every node in the diagram.",
		"Pullback":            "Pullback — the universal cone over a cospan. Roughly: the part of A and B that agrees under a shared map. In music: shared common structure between two chords via a transformation.",
		"Equalizer":           "Equalizer — the universal subobject where two parallel morphisms agree. The pieces of an object where two transformations produce the same result.",
		"Colimit":             "Colimit — the universal cocone under a diagram. The 'best approximation from below' object that all nodes in the diagram map into consistently.",
		"Pushout":             "Pushout — dual of pullback: the universal cocone under a span. The 'gluing' of A and B along their shared piece.",
		"Coequalizer":         "Coequalizer — dual of equalizer: the universal quotient where two parallel morphisms become equal. Identifies elements until two maps coincide.",
		"SubobjectClassifier": "Subobject classifier (Ω) — the universal object that classifies all subobjects via characteristic morphisms. The topos analog of {0,1}.",
		"PowerObject":         "Power object (P) — the object of all 'subobjects' of X, the topos analog of the power set. In musical context, all subsets of a chord/scale's pitch-class collection.",
		"InternalHom":         "Internal hom (Hom(A,B)) — the set of morphisms from A to B promoted to an object in the category. Tells you 'all the ways A can become B', viewable as a single object.",
		"DefineSheaf":         "Sheaf definition — a presheaf satisfying the gluing axiom. Captures locally-defined data with a coherent global structure (e.g., a musical idea that has consistent local interpretations in every key area).",
		"SheafRestriction":    "Sheaf restriction (|) — restricts a sheaf to a smaller open set. In music: viewing a chord/progression through a narrower lens (a sub-scale, a single key center).",
		"SheafGluing":         "Sheaf gluing — combines locally-defined sections that agree on overlaps into a single global section. The 'how does the modulation across keys actually compose into one piece' operation.",
	}
})

func grothendieckGloss(category, expression string) string {
	if g, ok := grothendieckGlosses()[category]; ok {
		return g
	}
	return "Operation of category `" + category + "` parsed successfully. Open the demo at /test/grothendieck-dsl for the full AST view of `" + expression + "`."
}
