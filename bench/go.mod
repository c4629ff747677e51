module course/bench

// The bench asks Go 1.26 where the course asks 1.25: github.com/tmaxmax/go-sse v0.12.0, the
// version docs/sse-peers.md measures against, declares go 1.26.
go 1.26

require course v0.0.0

require github.com/tmaxmax/go-sse v0.12.0

require golang.org/x/sys v0.47.0 // indirect

replace course => ../
