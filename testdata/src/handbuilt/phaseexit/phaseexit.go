// Package phaseexit: an exit inside a runner phase ends the process before
// the runner writes the envelope.
package phaseexit

import (
	"context"
	"log"
	"os"

	"github.com/exitlint/exitlint/envelope"
	"github.com/exitlint/exitlint/exitcode"
)

type note struct {
	Title string `json:"title"`
}

func mustName(args []string) string {
	if len(args) == 0 {
		exitcode.Exit(exitcode.ArgError)
	}
	return args[0]
}

func validateOrDie(_ context.Context, args []string, _ *envelope.Output) (string, error) {
	if len(args) == 0 {
		os.Exit(3)
	}
	return args[0], nil
}

var get = envelope.Command[string, note]{
	Name:  "get",
	Codes: []exitcode.Entry{{Code: exitcode.ArgError}, {Code: exitcode.NotFound}},
	Validate: func(_ context.Context, args []string, _ *envelope.Output) (string, error) {
		return mustName(args), nil // want `mustName ends the process \(via exitcode.Exit\(3\)\) inside the validate phase of command "get"`
	},
	Execute: func(_ context.Context, name string, _ *envelope.Output) (note, error) {
		if name == "" {
			exitcode.Exit(exitcode.NotFound) // want `exitcode.Exit ends the process inside the execute phase of command "get"`
		}
		if name == "x" {
			log.Fatalf("no %s", name) // want `log.Fatalf ends the process inside the execute phase of command "get"`
		}
		return note{Title: name}, nil
	},
}

var rm = envelope.Command[string, note]{
	Name:     "rm",
	Validate: validateOrDie, // want `validateOrDie, the validate phase of command "rm", ends the process \(via os.Exit\(3\)\)`
	Execute: func(_ context.Context, name string, _ *envelope.Output) (note, error) {
		return note{Title: name}, nil
	},
}

func later() {
	var cmd envelope.Command[string, note]
	cmd.Execute = func(context.Context, string, *envelope.Output) (note, error) {
		os.Exit(5) // want `os.Exit ends the process inside the execute phase of command`
		return note{}, nil
	}
	_ = cmd
}

// main exits after the runner has written the envelope: that is the way.
func main() {
	code := get.Run(context.Background(), os.Args[1:], os.Stdout)
	_ = rm
	exitcode.Exit(code)
}
