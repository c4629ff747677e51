package search

// KnownQualities are ChordPitchClasses.KnownQualities, the representative suffixes the
// vocabulary tool lists, the empty one (a major triad) first
// (Common/GA.Business.ML/Search/MusicalQueryEncoder.cs:177-184 @ c781df5c).
var KnownQualities = [...]string{
	"", "maj", "m", "dim", "aug", "sus2", "sus4", "5", "6", "m6", "69", "6/9",
	"7", "maj7", "m7", "m7b5", "dim7", "mmaj7", "7sus4",
	"9", "maj9", "m9", "11", "m11", "13", "maj13", "m13", "add9", "madd9", "add11",
	"7b5", "7#5", "7b9", "7#9", "7#11", "7b13", "7alt", "9#11", "13#9", "13b9",
	"maj7#5", "maj7b5", "maj9#11", "m7#5", "aug7", "+7",
}
