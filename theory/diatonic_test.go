package theory

import (
	"strings"
	"testing"
)

func TestTriads(t *testing.T) {
	for _, tt := range []struct {
		key  Tonality
		want string
	}{
		{Tonality{Tonic: MustNote("C")}, "C Dm Em F G Am Bdim"},
		{Tonality{Tonic: MustNote("A"), Minor: true}, "Am Bdim C Dm Em F G"},
		{Tonality{Tonic: MustNote("C#")}, "C# D#m E#m F# G# A#m B#dim"},
		{Tonality{Tonic: MustNote("Ab"), Minor: true}, "Abm Bbdim Cb Dbm Ebm Fb Gb"},
		{Tonality{Tonic: MustNote("G#")}, "G# A#m B#m C# D# E#m F##dim"},
	} {
		if got := strings.Join(tt.key.Triads(), " "); got != tt.want {
			t.Errorf("%s: %s, want %s", tt.key, got, tt.want)
		}
	}
}
