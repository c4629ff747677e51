//go:build unix && !linux

package indexcache

// mapPopulate is Linux's alone; elsewhere the pages are mapped as they are first read.
const mapPopulate = 0
