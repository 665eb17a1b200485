// Package heaptest reads what a process keeps in memory, for the tests
// that bound what one piece of the server holds: the heap a loaded table,
// a catalogue or the web handler keeps, measured as the difference of two
// readings around making it.
package heaptest

import "runtime"

// Live is the heap still in use once the garbage is collected, in bytes.
func Live() int64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int64(ms.HeapAlloc)
}
