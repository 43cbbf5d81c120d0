// Package signals: signalling the process itself (job control, as a
// terminal UI suspends on ctrl-z) changes nothing an agent would undo;
// signalling another process does.
package signals

import (
	"os"
	"syscall"

	"github.com/exitlint/exitlint/exitcode"
)

func suspendThenValidate(format string) error {
	_ = syscall.Kill(0, syscall.SIGTSTP) // the process's own group
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json")
	}
	return nil
}

func selfSignal(format string) error {
	_ = syscall.Kill(os.Getpid(), syscall.SIGUSR1)
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json")
	}
	return nil
}

// suspend is a helper deep in a UI library: no side effect for its callers.
func suspend() { _ = syscall.Kill(0, syscall.SIGTSTP) }

func viaHelper(format string) error {
	suspend()
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json")
	}
	return nil
}

func stop(pid int, format string) error {
	if err := syscall.Kill(pid, syscall.SIGTERM); err != nil {
		return err
	}
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json") // want `ARG_ERROR returned \(exitcode.New\) after a side effect: syscall.Kill signals a process`
	}
	return nil
}

func killOther(p *os.Process, format string) error {
	if err := p.Kill(); err != nil {
		return err
	}
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json") // want `ARG_ERROR returned \(exitcode.New\) after a side effect: os.Process.Kill kills a process`
	}
	return nil
}
