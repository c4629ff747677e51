package skills

import (
	"slices"
	"strings"
	"testing"

	"course/ga/revision"
)

// TestHintsFollowGAsRules checks the rules on the phrasings GA's comments name: the transpose
// rule's verbs need a direction, its key letter is case-sensitive, and one rule per intent boosts
// it once.
func TestHintsFollowGAsRules(t *testing.T) {
	h := DefaultHints()
	for _, c := range []struct {
		query string
		want  []string
	}{
		{"transpose this progression down a half step", []string{"skill.transpose"}},
		{"bring D minor down to A minor", []string{"skill.transpose"}},
		{"bring this song to a close", nil}, // to + lower-case a: (?-i:[A-G]) refuses it
		{"bring this song to A", []string{"skill.transpose"}},
		{"move this song higher in the playlist", nil}, // no direction word
		{"Transpose Cmaj7 up a perfect fourth", []string{"skill.interval", "skill.transpose"}},
		{"what chord is F A C E", []string{"skill.chordinfo"}},
		{"tell me about Dm7 chord tones", []string{"skill.chordinfo"}}, // two chordinfo rules, one boost
		{"Play this song a whole step down", []string{"skill.alternatetunings"}},
		{"  ", nil},
	} {
		if got := h.Fired(c.query); !slices.Equal(got, c.want) && !(len(got) == 0 && len(c.want) == 0) {
			t.Errorf("Fired(%q) = %v, want %v", c.query, got, c.want)
		}
	}
	d := h.Deltas("tell me about Dm7 chord tones")
	if len(d) != 1 || d["skill.chordinfo"] != HintBoost {
		t.Errorf("deltas %v", d)
	}
	// A provider without the transpose rule no longer boosts transposition.
	var rules []HintRule
	for _, r := range HintRules() {
		if r.Intent != "skill.transpose" {
			rules = append(rules, r)
		}
	}
	if got := (Hints{Rules: rules}).Fired("transpose this progression down a half step"); len(got) != 0 {
		t.Errorf("without the rule: %v", got)
	}
}

// TestSkillMdRegistrations checks SkillMdParser's trigger rules and SkillMdPlugin's count.
func TestSkillMdRegistrations(t *testing.T) {
	md := SkillMd{Name: "x", Path: "skills/x/SKILL.md", Triggers: []string{"Up A", "ab", " ", "Key Of"}}
	if got := md.Keywords(); !slices.Equal(got, []string{"up a", "key of"}) {
		t.Errorf("keywords %v", got)
	}
	if !md.CanHandle("Shift it UP A tone") || md.CanHandle("about") || md.CanHandle("") {
		t.Error("CanHandle")
	}
	mds := SkillMds()
	regs := Registrations(mds, nil)
	if len(regs) != 50 {
		t.Fatalf("%d registrations, want 50", len(regs))
	}
	mds[0].Triggers = []string{"no"}
	if got := len(Registrations(mds, nil)); got != 49 {
		t.Errorf("a SKILL.md without a kept trigger is still registered: %d", got)
	}
	if tr, ok := LookupSkillMd("transpose"); !ok || !slices.Contains(tr.Mapped, "Cmaj7 in the key of G") {
		t.Errorf("transpose SKILL.md %+v", tr)
	}
}

// TestTransposeWithoutAModel checks the wrapper's answer when the model call fails.
func TestTransposeWithoutAModel(t *testing.T) {
	r := Transpose{}.Execute("Transpose Cmaj7 up a perfect fourth")
	if r.Confidence != 0 || r.Text != skillMdErrorText || len(r.Evidence) != 3 {
		t.Errorf("%+v", r)
	}
}

// TestRouteWithoutEmbeddings checks the router at the pin (nothing) and on main (the first
// keyword rule that says yes).
func TestRouteWithoutEmbeddings(t *testing.T) {
	if got := RouteWithoutEmbeddings("Move this F chord down a minor third", revision.Pin); got != "" {
		t.Errorf("pin: %q", got)
	}
	for q, want := range map[string]string{
		"Move this F chord down a minor third": "skill.chordinfo",
		"Lower G by a tritone":                 "skill.chordsubstitution",
		"Transpose C E G to D":                 "",
	} {
		if got := RouteWithoutEmbeddings(q, revision.Main); got != want {
			t.Errorf("main %q: %q, want %q", q, got, want)
		}
	}
}

// TestLookupSkillMdDraft finds the progression-analysis draft by name while SkillMds, what
// SkillMdLoader loads, leaves it out; a fixture without drafts finds it no more.
func TestLookupSkillMdDraft(t *testing.T) {
	d, ok := LookupSkillMd("progression-analysis")
	if !ok || d.Path != "skills-dev/_pending-tools/progression-analysis/DRAFT.md" || !strings.Contains(d.Text, "ga_analyze_progression") {
		t.Fatalf("draft: %+v, %v", d.Path, ok)
	}
	if slices.ContainsFunc(SkillMds(), func(s SkillMd) bool { return s.Name == d.Name }) {
		t.Error("SkillMds lists the draft, which SkillMdLoader does not load")
	}
	mds, drafts, err := parseSkillMdFixture([]byte(`{"skills":[{"path":"skills/a/SKILL.md","name":"a"}]}`))
	if err != nil || len(mds) != 1 || len(drafts) != 0 {
		t.Errorf("fixture without drafts: %v %v %v", mds, drafts, err)
	}
	if _, _, err := parseSkillMdFixture([]byte(`{"drafts":[{"name":"x"}]}`)); err == nil {
		t.Error("a draft without a path was read")
	}
}
