// Package flags holds constants named for exit codes that are bit flags or
// parts of a packed word, which no process exits with as they are, beside
// tables that are exit codes.
package flags

import "os"

// ExitCode is the reason compiled code returns to its runtime: the low
// byte is the reason, the bits above it an index. Its members are known as
// exit codes only by the type's name, and the package packs them with
// other bits: they are no process's exit status.
type ExitCode uint32

const (
	ExitCodeOK ExitCode = iota
	ExitCodeGrowStack
	ExitCodeGrowMemory
	ExitCodeUnreachable
	ExitCodeCallGoFunction
)

// ExitCodeMask selects the reason of a packed ExitCode.
const ExitCodeMask = 0xff

// WithIndex packs a function index above the reason.
func WithIndex(c ExitCode, index int) ExitCode { return c | ExitCode(index<<8) }

// Reason unpacks the reason.
func Reason(c ExitCode) ExitCode { return c & ExitCodeMask }

// The state of a closed module, stored beside its exit code: bit flags
// declared by a shift, no exit codes.
const (
	exitCodeFlagResourceClosed = 1 << iota
	exitCodeFlagResourceNotClosed
)

func closedState(code uint32, flag uint64) uint64 { return flag | uint64(code)<<32 }

// ExitStatus is a table known by its type's name only, whose members the
// package never combines: an exit table, checked.
type ExitStatus int

const (
	StatusOK     ExitStatus = iota
	StatusFailed            // 1: the catch-all value, no finding
	StatusUsage             // want `exit code StatusUsage is 2, which the contract calls PARTIAL_FAILURE; ARG_ERROR is 3`
)

// Bit flags a program does exit with, one at a time: a member that reaches
// an exit is an exit code, however it is declared.
const (
	ExitIssuesFound = 1 << iota
	ExitScanFailed  // want `exit code ExitScanFailed is 2, which an agent reads as PARTIAL_FAILURE`
)

func main() {
	_ = WithIndex(ExitCodeCallGoFunction, 3)
	_ = Reason(ExitCodeGrowMemory)
	_ = closedState(0, exitCodeFlagResourceClosed|exitCodeFlagResourceNotClosed)
	if len(os.Args) > 2 {
		os.Exit(ExitScanFailed)
	}
}
