package cobraenv_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/exitlint/exitlint/adapters/cobraenv"
	"github.com/exitlint/exitlint/envelope"
	"github.com/exitlint/exitlint/exitcode"
)

type greeting struct {
	Text string `json:"text"`
}

func greet() envelope.Command[string, greeting] {
	return envelope.Command[string, greeting]{
		Codes: []exitcode.Entry{{Code: exitcode.ArgError}, {Code: exitcode.NotFound}},
		Validate: func(_ context.Context, args []string, _ *envelope.Output) (string, error) {
			if len(args) != 1 {
				return "", exitcode.New(exitcode.ArgError, "NAME_MISSING", "want one name")
			}
			return args[0], nil
		},
		Execute: func(_ context.Context, name string, _ *envelope.Output) (greeting, error) {
			return greeting{Text: "hello, " + name}, nil
		},
	}
}

func run(t *testing.T, app *cobraenv.App, args ...string) (exitcode.Code, map[string]any) {
	t.Helper()
	var buf bytes.Buffer
	code := app.Run(context.Background(), args, &buf)
	if v := envelope.Validate(bytes.TrimSpace(buf.Bytes()), int(code)); len(v) > 0 {
		t.Errorf("%q: %v: %s", args, v, buf.Bytes())
	}
	var m map[string]any
	if err := json.Unmarshal(buf.Bytes(), &m); err != nil {
		t.Fatalf("%q: not one envelope: %v: %s", args, err, buf.Bytes())
	}
	return code, m
}

func errCode(m map[string]any) any {
	e, _ := m["error"].(map[string]any)
	return e["code"]
}

func TestSetupErrors(t *testing.T) {
	root := &cobra.Command{Use: "tool"}
	own := &cobra.Command{Use: "own", RunE: func(*cobra.Command, []string) error { return nil }}
	named := &cobra.Command{Use: "named"}
	twice := &cobra.Command{Use: "twice"}
	outside := &cobra.Command{Use: "outside"}
	root.AddCommand(own, named, twice)
	app := cobraenv.New(root)
	g := greet()
	g.Name = "other"
	cobraenv.Bind(app, named, g)
	cobraenv.Bind(app, twice, greet())
	cobraenv.Bind(app, twice, greet())
	cobraenv.Bind(app, outside, greet())
	app.Redirect("old", "nothing", true, exitcode.ReasonRenamed)
	err := app.Check()
	if err == nil {
		t.Fatal("Check accepts a tree that breaks the contract")
	}
	for _, want := range []string{
		`"tool own" runs outside the envelope runner`,
		`envelope command "other" is bound to cobra command "tool named"`,
		`"tool twice" is bound twice`,
		`"outside" is bound but not in the tree of "tool"`,
		`redirect target "nothing" is not a command`,
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("Check's error lacks %q:\n%v", want, err)
		}
	}
	code, m := run(t, app, "twice", "x")
	if code != exitcode.GeneralError || errCode(m) != cobraenv.SetupCode {
		t.Errorf("a broken tree must answer %s, got %d %v", cobraenv.SetupCode, code, m)
	}
	if _, err := app.Manifest(); err == nil {
		t.Error("Manifest of a broken tree")
	}
}

func TestHooksAndSingleCommand(t *testing.T) {
	root := &cobra.Command{Use: "greet", Args: cobra.MaximumNArgs(1)}
	root.PersistentPreRunE = func(c *cobra.Command, args []string) error {
		if len(args) == 1 && args[0] == "config" {
			return &fs.PathError{Op: "open", Path: "greet.yaml", Err: fs.ErrNotExist}
		}
		if len(args) == 1 && args[0] == "broken" {
			return errors.New("config is broken")
		}
		return nil
	}
	app := cobraenv.New(root)
	cobraenv.Bind(app, root, greet())
	if err := app.Check(); err != nil {
		t.Fatal(err)
	}
	code, m := run(t, app, "ada")
	if code != exitcode.Success || m["data"].(map[string]any)["text"] != "hello, ada" {
		t.Errorf("a single-command CLI: %d %v", code, m)
	}
	if code, _ := run(t, app, "config"); code != exitcode.NotFound {
		t.Errorf("a hook's missing file: %d, want NOT_FOUND", code)
	}
	if code, _ := run(t, app, "broken"); code != exitcode.GeneralError {
		t.Errorf("a hook's plain error: %d, want GENERAL_ERROR", code)
	}
	if code, m := run(t, app, "a", "b"); code != exitcode.ArgError || errCode(m) != "BAD_ARGUMENTS" {
		t.Errorf("too many args: %d %v", code, m)
	}
	code, m = run(t, app, "--help")
	if code != exitcode.Success || m["data"].(map[string]any)["manifest"].(map[string]any)["name"] != "greet" {
		t.Errorf("help of a single-command CLI: %d %v", code, m)
	}
}

func TestCobraExecuteAloneIsRefused(t *testing.T) {
	root := &cobra.Command{Use: "greet", SilenceErrors: true, SilenceUsage: true}
	app := cobraenv.New(root)
	cobraenv.Bind(app, root, greet())
	root.SetArgs([]string{"x"})
	if err := root.Execute(); err == nil || !strings.Contains(err.Error(), "App.Run or App.Main") {
		t.Errorf("cobra's Execute on a bound tree: %v", err)
	}
}

func TestFlagGroups(t *testing.T) {
	root := &cobra.Command{Use: "tool"}
	sub := &cobra.Command{Use: "send"}
	var a, b string
	sub.Flags().StringVar(&a, "user", "", "")
	sub.Flags().StringVar(&b, "password", "", "")
	sub.MarkFlagsRequiredTogether("user", "password")
	root.AddCommand(sub)
	app := cobraenv.New(root)
	cobraenv.Bind(app, sub, greet())
	code, m := run(t, app, "send", "x", "--user", "u")
	if code != exitcode.ArgError || errCode(m) != "BAD_FLAG" {
		t.Errorf("a broken flag group: %d %v", code, m)
	}
	e := m["error"].(map[string]any)
	if e["suggestion"] != "run tool send --help for the flags" {
		t.Errorf("suggestion: %v", e["suggestion"])
	}
}

func TestVersionIsData(t *testing.T) {
	root := &cobra.Command{Use: "tool", Version: "1.2.3"}
	var cobraOut bytes.Buffer
	root.SetOut(&cobraOut) // where cobra writes its own version line
	sub := &cobra.Command{Use: "hi"}
	root.AddCommand(sub)
	app := cobraenv.New(root)
	cobraenv.Bind(app, sub, greet())
	var buf bytes.Buffer
	code := app.Run(context.Background(), []string{"--version"}, &buf)
	if cobraOut.Len() > 0 {
		t.Errorf("--version: cobra writes %q besides the envelope", cobraOut.String())
	}
	if code != exitcode.Success || !strings.Contains(buf.String(), `"data":{"program":"tool","version":"1.2.3"}`) || !strings.Contains(buf.String(), `"type":"version"`) {
		t.Errorf("--version: %d %s", code, buf.Bytes())
	}
	if v := envelope.Validate(bytes.TrimSpace(buf.Bytes()), int(code)); len(v) > 0 || bytes.Count(bytes.TrimSpace(buf.Bytes()), []byte("\n")) > 0 {
		t.Errorf("--version: not one valid envelope: %v %s", v, buf.Bytes())
	}
}

func TestHookPanicIsAnEnvelope(t *testing.T) {
	root := &cobra.Command{Use: "tool"}
	sub := &cobra.Command{Use: "hi", PreRun: func(*cobra.Command, []string) { panic("hook bug") }}
	root.AddCommand(sub)
	app := cobraenv.New(root)
	cobraenv.Bind(app, sub, greet())
	code, m := run(t, app, "hi", "x")
	if detail := fmt.Sprint(m["error"].(map[string]any)["detail"]); code != exitcode.GeneralError || errCode(m) != envelope.PanicCode ||
		!strings.HasPrefix(detail, "hook bug\n\ngoroutine ") || !strings.Contains(detail, "TestHookPanicIsAnEnvelope") {
		t.Errorf("a panicking hook: %d %v; want INTERNAL_PANIC, the hook's stack in the detail (test mode)", code, m)
	}
	code, _ = run(t, app, "hi", "x")
	if code != exitcode.GeneralError {
		t.Errorf("the next run: %d", code)
	}
}

// TestLeafWithoutRunIsASetupError: a command with neither Run nor
// subcommands (a Bind forgotten) answers no command line; Check refuses it
// with what to do, instead of a run answering COMMAND_MISSING with no
// commands to choose from.
func TestLeafWithoutRunIsASetupError(t *testing.T) {
	root := &cobra.Command{Use: "tool"}
	get := &cobra.Command{Use: "get NAME"}
	links := &cobra.Command{Use: "links"}
	check := &cobra.Command{Use: "check"}
	stale := &cobra.Command{Use: "stale"}
	links.AddCommand(check, stale)
	root.AddCommand(get, links)
	app := cobraenv.New(root)
	cobraenv.Bind(app, check, greet())
	err := app.Check()
	for _, path := range []string{"tool get", "tool links stale"} {
		want := fmt.Sprintf("cobraenv: cobra command %q has no Run and no subcommands, so it answers no command line: bind it with cobraenv.Bind, give it subcommands, or take it out of the tree", path)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Check: %v; want %q", err, want)
		}
	}
	if err != nil && strings.Contains(err.Error(), `"tool links" has no Run`) {
		t.Errorf("Check refuses the group links: %v", err)
	}
	if code, m := run(t, app, "get", "x"); code != exitcode.GeneralError || errCode(m) != cobraenv.SetupCode {
		t.Errorf("tool get x: %d %v, want %s", code, m, cobraenv.SetupCode)
	}

	empty := cobraenv.New(&cobra.Command{Use: "nothing"})
	if err := empty.Check(); err == nil || !strings.Contains(err.Error(), `"nothing" has no Run and no subcommands`) {
		t.Errorf("Check of a root with neither Run nor subcommands: %v", err)
	}
}
