// Package bench holds the benchmarks and conformance runs that set the course's sse reader
// beside other Go readers of server-sent events. It is a module of its own so that the peers
// it measures stay out of the course's dependencies.
package bench
