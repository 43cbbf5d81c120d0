package main

import (
	"flag"
	"log"
	"os"
	"runtime/pprof"
	"runtime/trace"
)

var (
	cpuProfile = flag.String("cpuprofile", "", "write a CPU profile to this file")
	traceOut   = flag.String("trace", "", "write an execution trace to this file")
)

// startProfiles: a profile is written for the developer who asked for it;
// when it cannot be, no agent reads the code.
func startProfiles() func() {
	if *cpuProfile == "" {
		return func() {}
	}
	f, err := os.Create(*cpuProfile)
	if err != nil {
		log.Fatal("could not create CPU profile: ", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		log.Fatal("could not start CPU profile: ", err)
	}
	t, err := os.CreateTemp("", "trace")
	if err != nil {
		os.Exit(1)
	}
	if err := trace.Start(t); err != nil {
		os.Exit(1)
	}
	return pprof.StopCPUProfile
}

// writeHeap: the same for a heap profile, and a named profile's WriteTo.
func writeHeap(path string) {
	f, err := os.Create(path)
	if err != nil {
		os.Exit(1)
	}
	if err := pprof.WriteHeapProfile(f); err != nil {
		os.Exit(1)
	}
	if err := pprof.Lookup("goroutine").WriteTo(f, 1); err != nil {
		os.Exit(1)
	}
}

// writeReport: a file the command writes for its caller is no profile,
// even beside one.
func writeReport(path string) {
	out, err := os.Create(path)
	if err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
	defer out.Close()
	if *traceOut != "" {
		f, _ := os.Create(*traceOut)
		_ = trace.Start(f)
	}
}
