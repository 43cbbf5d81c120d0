package envelope_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/exitlint/exitlint/envelope"
)

// childEnv makes the test binary a CLI built on the runtime (see
// childCLI), run with the command line the variable holds: the built
// binary the signal and standard output tests run as an agent would.
const childEnv = "ENVELOPE_TEST_CHILD_ARGS"

func TestMain(m *testing.M) {
	if args, ok := os.LookupEnv(childEnv); ok {
		os.Args = append(os.Args[:1], strings.Fields(args)...)
		envelope.Main(childCLI())
		os.Exit(99) // Main ends the process
	}
	os.Exit(m.Run())
}

// childCLI is the CLI of the child process. Its commands tell the parent on
// standard error when they begin waiting ("ready"):
//   - wait validate|execute: waits in that phase for its context;
//   - stuck: waits in the execute phase, ignoring its context;
//   - print: prints to os.Stdout besides its envelope.
func childCLI() *envelope.Registry {
	none := func(context.Context, []string, *envelope.Output) (string, error) { return "", nil }
	ready := func() { fmt.Fprintln(os.Stderr, "ready") }
	wait := envelope.Command[string, result]{
		Name: "wait",
		Validate: func(ctx context.Context, args []string, _ *envelope.Output) (string, error) {
			if len(args) > 0 && args[0] == "validate" {
				ready()
				<-ctx.Done()
				return "", ctx.Err()
			}
			return "", nil
		},
		Execute: func(ctx context.Context, _ string, _ *envelope.Output) (result, error) {
			ready()
			<-ctx.Done()
			return result{}, fmt.Errorf("uploading: %w", ctx.Err())
		},
	}
	stuck := envelope.Command[string, result]{
		Name:     "stuck",
		Validate: none,
		Execute: func(context.Context, string, *envelope.Output) (result, error) {
			ready()
			select {}
		},
	}
	chatty := envelope.Command[string, result]{
		Name:     "print",
		Validate: none,
		Execute: func(context.Context, string, *envelope.Output) (result, error) {
			fmt.Println("debug: stray")
			return result{Written: 1}, nil
		},
	}
	r := envelope.NewRegistry("child")
	r.MustAdd(wait, stuck, chatty)
	return r
}
