package sse

import "os"

// thinned makes the exhaustive UTF-8 tests check every lead byte against the bounds of the
// second byte only, which keeps `go test ./...` quick; .ci/run sets COURSE_EXHAUSTIVE=1, so CI
// checks every case, and the race detector, which slows the loops tenfold, always thins them.
var thinned = raceEnabled || os.Getenv("COURSE_EXHAUSTIVE") != "1"
