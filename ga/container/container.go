// Package container models what GaChatbot.Api's service container resolves at the pin: the
// orchestrator and the chat application service behind the chat endpoints, the agents
// SemanticRouter holds, and the chat hooks in the order ProductionOrchestrator runs them.
// The intents the semantic router chooses from are ga/intents.
package container

import (
	"fmt"
	"strings"
)

// Orchestrator is what IHarmonicChatOrchestrator resolves to: ProductionOrchestrator, registered
// as itself and forwarded to the interface
// (Common/GA.Business.Core.Orchestration/Extensions/ChatbotOrchestrationExtensions.cs:163-167 @ c781df5c).
const Orchestrator = "ProductionOrchestrator"

// Orchestrated is the service "full" and "orchestrated" select, the one the host models.
const Orchestrated = "OrchestratedChatApplicationService"

// ChatApplicationService is what GaChatbot.Api's own IChatApplicationService resolves to for a
// Chatbot:Mode value, compared case-insensitively; "" is the default, direct
// (Apps/GaChatbot.Api/Extensions/ServiceCollectionExtensions.cs:22-50 @ c781df5c).
func ChatApplicationService(mode string) string {
	if mode == "" {
		mode = "direct"
	}
	switch strings.ToLower(mode) {
	case "full", "orchestrated":
		return Orchestrated
	case "routed":
		return "RoutedChatApplicationService"
	}
	return "DirectChatApplicationService"
}

// Agent is one GuitarAlchemistAgentBase that SemanticRouter holds.
type Agent struct {
	// ID is the agent's AgentId, one of AgentIds' constants, "tab".
	ID string
	// Type is the agent's class, "TabAgent".
	Type string
}

// Agents returns SemanticRouter.Agents: the six agents registered as GuitarAlchemistAgentBase, in
// registration order (Common/GA.Business.ML/Extensions/ServiceCollectionExtensions.cs:93-99;
// ids Common/GA.Business.ML/Agents/AgentConstants.cs:8-13 @ c781df5c).
func Agents() []Agent {
	return []Agent{
		{"tab", "TabAgent"},
		{"theory", "TheoryAgent"},
		{"technique", "TechniqueAgent"},
		{"composer", "ComposerAgent"},
		{"critic", "CriticAgent"},
		{"voicing", "VoicingAgent"},
	}
}

// Hooks returns the IChatHook implementations in registration order, which is the order
// ProductionOrchestrator runs them at each point of a request
// (Common/GA.Business.Core.Orchestration/Plugins/GaPlugin.cs:167-176; ProductionOrchestrator.cs:39 @ c781df5c).
func Hooks() []string {
	return []string{"PromptSanitizationHook", "MemoryHook", "MemoryWriteHook", "ObservabilityHook"}
}

// Services is what the lessons read of the container in one mode.
type Services struct {
	// Orchestrator is IHarmonicChatOrchestrator's implementation.
	Orchestrator string
	// ChatApplicationService is the host's IChatApplicationService implementation.
	ChatApplicationService string
	// Agents are SemanticRouter's agents; nil when the mode registers no orchestration.
	Agents []Agent
	// Hooks are the chat hooks in run order; nil when the mode registers no orchestration.
	Hooks []string
}

// Resolve returns what the container resolves for a Chatbot:Mode. Only the orchestrated modes
// register the orchestration services (ServiceCollectionExtensions.cs:62-121 @ c781df5c), so
// asking for them in another mode is an error, as GetRequiredService would throw.
func Resolve(mode string) (Services, error) {
	app := ChatApplicationService(mode)
	if app != Orchestrated {
		return Services{}, fmt.Errorf("container: Chatbot:Mode %q registers no orchestrator (it gives %s)", mode, app)
	}
	return Services{Orchestrator: Orchestrator, ChatApplicationService: app, Agents: Agents(), Hooks: Hooks()}, nil
}
