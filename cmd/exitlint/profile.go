package main

import (
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"

	"github.com/exitlint/exitlint/exitcode"
)

// startProfiles starts the CPU profile and returns the function that stops
// it and writes the heap profile. Either file name may be empty. A file that
// cannot be created is PERMISSION_DENIED when the file system says so, and a
// precondition failure otherwise; no analysis has run yet, so nothing else
// happened.
func startProfiles(cpuFile, memFile string) (stop func() error, err error) {
	var cpu *os.File
	if cpuFile != "" {
		cpu, err = os.Create(cpuFile)
		if err != nil {
			return nil, profileError(err)
		}
		if err := pprof.StartCPUProfile(cpu); err != nil {
			cpu.Close()
			return nil, exitcode.New(exitcode.GeneralError, "PROFILE", err.Error())
		}
	}
	return func() error {
		if cpu != nil {
			pprof.StopCPUProfile()
			if err := cpu.Close(); err != nil {
				return profileError(err)
			}
		}
		if memFile == "" {
			return nil
		}
		f, err := os.Create(memFile)
		if err != nil {
			return profileError(err)
		}
		runtime.GC()
		werr := pprof.Lookup("allocs").WriteTo(f, 0)
		if cerr := f.Close(); werr == nil {
			werr = cerr
		}
		if werr != nil {
			return profileError(werr)
		}
		return nil
	}, nil
}

func profileError(err error) error {
	code := exitcode.Precondition
	if os.IsPermission(err) {
		code = exitcode.PermissionDenied
	}
	return exitcode.New(code, "PROFILE", fmt.Sprintf("cannot write the profile: %v", err)).
		WithSuggestion("name a file in a writable directory")
}
