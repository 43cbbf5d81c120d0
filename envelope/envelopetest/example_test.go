package envelopetest_test

import (
	"context"
	"fmt"

	"github.com/exitlint/exitlint/envelope"
	"github.com/exitlint/exitlint/envelope/envelopetest"
	"github.com/exitlint/exitlint/exitcode"
)

// ExampleChecker_Check runs command lines of a small CLI and shows what a
// test sees: the problems found (none: the CLI keeps the contract) and the
// table Expect would report when a field is not what the test expects. In a
// test, envelopetest.Run(t, cli, args...) reports the problems itself, and
// r.Expect(t, code, fields) the table.
func ExampleChecker_Check() {
	get := envelope.Command[string, Note]{
		Name:  "get",
		Codes: []exitcode.Entry{{Code: exitcode.NotFound}},
		Validate: func(_ context.Context, args []string, _ *envelope.Output) (string, error) {
			return args[0], nil
		},
		Execute: func(_ context.Context, name string, _ *envelope.Output) (Note, error) {
			return Note{}, exitcode.New(exitcode.NotFound, "NOTE_NOT_FOUND", "no note "+name)
		},
	}
	cli := envelope.NewRegistry("notes").MustAdd(get)

	r := envelopetest.Checker{}.Check(context.Background(), cli, "get", "todo")
	fmt.Println("problems:", len(r.Problems))
	fmt.Print(r.Diff(exitcode.NotFound, envelopetest.Fields{
		"/error/code":      "NOTE_MISSING",
		"/error/retryable": false,
	}))
	// Output:
	// problems: 0
	//   field        want            got
	//   /error/code  "NOTE_MISSING"  "NOTE_NOT_FOUND"
}
