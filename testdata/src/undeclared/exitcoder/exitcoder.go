// Package exitcoder returns errors of the program's own type with an
// ExitCode() int method from a command's phases: the runner's
// exitcode.FromError does not read ExitCode(), so the phase ends with
// GENERAL_ERROR, which every command declares, whatever the field holds.
package exitcoder

import (
	"context"

	"cases/undeclared/exitcoder/own"

	"github.com/exitlint/exitlint/envelope"
	"github.com/exitlint/exitlint/exitcode"
)

// localError is this package's own ExitCoder.
type localError struct{ code int }

func (e localError) Error() string { return "local" }
func (e localError) ExitCode() int { return e.code }

func missing(name string) error { return own.Exit("no "+name, 5) }

var errBusy = &own.ExitError{Msg: "busy", Code: 6}

var fetch = envelope.Command[string, string]{
	Name:  "fetch",
	Codes: []exitcode.Entry{{Code: exitcode.ArgError}},
	Execute: func(ctx context.Context, name string, _ *envelope.Output) (string, error) {
		switch name {
		case "":
			return "", &own.ExitError{Msg: "empty", Code: 4}
		case "busy":
			return "", errBusy
		case "gone":
			return "", missing(name)
		case "local":
			return "", localError{code: 7}
		case "locked":
			return "", exitcode.New(exitcode.Conflict, "LOCKED", name) // want `command "fetch" may end with CONFLICT \(6\) through this return \(exitcode.New\)`
		}
		return name, nil
	},
}
