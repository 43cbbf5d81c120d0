package phaseexit

import (
	"context"
	"errors"
	"os"

	"github.com/exitlint/exitlint/envelope"
	"github.com/exitlint/exitlint/exitcode"
)

// Command looks like the runner's but is a type of this package: its
// phases may exit as they like.
type Command struct {
	Validate func(args []string) error
	Execute  func() error
}

var own = Command{
	Validate: func(args []string) error {
		if len(args) == 0 {
			os.Exit(3)
		}
		return nil
	},
}

// A phase that returns its errors, and helpers that do not exit.
var good = envelope.Command[string, note]{
	Name: "good",
	Validate: func(_ context.Context, args []string, _ *envelope.Output) (string, error) {
		if len(args) == 0 {
			return "", exitcode.New(exitcode.ArgError, "NAME_MISSING", "want a name")
		}
		return args[0], check(args[0])
	},
	Execute: func(_ context.Context, name string, out *envelope.Output) (note, error) {
		out.Warn("%s", name)
		return note{Title: name}, nil
	},
}

func check(name string) error {
	if name == "-" {
		return errors.New("bad name")
	}
	return nil
}

// exitAfter is not a phase: it is called with the runner's result.
func exitAfter() {
	exitcode.Exit(good.Run(context.Background(), nil, os.Stdout))
	_ = own
}
