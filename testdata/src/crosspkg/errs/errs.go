// Package errs keeps a command's errors; their Code methods give the exit
// codes main ends with, through the Coded interface.
package errs

import "io"

// Codes of this package's own.
const (
	CodeNotFound  = 200 // want barecode:`exit code CodeNotFound \(200\) is in the shell-reserved range 126–255.*errs.Coded.Code.s result → os.Exit`
	CodeConflict  = 6
	CodeUnrelated = 9
)

// CodedWriter is a Coded that is also an io.Writer: the Write it embeds is
// io's, whose facts are no business of this package.
type CodedWriter interface {
	io.Writer
	Coded
}

// Sink is a CodedWriter.
type Sink struct{}

func (Sink) Error() string { return "sink" }

// Code is the exit code of a Sink.
func (Sink) Code() int { return CodeConflict }

// Write counts nothing.
func (Sink) Write(p []byte) (int, error) { return 0, nil }

// Coded is an error with an exit code.
type Coded interface {
	error
	Code() int
}

// NotFound is no such thing.
type NotFound struct{ Name string }

func (e *NotFound) Error() string { return e.Name + " not found" }

// Code is the exit code of a NotFound.
func (e *NotFound) Code() int { return CodeNotFound }

// Conflict is a clash.
type Conflict struct{}

func (Conflict) Error() string { return "conflict" }

// Code is the exit code of a Conflict.
func (Conflict) Code() int { return CodeConflict }

// Unrelated has a Code method but is no error: it implements no Coded.
type Unrelated struct{}

// Code is a count.
func (Unrelated) Code() int { return CodeUnrelated }

// Stale is an error whose status main exits with through an interface
// main declares itself: no fact names it, its implementations do.
type Stale struct{}

func (Stale) Error() string { return "stale" }

// Status is the exit status of a Stale.
func (Stale) Status() int { return 21 } // want barecode:`exit code 21 is in the framework-reserved range 14–63.*errs.Stale.Status's result → os.Exit`

// Gauge has a Status too, but is no error: it implements no interface main
// exits through.
type Gauge struct{}

// Status is a reading.
func (Gauge) Status(scale int) int { return 99 }
