// Package lookalike has commands the package cannot see whole, and types
// that merely look like the runner's.
package lookalike

import (
	"context"

	"github.com/exitlint/exitlint/envelope"
	"github.com/exitlint/exitlint/exitcode"
)

// Get is returned for another package to bind, perhaps through the cobra
// adapter, which declares ARG_ERROR: its ARG_ERROR is not reported.
func Get() envelope.Command[string, string] {
	return envelope.Command[string, string]{
		Name:  "get",
		Codes: []exitcode.Entry{{Code: exitcode.NotFound}},
		Validate: func(ctx context.Context, args []string, _ *envelope.Output) (string, error) {
			return "", exitcode.New(exitcode.ArgError, "NAME_MISSING", "a name is needed")
		},
		Execute: func(ctx context.Context, name string, _ *envelope.Output) (string, error) {
			return "", exitcode.New(exitcode.Conflict, "BUSY", name) // want `command "get" may end with CONFLICT \(6\)`
		},
	}
}

// Command is the program's own type with the runner's field names.
type Command struct {
	Codes   []exitcode.Entry
	Execute func(ctx context.Context) error
}

var Own = Command{
	Execute: func(ctx context.Context) error {
		return exitcode.New(exitcode.Conflict, "BUSY", "busy")
	},
}
