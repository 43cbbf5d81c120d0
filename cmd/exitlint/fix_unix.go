//go:build unix

package main

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// keepOwner gives the temporary file that replaces a fixed file the
// original's owner and group, where the system permits: a user who may
// not give a file away keeps the file as theirs.
func keepOwner(tmp *os.File, info fs.FileInfo) {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		_ = tmp.Chown(int(st.Uid), int(st.Gid))
	}
}

// processRuns reports whether a process with the ID pid runs: signal 0
// finds it, or finds one this user may not signal.
func processRuns(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
