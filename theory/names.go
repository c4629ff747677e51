package theory

// SpelledNoteNames are the 21 names a letter and at most one flat or sharp spell, C first.
func SpelledNoteNames() []Note {
	var notes []Note
	for _, l := range "CDEFGAB" {
		for _, acc := range []string{"b", "", "#"} {
			notes = append(notes, MustNote(string(l)+acc))
		}
	}
	return notes
}
