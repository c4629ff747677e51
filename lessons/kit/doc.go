// Package kit is what the lessons share besides the host they start (kit/chathost): a
// lesson's command and its section runner (format.go), the flags that pick GA's revision and a
// partition's weight (revision.go, weights.go), lesson 3's index and the tools over it
// (voicing.go), the chords and sets several lessons ask about (theory.go), what they read of
// GA's data (ga.go), and how their tables write a value (cells.go).
package kit
