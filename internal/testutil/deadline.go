package testutil

import "time"

// PastDeadline is how long a bounded run may go on past its deadline before a test calls it
// unbounded: a second, or four under the race detector, which slows the code it watches several
// times over.
func PastDeadline() time.Duration {
	if Race {
		return 4 * time.Second
	}
	return time.Second
}
