package gahost

// gate is LlmConcurrencyGate: three slots across both chat endpoints, never waiting
// (Apps/GaChatbot.Api/Services/ILlmConcurrencyGate.cs:10-20).
type gate chan struct{}

func (g gate) tryEnter() bool {
	select {
	case g <- struct{}{}:
		return true
	default:
		return false
	}
}

func (g gate) release() { <-g }

// gateSlots is LlmConcurrencyGate's capacity (ILlmConcurrencyGate.cs:10-20).
const gateSlots = 3
