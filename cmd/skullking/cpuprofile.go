package main

import (
	"os"
	"runtime/pprof"
)

// startCPUProfile starts writing a CPU profile of the process to path (the
// --cpuprofile flag of sim and load); the function it returns stops the
// profile and closes the file.
func startCPUProfile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}
