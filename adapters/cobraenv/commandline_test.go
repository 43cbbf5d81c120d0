package cobraenv_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/exitlint/exitlint/adapters/cobraenv"
	"github.com/exitlint/exitlint/envelope"
	"github.com/exitlint/exitlint/exitcode"
)

// where is the data of the commands of kubeTool: which context the command
// ran against, with which arguments and flags.
type where struct {
	Context string   `json:"context"`
	Verbose bool     `json:"verbose"`
	Args    []string `json:"args"`
}

// kubeTool is a tree whose root has persistent flags (one taking a value,
// one boolean, both with shorthands), a bound leaf "get", a group "links"
// with a bound "check", and "show" renamed to "get". Every bound command
// answers with the context, the verbosity and the arguments it ran with.
func kubeTool(t *testing.T) *cobraenv.App {
	t.Helper()
	root := &cobra.Command{Use: "tool"}
	var kubeContext string
	var verbose bool
	root.PersistentFlags().StringVarP(&kubeContext, "context", "c", "dev", "the cluster to talk to")
	root.PersistentFlags().BoolVarP(&verbose, "verbose", "v", false, "say more")
	var force bool
	get := &cobra.Command{Use: "get NAME", Short: "print one thing", Args: cobra.MinimumNArgs(1)}
	get.Flags().BoolVar(&force, "force", false, "")
	_ = get.Flags().String("output", "", "")
	_ = get.MarkFlagRequired("output")
	links := &cobra.Command{Use: "links", Short: "work with links"}
	check := &cobra.Command{Use: "check", Short: "check the links", Args: cobra.ArbitraryArgs}
	links.AddCommand(check)
	root.AddCommand(get, links)
	app := cobraenv.New(root)
	answer := envelope.Command[[]string, where]{
		Codes:    []exitcode.Entry{{Code: exitcode.ArgError}},
		Validate: func(_ context.Context, args []string, _ *envelope.Output) ([]string, error) { return args, nil },
		Execute: func(_ context.Context, args []string, _ *envelope.Output) (where, error) {
			return where{Context: kubeContext, Verbose: verbose, Args: append([]string{}, args...)}, nil
		},
	}
	cobraenv.Bind(app, get, answer)
	cobraenv.Bind(app, check, answer)
	app.Redirect("show", "get", true, exitcode.ReasonRenamed)
	if err := app.Check(); err != nil {
		t.Fatal(err)
	}
	return app
}

func redirectOf(m map[string]any) string {
	e, _ := m["error"].(map[string]any)
	rd, _ := e["redirect"].(map[string]any)
	s, _ := rd["command"].(string)
	return s
}

// TestRedirectKeepsTheFlags: the command line a REDIRECTED envelope gives
// keeps every flag of the one it corrects, wherever the flags stood, so
// that running it verbatim (as an agent does) runs against the same context
// with the same options; and it does what the corrected command line would
// have done.
func TestRedirectKeepsTheFlags(t *testing.T) {
	for _, tc := range []struct {
		args     string
		redirect string
		want     where
	}{
		{"--context prod show x --output o", "tool get x --context prod --output o", where{"prod", false, []string{"x"}}},
		{"--context=prod show x --output=o", "tool get x --context=prod --output=o", where{"prod", false, []string{"x"}}},
		{"-c prod gte --output o x", "tool get x -c prod --output o", where{"prod", false, []string{"x"}}},
		// "links" is the value of --context, not the group.
		{"--context links show x --output o", "tool get x --context links --output o", where{"links", false, []string{"x"}}},
		{"--verbose links chekc a", "tool links check a --verbose", where{"dev", true, []string{"a"}}},
		{"-v --context prod links chekc a", "tool links check a -v --context prod", where{"prod", true, []string{"a"}}},
		{"links -c prod chekc", "tool links check -c prod", where{"prod", false, []string{}}},
		{"gte x -c prod --output o -- -y", "tool get x -c prod --output o -- -y", where{"prod", false, []string{"x", "-y"}}},
	} {
		args := strings.Fields(tc.args)
		// A fresh tree for each command line: cobra keeps a flag's value
		// from one Execute to the next, as a process runs one line.
		code, m := run(t, kubeTool(t), args...)
		if code != exitcode.Redirected || redirectOf(m) != tc.redirect {
			t.Errorf("tool %s: got %d, redirect %q; want REDIRECTED to %q", strings.Join(args, " "), code, redirectOf(m), tc.redirect)
			continue
		}
		again := strings.Fields(tc.redirect)[1:]
		code, m = run(t, kubeTool(t), again...)
		data, _ := m["data"].(map[string]any)
		if code != exitcode.Success {
			t.Errorf("the redirect %q: exit %d: %v", tc.redirect, code, m)
			continue
		}
		gotArgs := []string{}
		for _, a := range data["args"].([]any) {
			gotArgs = append(gotArgs, a.(string))
		}
		if data["context"] != tc.want.Context || data["verbose"] != tc.want.Verbose || strings.Join(gotArgs, " ") != strings.Join(tc.want.Args, " ") {
			t.Errorf("the redirect %q ran with %v, want %+v", tc.redirect, data, tc.want)
		}
	}

	// A flag nobody defined is cobra's to report, not a command to correct.
	app := kubeTool(t)
	if code, m := run(t, app, "--bogus", "show", "x"); code != exitcode.ArgError || errCode(m) != "BAD_FLAG" {
		t.Errorf("an unknown flag before a renamed command: %d %v", code, m)
	}
	// An unknown command after flags is still unknown.
	if code, m := run(t, app, "--context", "prod", "frobnicate"); code != exitcode.ArgError || errCode(m) != "UNKNOWN_COMMAND" {
		t.Errorf("an unknown command after a flag: %d %v", code, m)
	}
}

// TestHelpNeverRedirectsToTheCommand: help about a command with arguments is
// help about the command, and help about a command line that names no
// command redirects to help, never to running the command.
func TestHelpNeverRedirectsToTheCommand(t *testing.T) {
	app := kubeTool(t)
	for _, args := range [][]string{{"help", "get", "x"}, {"get", "x", "--help"}, {"help", "links", "check", "a"}} {
		code, m := run(t, app, args...)
		if code != exitcode.Success || m["meta"].(map[string]any)["type"] != "help" {
			t.Errorf("%q: want help, got %d %v", args, code, m)
		}
	}
	for _, tc := range []struct {
		args     []string
		redirect string
	}{
		{[]string{"help", "show"}, "tool help get"},
		{[]string{"help", "gte"}, "tool help get"},
		{[]string{"help", "links", "chekc"}, "tool help links check"},
		{[]string{"show", "--help"}, "tool get --help"},
	} {
		code, m := run(t, app, tc.args...)
		if code != exitcode.Redirected || redirectOf(m) != tc.redirect {
			t.Errorf("%q: got %d, redirect %q; want REDIRECTED to %q", tc.args, code, redirectOf(m), tc.redirect)
		}
	}
	if code, m := run(t, app, "help", "frobnicate"); code != exitcode.ArgError || errCode(m) != "UNKNOWN_COMMAND" {
		t.Errorf("help about no command: %d %v", code, m)
	}
}

// TestGroupWithoutCommand: a group run without a subcommand, before or after
// flags, is COMMAND_MISSING naming its subcommands; with --help it is the
// group's help, listing them.
func TestGroupWithoutCommand(t *testing.T) {
	app := kubeTool(t)
	for _, args := range [][]string{{"links"}, {"--context", "prod", "links"}, {"links", "-v"}} {
		code, m := run(t, app, args...)
		e, _ := m["error"].(map[string]any)
		if code != exitcode.ArgError || e["code"] != "COMMAND_MISSING" || !strings.Contains(e["suggestion"].(string), "the commands are: check") {
			t.Errorf("%q: want COMMAND_MISSING naming check, got %d %v", args, code, m)
		}
	}
	code, m := run(t, app, "links", "--help")
	h, _ := m["data"].(map[string]any)
	subs, _ := h["subcommands"].([]any)
	if code != exitcode.Success || h["command"] != "links" || len(subs) != 1 || subs[0].(map[string]any)["name"] != "check" {
		t.Errorf("links --help: %d %v", code, m)
	}
}

// TestHelpDescribesTheFlags: an agent reads a command's flags from its
// help: which are required, which it inherits, their types and defaults.
func TestHelpDescribesTheFlags(t *testing.T) {
	app := kubeTool(t)
	code, m := run(t, app, "get", "x", "--help")
	if code != exitcode.Success {
		t.Fatalf("get x --help: %d %v", code, m)
	}
	flags := map[string]map[string]any{}
	for _, f := range m["data"].(map[string]any)["flags"].([]any) {
		flags[f.(map[string]any)["name"].(string)] = f.(map[string]any)
	}
	for name, want := range map[string]map[string]any{
		"output":  {"required": true, "inherited": false, "type": "string"},
		"force":   {"required": false, "inherited": false, "type": "bool", "default": "false"},
		"context": {"required": false, "inherited": true, "type": "string", "default": "dev", "shorthand": "c"},
	} {
		for k, v := range want {
			if flags[name][k] != v {
				t.Errorf("get --help: flag %s: %s is %v, want %v (%v)", name, k, flags[name][k], v, flags[name])
			}
		}
	}
	if _, listed := flags["help"]; listed {
		t.Error("get --help lists --help among the flags")
	}
}

// TestSchemaCommandOfAnotherName: AddSchemaCommand with a name adds the
// schema command under it; it prints the manifest of every bound command.
func TestSchemaCommandOfAnotherName(t *testing.T) {
	root := &cobra.Command{Use: "tool"}
	hi := &cobra.Command{Use: "hi"}
	root.AddCommand(hi)
	app := cobraenv.New(root)
	cobraenv.Bind(app, hi, greet())
	app.AddSchemaCommand("manifest")
	code, m := run(t, app, "manifest")
	if code != exitcode.Success || m["meta"].(map[string]any)["type"] != "manifest" {
		t.Fatalf("tool manifest: %d %v", code, m)
	}
	var names []string
	for _, c := range m["data"].(map[string]any)["commands"].([]any) {
		names = append(names, c.(map[string]any)["name"].(string))
	}
	if strings.Join(names, " ") != "hi manifest" {
		t.Errorf("the manifest lists %q, want hi and manifest", names)
	}
	if code, _ := run(t, app, "schema"); code != exitcode.ArgError {
		t.Errorf("tool schema with the schema command named manifest: %d, want UNKNOWN_COMMAND", code)
	}
	man, err := app.Manifest()
	if err != nil || len(man.Commands) != 2 || man.Program != "tool" {
		t.Errorf("App.Manifest: %+v %v", man, err)
	}
}

// TestPanicAfterTheEnvelope: a hook that panics after the command wrote its
// envelope adds no second one; the run ends with the command's code.
func TestPanicAfterTheEnvelope(t *testing.T) {
	root := &cobra.Command{Use: "tool"}
	hi := &cobra.Command{Use: "hi", PostRun: func(*cobra.Command, []string) { panic("post-run bug") }}
	root.AddCommand(hi)
	app := cobraenv.New(root)
	cobraenv.Bind(app, hi, greet())
	var buf bytes.Buffer
	code := app.Run(context.Background(), []string{"hi", "ada"}, &buf)
	out := bytes.TrimSpace(buf.Bytes())
	if code != exitcode.Success || bytes.Count(out, []byte("\n")) != 0 || len(envelope.Validate(out, int(code))) > 0 {
		t.Errorf("a PostRun panic after the envelope: exit %d, output %s", code, out)
	}
}

// quietMain sends what Main writes to standard output to /dev/null, and
// gives os.Stdout and os.Args back when the test ends.
func quietMain(t *testing.T) {
	t.Helper()
	null, err := os.Create(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	savedOut, savedArgs := os.Stdout, os.Args
	os.Stdout = null
	t.Cleanup(func() { os.Stdout, os.Args = savedOut, savedArgs; null.Close() })
}

// TestMainExitsThroughTheDeclarations: App.Main ends the process through
// the declarations of the command that ran, so exitcode.Catch(nil,
// app.Main) checks the code against what that command declares; a command
// line that reached no command (a bad flag) ends without that check.
func TestMainExitsThroughTheDeclarations(t *testing.T) {
	root := &cobra.Command{Use: "tool"}
	sync := &cobra.Command{Use: "sync"}
	root.AddCommand(sync)
	app := cobraenv.New(root)
	cobraenv.Bind(app, sync, envelope.Command[struct{}, where]{
		Codes:    []exitcode.Entry{{Code: exitcode.ArgError}},
		Validate: func(context.Context, []string, *envelope.Output) (struct{}, error) { return struct{}{}, nil },
		Execute: func(context.Context, struct{}, *envelope.Output) (where, error) {
			return where{}, exitcode.New(exitcode.PermissionDenied, "SYNC_FORBIDDEN", "this account may not sync")
		},
	})
	quietMain(t)

	mainWith := func(args ...string) (exitcode.Code, bool, error) {
		os.Args = append([]string{"tool"}, args...)
		return exitcode.Catch(nil, app.Main)
	}

	// Outside test mode the undeclared code is kept, and Catch finds it
	// undeclared by the command that ran.
	t.Setenv(exitcode.StrictEnv, "0")
	code, exited, err := mainWith("sync")
	var undeclared *exitcode.UndeclaredError
	if !exited || code != exitcode.PermissionDenied || !errors.As(err, &undeclared) || undeclared.Command != "sync" {
		t.Errorf("tool sync: exit %d (exited %t), err %v; want PERMISSION_DENIED undeclared by sync", code, exited, err)
	}
	// In test mode the runner already refused it: GENERAL_ERROR, declared.
	t.Setenv(exitcode.StrictEnv, "1")
	if code, _, err := mainWith("sync"); code != exitcode.GeneralError || err != nil {
		t.Errorf("tool sync in test mode: exit %d, err %v", code, err)
	}
	if code, exited, err := mainWith("sync", "--bogus"); !exited || code != exitcode.ArgError || err != nil {
		t.Errorf("tool sync --bogus: exit %d (exited %t), err %v; want ARG_ERROR", code, exited, err)
	}
}

// TestSchemaListsCommandsBoundAfterACheck: the schema command prints the
// manifest of the tree as it is when it runs, including commands bound
// after an earlier Check or Manifest prepared the tree.
func TestSchemaListsCommandsBoundAfterACheck(t *testing.T) {
	root := &cobra.Command{Use: "tool"}
	hi := &cobra.Command{Use: "hi"}
	bye := &cobra.Command{Use: "bye"}
	root.AddCommand(hi)
	app := cobraenv.New(root)
	cobraenv.Bind(app, hi, greet())
	app.AddSchemaCommand()
	if err := app.Check(); err != nil {
		t.Fatal(err)
	}
	root.AddCommand(bye)
	cobraenv.Bind(app, bye, greet())
	if err := app.Check(); err != nil {
		t.Fatal(err)
	}
	code, m := run(t, app, "schema")
	var names []string
	for _, c := range m["data"].(map[string]any)["commands"].([]any) {
		names = append(names, c.(map[string]any)["name"].(string))
	}
	if code != exitcode.Success || strings.Join(names, " ") != "bye hi schema" {
		t.Errorf("tool schema after binding bye: exit %d, commands %q; want hi, bye and schema", code, names)
	}
}

// TestGroupTypo: a typo of a group's name is corrected to the group, as a
// command's is (not to a command two edits away), wherever the flags stand;
// a word after a group that names none of its commands is corrected among
// them or is UNKNOWN_COMMAND, never a command outside the group.
func TestGroupTypo(t *testing.T) {
	tree := func() *cobraenv.App {
		root := &cobra.Command{Use: "tool"}
		var kubeContext string
		root.PersistentFlags().StringVarP(&kubeContext, "context", "c", "dev", "")
		list := &cobra.Command{Use: "list"}
		links := &cobra.Command{Use: "links"}
		check := &cobra.Command{Use: "check"}
		links.AddCommand(check)
		root.AddCommand(list, links)
		app := cobraenv.New(root)
		cobraenv.Bind(app, list, greet())
		cobraenv.Bind(app, check, greet())
		if err := app.Check(); err != nil {
			t.Fatal(err)
		}
		return app
	}
	for _, tc := range []struct{ args, redirect string }{
		{"linsk", "tool links"},
		{"--context prod linsk", "tool links --context prod"},
		{"linsk chekc a", "tool links check a"},
		{"linsk -c prod chekc a", "tool links check a -c prod"},
		{"help linsk", "tool help links"},
		{"lsit a", "tool list a"},
	} {
		code, m := run(t, tree(), strings.Fields(tc.args)...)
		if code != exitcode.Redirected || redirectOf(m) != tc.redirect {
			t.Errorf("tool %s: got %d, redirect %q; want REDIRECTED to %q", tc.args, code, redirectOf(m), tc.redirect)
		}
	}
	for _, args := range []string{"links frobnicate", "links lst", "--context prod links lst", "help links lst"} {
		code, m := run(t, tree(), strings.Fields(args)...)
		e, _ := m["error"].(map[string]any)
		if code != exitcode.ArgError || e["code"] != "UNKNOWN_COMMAND" || !strings.Contains(e["suggestion"].(string), "the commands of tool links are: check") {
			t.Errorf("tool %s: got %d %v; want UNKNOWN_COMMAND naming the commands of links", args, code, e)
		}
	}
	// The corrected command line of a group is the group's answer.
	if code, m := run(t, tree(), "links"); code != exitcode.ArgError || errCode(m) != "COMMAND_MISSING" {
		t.Errorf("tool links: %d %v", code, m)
	}
}
