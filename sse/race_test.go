//go:build race

package sse

// raceEnabled thins the exhaustive tests under the race detector, which slows their loops
// tenfold and looks for what they do not have: the run without it checks every case.
const raceEnabled = true
