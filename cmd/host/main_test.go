package host

import (
	"testing"

	"course/internal/testutil"
)

// TestMain lets the test binary serve as the host children its tests start.
func TestMain(m *testing.M) { testutil.Main(m) }
