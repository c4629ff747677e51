// Package browsertest holds the rule for tests that run Chromium: they skip only where CI does
// not require the browser.
package browsertest

import (
	"os"
	"slices"
	"strings"
	"testing"

	"course/stream/browser"
)

// SkipUnlessChromium skips a test of a command line that runs the browser when there is none,
// with the message that says how to install it.
func SkipUnlessChromium(t testing.TB, args []string) {
	t.Helper()
	if !slices.Contains(args, "--browser") && !slices.ContainsFunc(args, func(a string) bool {
		return strings.HasPrefix(a, "--screenshots")
	}) {
		return
	}
	if _, err := browser.Find(""); err != nil {
		// CI installs Chromium and sets COURSE_REQUIRE_CHROMIUM, so there a missing browser fails.
		if os.Getenv("COURSE_REQUIRE_CHROMIUM") != "" {
			t.Fatalf("COURSE_REQUIRE_CHROMIUM is set: %v", err)
		}
		t.Skipf("%v", err)
	}
}
