package notes_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/runtimetest"
	"github.com/exitlint/exitlint/runtimetest/notes"
)

// server is the sync server: /login checks the bearer token, /sync answers
// as mode says.
func server(t *testing.T, mode *atomic.Value) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/login":
			switch r.Header.Get("Authorization") {
			case "Bearer good":
				_ = json.NewEncoder(w).Encode(notes.Session{User: "ada", Expires: "2030-01-01T00:00:00Z"})
			case "Bearer expired":
				w.Header().Set("X-Token-Expired", "1")
				w.WriteHeader(http.StatusUnauthorized)
			default:
				w.WriteHeader(http.StatusUnauthorized)
			}
		case "/sync":
			switch mode.Load().(string) {
			case "limited":
				w.Header().Set("Retry-After", "30")
				w.WriteHeader(http.StatusTooManyRequests)
			case "timeout":
				w.WriteHeader(http.StatusGatewayTimeout)
			case "forbidden":
				w.WriteHeader(http.StatusForbidden)
			default:
				_ = json.NewEncoder(w).Encode(notes.SyncReport{Pushed: 2})
			}
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

type outcome struct {
	code exitcode.Code
	raw  []byte
	env  map[string]any
}

func (o outcome) errField(k string) any {
	e, _ := o.env["error"].(map[string]any)
	return e[k]
}

func (o outcome) meta(k string) any { return o.env["meta"].(map[string]any)[k] }

// TestNotesCLI runs every path the contract names through a cobra CLI built
// with the adapter, and checks each envelope against the published schema
// and envelope.Validate, each success's data against the data schema the
// manifest gives for its command, and the manifest against its schema.
func TestNotesCLI(t *testing.T) {
	var mode atomic.Value
	mode.Store("ok")
	srv := server(t, &mode)
	dir := t.TempDir()
	cfg := notes.Config{Dir: dir, Server: srv.URL}

	run := func(args ...string) outcome {
		t.Helper()
		var buf bytes.Buffer
		code := notes.New(cfg).Run(context.Background(), args, &buf)
		runtimetest.Conforms(t, buf.Bytes(), int(code))
		var m map[string]any
		if err := json.Unmarshal(buf.Bytes(), &m); err != nil {
			t.Fatalf("%q: %v: %s", args, err, buf.Bytes())
		}
		if m["meta"].(map[string]any)["schema_version"] != "1.0" {
			t.Errorf("%q: no schema_version in %s", args, buf.Bytes())
		}
		return outcome{code, buf.Bytes(), m}
	}

	man := run("schema")
	raw, _ := json.Marshal(man.env["data"])
	dataSchemas := runtimetest.CheckManifest(t, raw)

	// A flag no command defines is ARG_ERROR for every command, and every
	// command's manifest entry lists the code it ends with, sync's (which
	// declares no ARG_ERROR of its own) included.
	var manifest struct {
		Commands []struct {
			Name      string `json:"name"`
			ExitCodes []struct {
				Code        int    `json:"code"`
				SideEffects string `json:"side_effects"`
			} `json:"exit_codes"`
		} `json:"commands"`
	}
	if err := json.Unmarshal(raw, &manifest); err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, c := range manifest.Commands {
		o := run(append(strings.Fields(c.Name), "--bogus")...)
		found := false
		for _, e := range c.ExitCodes {
			found = found || e.Code == int(o.code)
		}
		if !found {
			t.Errorf("notes %s --bogus exits %d, which its manifest entry does not list: %+v", c.Name, o.code, c.ExitCodes)
		}
		listed[c.Name] = true
	}
	if !listed["sync"] || !listed["login"] {
		t.Errorf("the manifest lists %v, want sync and login among them", listed)
	}
	success := func(o outcome, command string) {
		t.Helper()
		if o.code != exitcode.Success {
			t.Fatalf("%s: exit %d: %s", command, o.code, o.raw)
		}
		if o.env["data"] == nil || command == "" {
			return
		}
		d, _ := json.Marshal(o.env["data"])
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(d))
		if err != nil {
			t.Fatal(err)
		}
		if err := dataSchemas[command].Validate(inst); err != nil {
			t.Errorf("%s: data does not match its data_schema: %v\n%s", command, err, d)
		}
	}
	failure := func(o outcome, code exitcode.Code, errCode string) {
		t.Helper()
		if o.code != code || o.errField("code") != errCode {
			t.Errorf("want exit %d (%s) with %s, got %d: %s", int(code), code, errCode, int(o.code), o.raw)
		}
	}
	want := func(got, want any, what string) {
		t.Helper()
		if got != want {
			t.Errorf("%s: got %#v, want %#v", what, got, want)
		}
	}

	// Notes on disk.
	o := run("add", "first", "--text", "see https://example.com and https://<broken>")
	success(o, "add")
	want(o.meta("type"), "note", "meta.type of add")
	failure(run("add", "first", "--text", "again"), exitcode.Conflict, "NOTE_EXISTS")
	failure(run("add", "Bad!", "--text", "x"), exitcode.ArgError, "BAD_NAME")
	o = run("add", "second")
	failure(o, exitcode.ArgError, "BAD_FLAG")
	want(o.errField("phase"), "validation", "a missing required flag: phase")
	failure(run("add"), exitcode.ArgError, "BAD_ARGUMENTS")
	failure(run("add", "x", "--bogus"), exitcode.ArgError, "BAD_FLAG")
	failure(run("--json"), exitcode.ArgError, "BAD_FLAG")
	success(run("add", "second", "--text", "plain"), "add")

	o = run("get", "first")
	success(o, "get")
	etag := o.env["data"].(map[string]any)["etag"].(string)
	o = run("get", "first", "--if-none-match", etag)
	success(o, "get")
	want(o.meta("not_modified"), true, "a cache hit")
	want(o.env["data"], nil, "a cache hit's data")
	o = run("get", "nope")
	failure(o, exitcode.NotFound, "NOTE_NOT_FOUND")
	want(o.errField("suggestion"), "run `notes list` and pick a note that exists", "the declared action")

	// A corrupt note is the same failure for get and rm: no ARG_ERROR from
	// rm's validation.
	if err := os.WriteFile(filepath.Join(dir, "corrupt.json"), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	getCorrupt, rmCorrupt := run("get", "corrupt"), run("rm", "corrupt")
	failure(getCorrupt, exitcode.GeneralError, "GENERAL_ERROR")
	failure(rmCorrupt, exitcode.GeneralError, "GENERAL_ERROR")
	want(rmCorrupt.errField("retryable"), nil, "rm corrupt: retryable")
	if err := os.Remove(filepath.Join(dir, "corrupt.json")); err != nil {
		t.Fatal(err)
	}

	// Pages.
	o = run("list", "--limit", "1")
	success(o, "list")
	want(o.meta("truncated"), true, "first page truncated")
	want(o.meta("cursor"), "1", "first page cursor")
	o = run("list", "--limit", "1", "--cursor", "1")
	success(o, "list")
	want(o.meta("truncated"), nil, "last page")
	failure(run("list", "--cursor", "x"), exitcode.ArgError, "BAD_CURSOR")
	failure(run("list", "extra"), exitcode.ArgError, "BAD_ARGUMENTS")
	o = run("list", "--limit", "0")
	failure(o, exitcode.GeneralError, "INTERNAL_PANIC")
	want(o.errField("phase"), "execution", "the panic's phase")

	// Auth.
	o = run("login")
	failure(o, exitcode.AuthRequired, "TOKEN_MISSING")
	want(o.errField("retryable"), false, "TOKEN_MISSING retryable")
	o = run("login", "--token", "expired")
	failure(o, exitcode.AuthRequired, "TOKEN_EXPIRED")
	want(o.errField("retryable"), true, "TOKEN_EXPIRED retryable")
	want(o.errField("retry_after"), 0.0, "TOKEN_EXPIRED retry_after")
	failure(run("login", "--token", "bad"), exitcode.AuthRequired, "TOKEN_INVALID")
	success(run("login", "--token", "good"), "login")

	// Sync.
	success(run("sync"), "sync")
	mode.Store("limited")
	o = run("sync")
	failure(o, exitcode.RateLimited, "RATE_LIMIT_EXCEEDED")
	want(o.errField("retry_after"), 30.0, "RATE_LIMITED retry_after")
	mode.Store("timeout")
	o = run("sync")
	failure(o, exitcode.Timeout, "SYNC_TIMEOUT")
	want(o.errField("retryable"), false, "the declared TIMEOUT is not retryable")
	want(o.errField("suggestion"), "run `notes list` against the server before syncing again", "the declared TIMEOUT action")
	mode.Store("forbidden")
	o = run("sync")
	failure(o, exitcode.GeneralError, "UNDECLARED_EXIT_CODE") // test mode: sync forgot PERMISSION_DENIED
	t.Setenv(exitcode.StrictEnv, "0")
	o = run("sync")
	failure(o, exitcode.PermissionDenied, "SYNC_FORBIDDEN") // in production the code is kept, with a warning
	if w := o.env["warnings"].([]any); len(w) != 1 || !strings.Contains(w[0].(string), "does not declare") {
		t.Errorf("no warning about the undeclared code: %s", o.raw)
	}
	t.Setenv(exitcode.StrictEnv, "1")
	mode.Store("ok")

	down := cfg
	closed := httptest.NewServer(http.NotFoundHandler())
	down.Server = closed.URL
	closed.Close()
	var buf bytes.Buffer
	code := notes.New(down).Run(context.Background(), []string{"sync"}, &buf)
	runtimetest.Conforms(t, buf.Bytes(), int(code))
	want(code, exitcode.Unavailable, "sync with the server down")

	// A command-specific code.
	o = run("links", "check")
	failure(o, notes.BrokenLinks, "BROKEN_LINKS")
	want(notes.BrokenLinks.String(), "BROKEN_LINKS", "Code(80).String()")
	want(o.errField("retryable"), false, "BROKEN_LINKS retryable")

	// Outside any command.
	failure(run(), exitcode.ArgError, "COMMAND_MISSING")
	failure(run("links"), exitcode.ArgError, "COMMAND_MISSING")
	failure(run("frobnicate"), exitcode.ArgError, "UNKNOWN_COMMAND")
	o = run("lsit", "--limit", "1")
	failure(o, exitcode.Redirected, "COMMAND_TYPO")
	want(o.errField("redirect").(map[string]any)["command"], "notes list --limit 1", "typo redirect")
	want(o.errField("redirect").(map[string]any)["reason"], "typo_corrected", "typo reason")
	o = run("links", "chekc")
	failure(o, exitcode.Redirected, "COMMAND_TYPO")
	want(o.errField("redirect").(map[string]any)["command"], "notes links check", "subcommand typo redirect")
	// A typo of the group links is corrected to the group, not to list.
	o = run("linsk")
	failure(o, exitcode.Redirected, "COMMAND_TYPO")
	want(o.errField("redirect").(map[string]any)["command"], "notes links", "group typo redirect")
	failure(run("links", "frobnicate"), exitcode.ArgError, "UNKNOWN_COMMAND")
	o = run("show", "first", "--if-none-match", "x y")
	failure(o, exitcode.Redirected, "COMMAND_RENAMED")
	want(o.errField("redirect").(map[string]any)["command"], "notes get first --if-none-match 'x y'", "renamed redirect")
	want(o.errField("redirect").(map[string]any)["permanent"], true, "renamed permanent")

	// Help as data.
	for _, args := range [][]string{{"--help"}, {"help"}, {"-h"}} {
		o = run(args...)
		success(o, "")
		want(o.meta("type"), "help", "help type")
		if subs := o.env["data"].(map[string]any)["subcommands"].([]any); len(subs) < 8 {
			t.Errorf("%q: %d subcommands listed", args, len(subs))
		}
	}
	for _, args := range [][]string{{"get", "--help"}, {"help", "get"}} {
		o = run(args...)
		success(o, "")
		h := o.env["data"].(map[string]any)
		want(h["command"], "get", "help about get")
		want(h["manifest"].(map[string]any)["name"], "get", "get's manifest entry")
		flags, _ := json.Marshal(h["flags"])
		if !strings.Contains(string(flags), `"name":"if-none-match"`) {
			t.Errorf("help for get lists no --if-none-match: %s", flags)
		}
	}
	failure(run("help", "nope"), exitcode.ArgError, "UNKNOWN_COMMAND")
	success(run("schema"), "schema")
	failure(run("schema", "x"), exitcode.ArgError, "UNEXPECTED_ARGUMENT")
	success(run("rm", "first"), "rm")
}

// TestNotesCLICheck checks the tree as a CLI's own test would.
func TestNotesCLICheck(t *testing.T) {
	if err := notes.New(notes.Config{Dir: t.TempDir()}).Check(); err != nil {
		t.Fatal(err)
	}
}

// TestNotesBinary builds the CLI and runs it as an agent would: the exit
// status is the envelope's code.
func TestNotesBinary(t *testing.T) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "notes")
	build := exec.Command(goCmd, "build", "-o", bin, "./cmd/notes")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		want int
	}{
		{[]string{"add", "a", "--text", "https://<x>"}, 0},
		{[]string{"get", "nope"}, 5},
		{[]string{"links", "check"}, 80},
		{[]string{"lsit"}, 13},
		{[]string{"--bogus"}, 3},
		{[]string{"list", "--limit", "0"}, 1},
	} {
		cmd := exec.Command(bin, tc.args...)
		cmd.Env = append(os.Environ(), "NOTES_DIR="+dir, exitcode.StrictEnv+"=1")
		var stdout bytes.Buffer
		cmd.Stdout = &stdout
		_ = cmd.Run()
		status := cmd.ProcessState.ExitCode()
		if status != tc.want {
			t.Errorf("notes %q: exit status %d, want %d: %s", tc.args, status, tc.want, stdout.Bytes())
		}
		runtimetest.Conforms(t, stdout.Bytes(), status)
	}

	t.Run("bash completion", func(t *testing.T) { bashCompletion(t, bin) })
}

// bashCompletion loads the script `notes completion bash` writes into bash,
// with the bash-completion package it depends on, and completes command
// lines as bash does at a Tab: the script runs `notes __complete`, and the
// candidates reach COMPREPLY.
func bashCompletion(t *testing.T, bin string) {
	bash, err := exec.LookPath("bash")
	lib := ""
	for _, p := range []string{"/usr/share/bash-completion/bash_completion", "/etc/bash_completion", "/opt/homebrew/etc/profile.d/bash_completion.sh", "/usr/local/etc/profile.d/bash_completion.sh"} {
		if _, serr := os.Stat(p); serr == nil {
			lib = p
			break
		}
	}
	if err != nil || lib == "" {
		msg := "needs bash and the bash-completion package (Debian: apt-get install bash-completion), which the script of cobra's completion command uses"
		if os.Getenv("EXITLINT_REQUIRE_BASH_COMPLETION") == "1" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	for _, tc := range []struct {
		line string // the command line up to the cursor
		want string // COMPREPLY, one candidate a line
	}{
		{"notes li", "links\nlist\n"},
		{"notes links ", "check\n"},
		{"notes get --if", "--if-none-match\n"},
		{"notes comp", "completion\n"},
	} {
		script := `source "$LIB"
source <("$NOTES" completion bash)
COMP_LINE="$LINE"; COMP_POINT=${#COMP_LINE}
read -r -a COMP_WORDS <<< "$LINE"
if [[ "$LINE" == *" " ]]; then COMP_WORDS+=(""); fi
COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
__start_notes
printf '%s\n' "${COMPREPLY[@]}"
`
		cmd := exec.Command(bash, "--norc", "--noprofile", "-c", script)
		// The script runs the word the command line starts with: notes,
		// found on the PATH.
		cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"),
			"LIB="+lib, "NOTES="+bin, "LINE="+tc.line, "NOTES_DIR="+t.TempDir())
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			t.Errorf("completing %q: %v\n%s", tc.line, err, stderr.Bytes())
			continue
		}
		if stdout.String() != tc.want {
			t.Errorf("completing %q: COMPREPLY %q, want %q", tc.line, stdout.String(), tc.want)
		}
	}
}
