package main

import (
	"context"
	"os"

	"github.com/exitlint/exitlint/envelope"
	"github.com/exitlint/exitlint/exitcode"
)

// rollback runs through exitlint's runner: its Codes are the exit codes the
// manifest tells agents it may end with.
var rollback = envelope.Command[string, string]{
	Name:  "rollback",
	Codes: []exitcode.Entry{{Code: exitcode.ArgError}, {Code: exitcode.AuthRequired}},
	Validate: func(_ context.Context, args []string, _ *envelope.Output) (string, error) {
		if len(args) != 1 {
			return "", exitcode.New(exitcode.ArgError, "ENV_MISSING", "rollback takes one environment")
		}
		if os.Getenv("DEPLOY_TOKEN") == "" {
			return "", exitcode.New(exitcode.AuthRequired, "UNAUTHORIZED", "no deploy token") // payload: none of the TOKEN_ codes
		}
		return args[0], nil
	},
	Execute: func(_ context.Context, env string, _ *envelope.Output) (string, error) {
		if _, err := os.Stat(".deploy.lock"); err == nil {
			return "", exitcode.New(exitcode.Conflict, "DEPLOY_LOCKED", "a deploy is in progress") // undeclared: CONFLICT is not in Codes
		}
		return env, nil
	},
}
