package indexcache

import "syscall"

// mapPopulate asks Linux to map every page at once, rather than one page fault at a time: the
// search reads all of them.
const mapPopulate = syscall.MAP_POPULATE
