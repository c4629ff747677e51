//go:build exercise

package l6

// WriteEvent writes one chunk of an answer as one server-sent event that any reader built to
// the HTML standard reads back as exactly that chunk: blank lines, leading spaces and a final
// line break included.
func WriteEvent(chunk string) []byte {
	return []byte("data: " + chunk + "\n\n") // GaApi's writer: a blank line in chunk ends the event early
}
