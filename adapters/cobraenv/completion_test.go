package cobraenv_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/exitlint/exitlint/adapters/cobraenv"
	"github.com/exitlint/exitlint/exitcode"
)

// completeTree is kubeTool's tree with cobra's error output kept in errOut.
func completeTree(t *testing.T) (*cobraenv.App, *cobra.Command, *bytes.Buffer) {
	t.Helper()
	root := &cobra.Command{Use: "tool"}
	var kubeContext string
	root.PersistentFlags().StringVarP(&kubeContext, "context", "c", "dev", "the cluster to talk to")
	get := &cobra.Command{Use: "get NAME", Short: "print one thing", Args: cobra.MinimumNArgs(1),
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			return []string{"alpha", "beta"}, cobra.ShellCompDirectiveNoFileComp
		}}
	links := &cobra.Command{Use: "links", Short: "work with links"}
	check := &cobra.Command{Use: "check", Short: "check the links"}
	links.AddCommand(check)
	root.AddCommand(get, links)
	var errOut bytes.Buffer
	root.SetErr(&errOut)
	app := cobraenv.New(root)
	cobraenv.Bind(app, get, greet())
	cobraenv.Bind(app, check, greet())
	app.AddSchemaCommand()
	if err := app.Check(); err != nil {
		t.Fatal(err)
	}
	return app, root, &errOut
}

// runText runs a command line whose output is not an envelope.
func runText(app *cobraenv.App, args ...string) (exitcode.Code, string) {
	var buf bytes.Buffer
	code := app.Run(context.Background(), args, &buf)
	return code, buf.String()
}

// TestShellCompletion: cobra answers the completion scripts' requests
// (__complete, __completeNoDesc) in its own plain text protocol, and its
// completion command writes the scripts; neither is an envelope, and
// neither leaves a command in the tree.
func TestShellCompletion(t *testing.T) {
	app, root, errOut := completeTree(t)

	code, out := runText(app, "__complete", "")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != exitcode.Success || len(lines) == 0 || lines[len(lines)-1] != ":4" {
		t.Fatalf("tool __complete '': exit %d, want the candidates and the directive :4 (no file completion):\n%s", code, out)
	}
	for _, want := range []string{"get\tprint one thing", "links\twork with links", "schema\t", "completion\t", "help\t"} {
		found := false
		for _, l := range lines {
			found = found || strings.HasPrefix(l, want)
		}
		if !found {
			t.Errorf("tool __complete '' does not offer %q:\n%s", want, out)
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"__completeNoDesc", ""}, "get\n"},
		{[]string{"__complete", "links", ""}, "check\tcheck the links\n"},
		{[]string{"__complete", "get", ""}, "alpha\nbeta\n:4\n"},
		{[]string{"__complete", "get", "--con"}, "--context\tthe cluster to talk to\n"},
		{[]string{"__complete", "completion", ""}, "bash\t"},
	} {
		code, out := runText(app, tc.args...)
		if code != exitcode.Success || !strings.Contains(out, tc.want) {
			t.Errorf("tool %q: exit %d, want output with %q:\n%s", tc.args, code, tc.want, out)
		}
	}
	if !strings.Contains(errOut.String(), "Completion ended with directive") {
		t.Errorf("cobra's note for the completion script's debugging goes to the error writer; got %q", errOut)
	}

	for shell, want := range map[string]string{
		"bash":       "# bash completion V2 for tool",
		"zsh":        "#compdef tool",
		"fish":       "# fish completion for tool",
		"powershell": "# powershell completion for tool",
	} {
		code, out := runText(app, "completion", shell)
		if code != exitcode.Success || !strings.HasPrefix(out, want) || !strings.Contains(out, "__complete") {
			t.Errorf("tool completion %s: exit %d, want the script (%q):\n%.200s", shell, code, want, out)
		}
	}

	// A command line cobra refuses is cobra's error: on the error writer,
	// exit ARG_ERROR, nothing on standard output.
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"completion", "bash", "extra"}, `Error: unknown command "extra" for "tool completion bash"`},
		{[]string{"completion", "zsh", "--bogus"}, "Error: unknown flag: --bogus"},
		{[]string{"__complete"}, "Error: requires at least 1 arg(s), only received 0"},
	} {
		errOut.Reset()
		code, out := runText(app, tc.args...)
		if code != exitcode.ArgError || out != "" || !strings.Contains(errOut.String(), tc.want) {
			t.Errorf("tool %q: exit %d, stdout %q, stderr %q; want ARG_ERROR and %q", tc.args, code, out, errOut, tc.want)
		}
	}
	// Standard output that fails is GENERAL_ERROR.
	if code := app.Run(context.Background(), []string{"completion", "bash"}, failingWriter{}); code != exitcode.GeneralError {
		t.Errorf("tool completion bash on a failing writer: exit %d, want GENERAL_ERROR", code)
	}
	// The completion command without a shell, like a group, is its help:
	// data, as everywhere.
	code, m := run(t, app, "completion")
	if code != exitcode.Success || len(m["data"].(map[string]any)["subcommands"].([]any)) != 4 {
		t.Errorf("tool completion: %d %v, want its help listing four shells", code, m)
	}
	// Help about the completion command is data, as everywhere.
	code, m = run(t, app, "completion", "bash", "--help")
	if code != exitcode.Success || m["data"].(map[string]any)["command"] != "completion bash" {
		t.Errorf("tool completion bash --help: %d %v", code, m)
	}

	// The tree is as before: no completion command in it, and a later
	// Check (after another Bind) finds nothing outside the runner.
	for _, c := range root.Commands() {
		if c.Name() == "completion" || c.Name() == cobra.ShellCompRequestCmd {
			t.Errorf("cobra's %q command stays in the tree after the request", c.Name())
		}
	}
	extra := &cobra.Command{Use: "extra"}
	root.AddCommand(extra)
	cobraenv.Bind(app, extra, greet())
	if err := app.Check(); err != nil {
		t.Errorf("Check after completion requests: %v", err)
	}
	for _, args := range [][]string{{"help"}, {"extra", "ada"}} {
		if code, m := run(t, app, args...); code != exitcode.Success {
			t.Errorf("%q after completion requests: %d %v", args, code, m)
		}
	}
	if code, m := run(t, app, "help"); code == exitcode.Success {
		for _, s := range m["data"].(map[string]any)["subcommands"].([]any) {
			if s.(map[string]any)["name"] == "completion" {
				t.Error("help lists the completion command: it is for the shell, not for agents")
			}
		}
	}
}

// TestCompletionCommandChoices: a command of the tree named completion is
// the tree's; DisableDefaultCmd removes cobra's completion command (the
// request is an unknown command, __complete still works); a root that is
// the only command takes "completion" as its argument.
func TestCompletionCommandChoices(t *testing.T) {
	app, root, _ := completeTree(t)
	own := &cobra.Command{Use: "completion"}
	root.AddCommand(own)
	cobraenv.Bind(app, own, greet())
	if code, m := run(t, app, "completion", "bash"); code != exitcode.Success || m["data"].(map[string]any)["text"] != "hello, bash" {
		t.Errorf("the tree's own completion command: %d %v", code, m)
	}

	app, root, _ = completeTree(t)
	root.CompletionOptions.DisableDefaultCmd = true
	if code, m := run(t, app, "completion", "bash"); code != exitcode.ArgError || errCode(m) != "UNKNOWN_COMMAND" {
		t.Errorf("completion bash with DisableDefaultCmd: %d %v, want UNKNOWN_COMMAND", code, m)
	}
	code, out := runText(app, "__complete", "")
	if code != exitcode.Success || !strings.Contains(out, "get\t") || strings.Contains(out, "completion") {
		t.Errorf("__complete with DisableDefaultCmd: exit %d:\n%s", code, out)
	}

	single := &cobra.Command{Use: "greet", Args: cobra.ExactArgs(1)}
	app = cobraenv.New(single)
	cobraenv.Bind(app, single, greet())
	if code, m := run(t, app, "completion"); code != exitcode.Success || m["data"].(map[string]any)["text"] != "hello, completion" {
		t.Errorf("greet completion, greet being the only command: %d %v", code, m)
	}
	single.SetErr(&bytes.Buffer{})
	if code, out := runText(app, "__complete", "--"); code != exitcode.Success || !strings.HasSuffix(out, ":4\n") && !strings.HasSuffix(out, ":0\n") {
		t.Errorf("greet __complete --: exit %d:\n%s", code, out)
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }
