module course/bench

go 1.26

require course v0.0.0

require github.com/tmaxmax/go-sse v0.12.0

replace course => ../
