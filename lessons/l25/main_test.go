package l25

import (
	"testing"

	"course/gahost/hosttest"
)

// TestMain lets the test binary serve as the host child: the lesson starts `<binary> host`.
func TestMain(m *testing.M) { hosttest.Main(m) }
