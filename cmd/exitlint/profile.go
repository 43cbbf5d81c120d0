package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"runtime"
	"runtime/pprof"

	"github.com/exitlint/exitlint/exitcode"
)

// startProfiles opens the profile files and starts the CPU profile, and
// returns the function that stops it and writes the heap profile. Either
// file name may be empty.
//
// Both files are opened before anything else happens, without truncating
// one that exists: a name that cannot be written is an ARG_ERROR, and
// nothing has changed then (a file opened for the other flag is removed
// again if it did not exist before). A profile that cannot be completed
// when the analysis ends is a PARTIAL_FAILURE: its file was written.
func startProfiles(cpuFile, memFile string) (stop func() error, err error) {
	var opened []*profileFile
	undo := func() {
		for _, f := range opened {
			f.abandon()
		}
	}
	var cpu, mem *profileFile
	for _, p := range []struct {
		flag, name string
		to         **profileFile
	}{{"-cpuprofile", cpuFile, &cpu}, {"-memprofile", memFile, &mem}} {
		if p.name == "" {
			continue
		}
		f, err := openProfile(p.flag, p.name)
		if err != nil {
			undo()
			//exitlint:ignore argphase undo removed the profile files this run created: nothing it did is left
			return nil, err
		}
		opened = append(opened, f)
		*p.to = f
	}
	if cpu != nil {
		if err := cpu.f.Truncate(0); err != nil {
			undo()
			//exitlint:ignore argphase undo removed the profile files this run created: nothing it did is left
			return nil, profileArgError("-cpuprofile", cpu.f.Name(), err)
		}
		if err := pprof.StartCPUProfile(cpu.f); err != nil {
			undo()
			return nil, exitcode.New(exitcode.GeneralError, "PROFILE", "cannot start the CPU profile: "+err.Error())
		}
	}
	return func() error {
		var first error
		if cpu != nil {
			pprof.StopCPUProfile()
			if err := cpu.f.Close(); err != nil {
				first = profileWriteError("-cpuprofile", err)
			}
		}
		if mem != nil {
			runtime.GC()
			err := mem.f.Truncate(0)
			if err == nil {
				err = pprof.Lookup("allocs").WriteTo(mem.f, 0)
			}
			if cerr := mem.f.Close(); err == nil {
				err = cerr
			}
			if err != nil && first == nil {
				first = profileWriteError("-memprofile", err)
			}
		}
		return first
	}, nil
}

// profileFile is a profile's file, opened when the run starts.
type profileFile struct {
	f       *os.File
	created bool // it did not exist before
}

// openProfile opens the file a profile flag names for writing, creating it
// if need be but changing nothing in one that exists.
func openProfile(flag, name string) (*profileFile, error) {
	_, statErr := os.Stat(name)
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE, 0o666)
	if err != nil {
		return nil, profileArgError(flag, name, err)
	}
	if info, err := f.Stat(); err == nil && !info.Mode().IsRegular() {
		f.Close()
		//exitlint:ignore argphase the name was an existing non-regular file, which opening did not create or change
		return nil, profileArgError(flag, name, errors.New("not a regular file"))
	}
	return &profileFile{f: f, created: errors.Is(statErr, fs.ErrNotExist)}, nil
}

// abandon closes the file, and removes it if the run created it.
func (p *profileFile) abandon() {
	p.f.Close()
	if p.created {
		os.Remove(p.f.Name())
	}
}

func profileArgError(flag, name string, err error) error {
	return exitcode.New(exitcode.ArgError, "PROFILE_PATH", fmt.Sprintf("%s %s: cannot write the profile there: %v", flag, name, err)).
		WithSuggestion("name a file in an existing, writable directory")
}

func profileWriteError(flag string, err error) error {
	return exitcode.New(exitcode.PartialFailure, "PROFILE_INCOMPLETE", fmt.Sprintf("%s: the profile could not be completed: %v", flag, err)).
		WithSuggestion("the analysis ran, but its profile file is incomplete: free space or name another file, then run again")
}
