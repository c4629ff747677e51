//go:build !race

package testutil

// Race says the tests run under the race detector, which makes the course's numeric work
// several times slower; tests whose subject is not concurrency run thinner then.
const Race = false
