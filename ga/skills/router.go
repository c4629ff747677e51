package skills

import (
	"strings"

	"course/ga/revision"
)

// RouteWithoutEmbeddings is SemanticIntentRouter.RouteAsync when nothing can embed the question,
// the intent id it returns, "" for none, as GA at rev routes. At the pin the router gives up at once: no embedder, or
// an embedding call that fails, returns null
// (Common/GA.Business.ML/Agents/Intents/SemanticIntentRouter.cs:87-127 @ c781df5c). On GA's main
// (f4f5b4a, not readable here) it falls back on the skills' keyword rules and returns the first
// intent, in registration order, whose skill's CanHandle accepts the question, as the original
// course records it (spareilleux/learn code/ga-ai/Shared/TransposeRoutingProbe.cs:11-14 @ cdc5297)
// and its main-branch outputs show.
func RouteWithoutEmbeddings(message string, rev revision.Revision) string {
	if !rev.IsMain() || strings.TrimSpace(message) == "" {
		return ""
	}
	for _, s := range Registered() {
		if s.CanHandle(message) {
			return s.IntentID()
		}
	}
	return ""
}
