package cobraenv_test

import (
	"context"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/exitlint/exitlint/adapters/cobraenv"
	"github.com/exitlint/exitlint/envelope"
	"github.com/exitlint/exitlint/exitcode"
)

// argTree is a tree whose bound commands declare no ARG_ERROR ("fetch",
// "links check"), or their own ARG_ERROR entry ("put"), and the schema
// command.
func argTree(t *testing.T) *cobraenv.App {
	t.Helper()
	root := &cobra.Command{Use: "tool"}
	fetch := &cobra.Command{Use: "fetch NAME", Args: cobra.ExactArgs(1)}
	var limit int
	fetch.Flags().IntVar(&limit, "limit", 1, "")
	put := &cobra.Command{Use: "put"}
	links := &cobra.Command{Use: "links"}
	check := &cobra.Command{Use: "check", Args: cobra.NoArgs}
	links.AddCommand(check)
	root.AddCommand(fetch, put, links)
	app := cobraenv.New(root)
	noArgError := envelope.Command[struct{}, greeting]{
		Codes:    []exitcode.Entry{{Code: exitcode.NotFound}},
		Validate: func(context.Context, []string, *envelope.Output) (struct{}, error) { return struct{}{}, nil },
		Execute: func(context.Context, struct{}, *envelope.Output) (greeting, error) {
			return greeting{Text: "hi"}, nil
		},
	}
	cobraenv.Bind(app, fetch, noArgError)
	cobraenv.Bind(app, check, noArgError)
	own := noArgError
	own.Codes = []exitcode.Entry{{Code: exitcode.ArgError, Action: "read the put command's help, then retry"}}
	cobraenv.Bind(app, put, own)
	app.AddSchemaCommand()
	if err := app.Check(); err != nil {
		t.Fatal(err)
	}
	return app
}

func exitCodesOf(t *testing.T, m envelope.Manifest, command string) map[exitcode.Code]envelope.ExitCodeEntry {
	t.Helper()
	for _, c := range m.Commands {
		if c.Name == command {
			out := map[exitcode.Code]envelope.ExitCodeEntry{}
			for _, e := range c.ExitCodes {
				out[e.Code] = e
			}
			return out
		}
	}
	t.Fatalf("the manifest has no command %q", command)
	return nil
}

// TestManifestListsArgError: cobra answers a bad flag or bad arguments of
// any bound command with ARG_ERROR before the command runs, so the manifest
// entry of every bound command lists ARG_ERROR, with the table's defaults
// unless the command declares its own entry, which wins. Every exit code a
// bad command line ends with is in the command's entry.
func TestManifestListsArgError(t *testing.T) {
	app := argTree(t)
	man, err := app.Manifest()
	if err != nil {
		t.Fatal(err)
	}
	row, _ := exitcode.Lookup(exitcode.ArgError)
	for _, name := range []string{"fetch", "links check", "schema"} {
		e, ok := exitCodesOf(t, man, name)[exitcode.ArgError]
		if !ok {
			t.Errorf("the manifest entry of %q lacks ARG_ERROR", name)
			continue
		}
		if e.Retryable == nil || !*e.Retryable || e.SideEffects != "none" || e.Action != row.Action || e.Name != "ARG_ERROR" {
			t.Errorf("%q: ARG_ERROR entry %+v, want the table's defaults", name, e)
		}
	}
	if e := exitCodesOf(t, man, "put")[exitcode.ArgError]; e.Action != "read the put command's help, then retry" {
		t.Errorf("put declares its own ARG_ERROR action; the manifest has %+v", e)
	}
	if got := exitCodesOf(t, man, "fetch"); len(got) != 5 {
		t.Errorf("fetch: exit codes %v, want SUCCESS, GENERAL_ERROR, ARG_ERROR, NOT_FOUND and TIMEOUT (every command may be cut short)", got)
	}

	for _, tc := range []struct{ line, cmd string }{
		{"fetch --bogus", "fetch"},
		{"fetch", "fetch"},
		{"fetch a b", "fetch"},
		{"fetch a --limit x", "fetch"},
		{"put --bogus", "put"},
		{"links check extra", "links check"},
		{"links check --bogus", "links check"},
		{"schema --bogus", "schema"},
	} {
		code, m := run(t, argTree(t), strings.Fields(tc.line)...)
		if code != exitcode.ArgError {
			t.Errorf("tool %s: exit %d, want ARG_ERROR: %v", tc.line, code, m)
			continue
		}
		if _, ok := exitCodesOf(t, man, tc.cmd)[code]; !ok {
			t.Errorf("tool %s exits %d, which the manifest entry of %q does not list", tc.line, code, tc.cmd)
		}
	}

	// The help of a command carries the same entry.
	code, m := run(t, argTree(t), "fetch", "--help")
	codes := m["data"].(map[string]any)["manifest"].(map[string]any)["exit_codes"].([]any)
	found := false
	for _, c := range codes {
		if c.(map[string]any)["code"] == float64(exitcode.ArgError) {
			found = true
		}
	}
	if code != exitcode.Success || !found {
		t.Errorf("fetch --help: exit %d, the manifest entry in the help lacks ARG_ERROR: %v", code, codes)
	}
}

// TestBindKeepsTheCallersCodes: Bind adds ARG_ERROR to the bound command's
// declarations, not to the caller's slice.
func TestBindKeepsTheCallersCodes(t *testing.T) {
	codes := make([]exitcode.Entry, 1, 4)
	codes[0] = exitcode.Entry{Code: exitcode.NotFound}
	cmd := envelope.Command[struct{}, greeting]{
		Codes:    codes,
		Validate: func(context.Context, []string, *envelope.Output) (struct{}, error) { return struct{}{}, nil },
		Execute:  func(context.Context, struct{}, *envelope.Output) (greeting, error) { return greeting{}, nil },
	}
	root := &cobra.Command{Use: "tool"}
	a, b := &cobra.Command{Use: "a"}, &cobra.Command{Use: "b"}
	root.AddCommand(a, b)
	app := cobraenv.New(root)
	cobraenv.Bind(app, a, cmd)
	codes = append(codes, exitcode.Entry{Code: exitcode.Conflict})
	cmd.Codes = codes
	cobraenv.Bind(app, b, cmd)
	man, err := app.Manifest()
	if err != nil {
		t.Fatal(err)
	}
	if got := exitCodesOf(t, man, "a"); len(got) != 5 {
		t.Errorf("a: %v, want SUCCESS, GENERAL_ERROR, ARG_ERROR, NOT_FOUND, TIMEOUT", got)
	}
	if got := exitCodesOf(t, man, "b"); len(got) != 6 {
		t.Errorf("b: %v, want SUCCESS, GENERAL_ERROR, ARG_ERROR, NOT_FOUND, CONFLICT, TIMEOUT", got)
	}
	if codes[1].Code != exitcode.Conflict {
		t.Errorf("Bind changed the caller's Codes: %v", codes)
	}
}
