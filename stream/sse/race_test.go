//go:build race

package sse

// raceEnabled thins the exhaustive tests under the race detector (see thinned), which looks
// for what they do not have.
const raceEnabled = true
