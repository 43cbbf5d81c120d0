// Package bound binds commands to a cobra tree through the adapter, which
// declares ARG_ERROR for every bound command.
package bound

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/exitlint/exitlint/adapters/cobraenv"
	"github.com/exitlint/exitlint/envelope"
	"github.com/exitlint/exitlint/exitcode"
)

var get = envelope.Command[string, string]{
	Codes: []exitcode.Entry{{Code: exitcode.NotFound}},
	Validate: func(ctx context.Context, args []string, _ *envelope.Output) (string, error) {
		if len(args) != 1 {
			return "", exitcode.New(exitcode.ArgError, "NAME_MISSING", "get takes one name") // ARG_ERROR: the adapter declares it
		}
		return args[0], nil
	},
	Execute: func(ctx context.Context, name string, _ *envelope.Output) (string, error) {
		return "", exitcode.New(exitcode.Conflict, "BUSY", name) // want `this command may end with CONFLICT \(6\) through this return \(exitcode.New\), and its Codes do not declare it`
	},
}

func Main() {
	root := &cobra.Command{Use: "notes"}
	getCmd := &cobra.Command{Use: "get"}
	root.AddCommand(getCmd)
	app := cobraenv.New(root)
	cobraenv.Bind(app, getCmd, get)
	cobraenv.Bind(app, &cobra.Command{Use: "put"}, envelope.Command[string, string]{
		Name: "put",
		Validate: func(ctx context.Context, args []string, _ *envelope.Output) (string, error) {
			return "", exitcode.New(exitcode.ArgError, "BAD", "bad") // declared by the adapter
		},
	})
	app.Main()
}
