package theory

// Move returns the note a number of letters and semitones away from n, up when both are
// positive and down when both are negative: the letter from the steps, the accidentals from
// the semitones, between six flats and five sharps. F moved -2 letters and -3 semitones is D;
// E moved 1 letter and 1 semitone is F; C# moved 2 letters and 4 semitones is E#.
func (n Note) Move(steps, semitones int) Note {
	letter := ((n.Letter+steps)%7 + 7) % 7
	acc := ((n.PitchClass()+semitones-naturals[letter])%12+18)%12 - 6
	return Note{Letter: letter, Acc: acc}
}
