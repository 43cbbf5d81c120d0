// Package errs keeps a command's errors; their Code methods give the exit
// codes main ends with, through the Coded interface.
package errs

// Codes of this package's own.
const (
	CodeNotFound  = 200 // want barecode:`exit code CodeNotFound \(200\) is in the shell-reserved range 126–255.*errs.Coded.Code.s result → os.Exit`
	CodeConflict  = 6
	CodeUnrelated = 9
)

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
