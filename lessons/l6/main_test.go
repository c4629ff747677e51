package l6

import (
	"testing"

	"course/internal/testutil"
)

// TestMain lets the test binary serve as the host child: the lesson starts `<binary> host`.
func TestMain(m *testing.M) { testutil.Main(m) }
