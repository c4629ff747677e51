package wire

import (
	"testing"

	"course/gahost/hosttest"
)

// TestMain lets the test binary serve as the host children its tests start.
func TestMain(m *testing.M) { hosttest.Main(m) }
