package cobraenv_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/exitlint/exitlint/adapters/cobraenv"
	"github.com/exitlint/exitlint/envelope"
	"github.com/exitlint/exitlint/exitcode"
)

type Note struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

// Example builds a cobra CLI whose every command line — a command, a flag
// cobra cannot parse, a renamed command, a typo, help — ends in one
// envelope. A real program's main ends with app.Main().
func Example() {
	root := &cobra.Command{Use: "notes", Short: "keep notes"}
	var upper bool
	get := &cobra.Command{Use: "get NAME", Short: "print one note", Args: cobra.ExactArgs(1)}
	get.Flags().BoolVar(&upper, "upper", false, "print the text in capitals")
	root.AddCommand(get)

	app := cobraenv.New(root)
	cobraenv.Bind(app, get, envelope.Command[string, Note]{
		Codes: []exitcode.Entry{{Code: exitcode.ArgError}, {Code: exitcode.NotFound}},
		Validate: func(_ context.Context, args []string, _ *envelope.Output) (string, error) {
			return args[0], nil // cobra.ExactArgs checked the count
		},
		Execute: func(_ context.Context, name string, _ *envelope.Output) (Note, error) {
			if name != "todo" {
				return Note{}, exitcode.New(exitcode.NotFound, "NOTE_NOT_FOUND", "no note "+name)
			}
			text := "buy milk"
			if upper {
				text = strings.ToUpper(text)
			}
			return Note{Name: name, Text: text}, nil
		},
	})
	app.Redirect("show", "get", true, exitcode.ReasonRenamed)
	app.AddSchemaCommand()
	if err := app.Check(); err != nil {
		fmt.Println(err)
		return
	}

	for _, line := range []string{"get todo --upper", "get todo --uper", "show todo", "gte todo", "get"} {
		var out bytes.Buffer
		code := app.Run(context.Background(), strings.Fields(line), &out)
		fmt.Printf("notes %s → exit %d: %s\n", line, int(code), elide(out.String()))
	}
	// Output:
	// notes get todo --upper → exit 0: {"ok":true,"data":{"name":"todo","text":"BUY MILK"},"error":null,"warnings":[],"meta":{…}}
	// notes get todo --uper → exit 3: {"ok":false,"data":null,"error":{"code":"BAD_FLAG","message":"unknown flag: --uper","retryable":true,"phase":"validation","suggestion":"run notes get --help for the flags"},"warnings":[],"meta":{…}}
	// notes show todo → exit 13: {"ok":false,"data":null,"error":{"code":"COMMAND_RENAMED","message":"\"notes show\" is now \"notes get\"","retryable":true,"phase":"validation","redirect":{"command":"notes get todo","permanent":true,"reason":"renamed"}},"warnings":[],"meta":{…}}
	// notes gte todo → exit 13: {"ok":false,"data":null,"error":{"code":"COMMAND_TYPO","message":"there is no command \"gte\"; did you mean \"get\"?","retryable":true,"phase":"validation","redirect":{"command":"notes get todo","permanent":false,"reason":"typo_corrected"}},"warnings":[],"meta":{…}}
	// notes get → exit 3: {"ok":false,"data":null,"error":{"code":"BAD_ARGUMENTS","message":"accepts 1 arg(s), received 0","retryable":true,"phase":"validation","suggestion":"run notes get --help for the arguments"},"warnings":[],"meta":{…}}
}

// elide replaces meta, whose duration_ms varies, with {…}.
func elide(s string) string {
	i := strings.Index(s, `"meta":`)
	if i < 0 {
		return s
	}
	return s[:i] + `"meta":{…}}`
}
