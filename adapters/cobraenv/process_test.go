package cobraenv_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/exitlint/exitlint/adapters/cobraenv"
	"github.com/exitlint/exitlint/envelope"
	"github.com/exitlint/exitlint/envelope/envelopetest"
	"github.com/exitlint/exitlint/exitcode"
)

// TestVersionIsAResultType: --version answers with meta.type "version", so
// the manifest lists it among the result types (seed 004: every type string
// the CLI writes); a root without a version writes none.
func TestVersionIsAResultType(t *testing.T) {
	root := &cobra.Command{Use: "tool", Version: "1.2.3"}
	sub := &cobra.Command{Use: "hi"}
	root.AddCommand(sub)
	app := cobraenv.New(root)
	cobraenv.Bind(app, sub, greet())
	app.AddSchemaCommand()
	man, err := app.Manifest()
	if err != nil {
		t.Fatal(err)
	}
	if !contains(man.ResultTypes, "version") {
		t.Errorf("result types %v lack version", man.ResultTypes)
	}
	_, m := run(t, app, "schema")
	if types := fmt.Sprint(m["data"].(map[string]any)["result_types"]); !strings.Contains(types, "version") {
		t.Errorf("the schema command's result types %s lack version", types)
	}

	root = &cobra.Command{Use: "tool"}
	sub = &cobra.Command{Use: "hi"}
	root.AddCommand(sub)
	app = cobraenv.New(root)
	cobraenv.Bind(app, sub, greet())
	if man, _ := app.Manifest(); contains(man.ResultTypes, "version") {
		t.Errorf("no version, yet the result types %v list it", man.ResultTypes)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// groupTree is the tree tool (with the version given) of a bound command hi
// and a group grp of one bound command, sub.
func groupTree(version string) *cobraenv.App {
	root := &cobra.Command{Use: "tool", Version: version}
	hi := &cobra.Command{Use: "hi", Short: "say hello"}
	grp := &cobra.Command{Use: "grp"}
	sub := &cobra.Command{Use: "sub"}
	grp.AddCommand(sub)
	root.AddCommand(hi, grp)
	app := cobraenv.New(root)
	cobraenv.Bind(app, hi, greet())
	cobraenv.Bind(app, sub, greet())
	return app
}

// TestWordsAfterDashDashAreArguments: "tool -- hi x" gives the root the
// arguments hi and x, which a group does not take: ARG_ERROR
// BAD_ARGUMENTS, suggesting the command line that runs hi, never a
// "correction" of hi to hi.
func TestWordsAfterDashDashAreArguments(t *testing.T) {
	tree := func() *cobraenv.App { return groupTree("") }
	for _, tc := range []struct{ args, suggestion string }{
		{"-- hi x", "run tool hi x"},
		{"grp -- sub", "run tool grp sub"},
		{"-- frob", "the commands are: grp, help, hi"},
	} {
		code, m := run(t, tree(), strings.Fields(tc.args)...)
		e, _ := m["error"].(map[string]any)
		if code != exitcode.ArgError || e["code"] != "BAD_ARGUMENTS" || !strings.Contains(fmt.Sprint(e["suggestion"]), tc.suggestion) {
			t.Errorf("tool %s: %d %v; want BAD_ARGUMENTS suggesting %q", tc.args, code, e, tc.suggestion)
		}
	}
	if code, _ := run(t, tree(), "hi", "--", "x"); code != exitcode.Success {
		t.Errorf("tool hi -- x: %d", code)
	}
}

// TestManifestSummaryIsTheShort: a bound command's manifest summary is its
// envelope.Command's Summary, or else the cobra command's Short.
func TestManifestSummaryIsTheShort(t *testing.T) {
	root := &cobra.Command{Use: "tool"}
	hi := &cobra.Command{Use: "hi", Short: "say hello"}
	own := &cobra.Command{Use: "own", Short: "cobra's words"}
	root.AddCommand(hi, own)
	app := cobraenv.New(root)
	cobraenv.Bind(app, hi, greet())
	withSummary := greet()
	withSummary.Summary = "its own words"
	cobraenv.Bind(app, own, withSummary)
	man, err := app.Manifest()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, c := range man.Commands {
		got[c.Name] = c.Summary
	}
	if got["hi"] != "say hello" || got["own"] != "its own words" {
		t.Errorf("summaries %v", got)
	}
}

// TestAppUnderProcess: the App runs as a process runs it (envelope.Main):
// a bound command's stray output and a hook's go to standard error, a
// cancelled run is CANCELLED, and the result names the command that ran.
func TestAppUnderProcess(t *testing.T) {
	t.Setenv(exitcode.StrictEnv, "0")
	tree := func() *cobraenv.App {
		root := &cobra.Command{Use: "tool", PersistentPreRun: func(*cobra.Command, []string) { fmt.Println("hook says hi") }}
		hi := &cobra.Command{Use: "hi"}
		root.AddCommand(hi)
		app := cobraenv.New(root)
		cmd := greet()
		cmd.Execute = func(ctx context.Context, name string, _ *envelope.Output) (greeting, error) {
			fmt.Print("debug")
			return greeting{Text: "hello, " + name}, ctx.Err()
		}
		cobraenv.Bind(app, hi, cmd)
		return app
	}
	var stdout, stderr bytes.Buffer
	res := envelope.Process{Args: []string{"hi", "ada"}, Stdout: &stdout, Stderr: &stderr}.Run(context.Background(), tree())
	var m map[string]any
	if err := json.Unmarshal(stdout.Bytes(), &m); err != nil {
		t.Fatalf("not one envelope: %v: %s", err, stdout.Bytes())
	}
	if res.Code != exitcode.Success || res.Declarations == nil || res.Declarations.Command() != "hi" {
		t.Errorf("exit %d, declarations %v", res.Code, res.Declarations)
	}
	if w := fmt.Sprint(m["warnings"]); !strings.Contains(w, "wrote 18 bytes to standard output") {
		t.Errorf("warnings %s", w)
	}
	if stderr.String() != "hook says hi\ndebug" {
		t.Errorf("stderr %q", stderr.String())
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	stdout.Reset()
	res = envelope.Process{Args: []string{"hi", "ada"}, Stdout: &stdout, Stderr: &stderr}.Run(ctx, tree())
	if res.Code != exitcode.Timeout || !strings.Contains(stdout.String(), `"code":"CANCELLED"`) {
		t.Errorf("a cancelled run: %d %s", res.Code, stdout.Bytes())
	}
}

// TestAppMainContext: App.MainContext runs under the caller's context.
func TestAppMainContext(t *testing.T) {
	root := &cobra.Command{Use: "tool"}
	hi := &cobra.Command{Use: "hi"}
	root.AddCommand(hi)
	app := cobraenv.New(root)
	cobraenv.Bind(app, hi, greet())
	quietMain(t)
	os.Args = []string{"tool", "hi", "ada"}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	code, exited, err := exitcode.Catch(nil, func() { envelope.MainContext(ctx, app) })
	if !exited || code != exitcode.Timeout || err != nil {
		t.Errorf("a cancelled MainContext: exit %d (exited %t), err %v", code, exited, err)
	}
}

// TestAppConforms runs the kinds of command lines an App answers through
// the conformance helper, --version among them, whose result type the
// manifest must list.
func TestAppConforms(t *testing.T) {
	tree := func() *cobraenv.App {
		app := groupTree("1.2.3")
		app.Redirect("hello", "hi", true, exitcode.ReasonRenamed)
		app.AddSchemaCommand()
		return app
	}
	envelopetest.Checker{}.CheckManifest(t, tree())
	for _, tc := range []struct {
		args string
		want exitcode.Code
	}{
		{"hi ada", exitcode.Success},
		{"hi", exitcode.ArgError},
		{"--version", exitcode.Success},
		{"--help", exitcode.Success},
		{"help grp sub", exitcode.Success},
		{"schema", exitcode.Success},
		{"grp", exitcode.ArgError},
		{"grp sbu", exitcode.Redirected},
		{"hello ada", exitcode.Redirected},
		{"hi --bogus", exitcode.ArgError},
		{"-- hi ada", exitcode.ArgError},
		{"", exitcode.ArgError},
	} {
		envelopetest.Run(t, tree(), strings.Fields(tc.args)...).Expect(t, tc.want, nil)
	}
}
