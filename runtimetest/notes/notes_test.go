package notes_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/exitlint/exitlint/envelope"
	"github.com/exitlint/exitlint/envelope/envelopetest"
	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/runtimetest"
	"github.com/exitlint/exitlint/runtimetest/notes"
)

// server is the sync server: /login checks the bearer token, /sync answers
// as mode says ("hang": not until the client gives up, after telling
// syncing).
func server(t *testing.T, mode *atomic.Value, syncing chan<- struct{}) *httptest.Server {
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
			case "hang":
				syncing <- struct{}{}
				<-r.Context().Done()
			default:
				_ = json.NewEncoder(w).Encode(notes.SyncReport{Pushed: 2})
			}
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

// TestNotesCLI runs every path the contract names through a cobra CLI built
// with the adapter, each through the conformance helper (envelopetest, with
// the published schema as its extra check): one envelope on standard
// output, valid for its exit code and the declarations of the command that
// ran, each success's data valid against the data schema the manifest gives
// for its command; and the manifest against its schema.
func TestNotesCLI(t *testing.T) {
	var mode atomic.Value
	mode.Store("ok")
	srv := server(t, &mode, nil)
	dir := t.TempDir()
	cfg := notes.Config{Dir: dir, Server: srv.URL}
	checker := runtimetest.Checker(t)

	run := func(args ...string) *envelopetest.Result {
		t.Helper()
		r := checker.Run(t, notes.New(cfg), args...)
		if v, _ := r.Field("/meta/schema_version"); v != "1.0" {
			t.Errorf("%q: no schema_version in %s", args, r.Stdout)
		}
		return r
	}
	expect := func(r *envelopetest.Result, code exitcode.Code, fields envelopetest.Fields) {
		t.Helper()
		r.Expect(t, code, fields)
	}

	checker.CheckManifest(t, notes.New(cfg))
	man := run("schema")
	raw, _ := json.Marshal(man.Envelope["data"])
	runtimetest.CheckManifest(t, raw)

	// A flag no command defines is ARG_ERROR for every command, and every
	// command's manifest entry lists the code it ends with, sync's (which
	// declares no ARG_ERROR of its own) included.
	var manifest struct {
		Commands []struct {
			Name      string `json:"name"`
			ExitCodes []struct {
				Code int `json:"code"`
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
			found = found || e.Code == int(o.Code)
		}
		if !found {
			t.Errorf("notes %s --bogus exits %d, which its manifest entry does not list: %+v", c.Name, o.Code, c.ExitCodes)
		}
		listed[c.Name] = true
	}
	if !listed["sync"] || !listed["login"] {
		t.Errorf("the manifest lists %v, want sync and login among them", listed)
	}

	// Notes on disk.
	expect(run("add", "first", "--text", "see https://example.com and https://<broken>"), exitcode.Success, envelopetest.Fields{"/meta/type": "note"})
	expect(run("add", "first", "--text", "again"), exitcode.Conflict, envelopetest.Fields{"/error/code": "NOTE_EXISTS"})
	expect(run("add", "Bad!", "--text", "x"), exitcode.ArgError, envelopetest.Fields{"/error/code": "BAD_NAME"})
	expect(run("add", "second"), exitcode.ArgError, envelopetest.Fields{"/error/code": "BAD_FLAG", "/error/phase": "validation"})
	expect(run("add"), exitcode.ArgError, envelopetest.Fields{"/error/code": "BAD_ARGUMENTS"})
	expect(run("add", "x", "--bogus"), exitcode.ArgError, envelopetest.Fields{"/error/code": "BAD_FLAG"})
	expect(run("--json"), exitcode.ArgError, envelopetest.Fields{"/error/code": "BAD_FLAG"})
	expect(run("add", "second", "--text", "plain"), exitcode.Success, nil)

	o := run("get", "first")
	expect(o, exitcode.Success, envelopetest.Fields{"/data/name": "first", "/data/links": []string{"https://example.com", "https://<broken>"}})
	etag, _ := o.Field("/data/etag")
	expect(run("get", "first", "--if-none-match", etag.(string)), exitcode.Success, envelopetest.Fields{
		"/meta/not_modified": true, "/data": nil, "/meta/type": envelopetest.Absent,
	})
	expect(run("get", "nope"), exitcode.NotFound, envelopetest.Fields{
		"/error/code": "NOTE_NOT_FOUND", "/error/suggestion": "run `notes list` and pick a note that exists", "/error/retryable": false,
	})

	// A corrupt note is the same failure for get and rm: no ARG_ERROR from
	// rm's validation.
	if err := os.WriteFile(filepath.Join(dir, "corrupt.json"), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	expect(run("get", "corrupt"), exitcode.GeneralError, envelopetest.Fields{"/error/code": "GENERAL_ERROR", "/error/phase": "execution"})
	expect(run("rm", "corrupt"), exitcode.GeneralError, envelopetest.Fields{"/error/code": "GENERAL_ERROR", "/error/retryable": envelopetest.Absent, "/error/phase": "validation"})
	if err := os.Remove(filepath.Join(dir, "corrupt.json")); err != nil {
		t.Fatal(err)
	}

	// Pages: the command's own, and the size cap's.
	o = run("list", "--limit", "1")
	expect(o, exitcode.Success, envelopetest.Fields{"/meta/truncated": true, "/data/total": 2, "/data/notes/0/name": "first"})
	cursor, _ := o.Field("/meta/cursor")
	expect(run("list", "--limit", "1", "--cursor", cursor.(string)), exitcode.Success, envelopetest.Fields{
		"/meta/truncated": envelopetest.Absent, "/meta/cursor": envelopetest.Absent, "/data/notes/0/name": "second",
	})
	expect(run("list", "--cursor", "x"), exitcode.ArgError, envelopetest.Fields{"/error/code": "BAD_CURSOR", "/error/phase": "validation"})
	expect(run("list", "extra"), exitcode.ArgError, envelopetest.Fields{"/error/code": "BAD_ARGUMENTS"})
	expect(run("list", "--limit", "0"), exitcode.GeneralError, envelopetest.Fields{"/error/code": "INTERNAL_PANIC", "/error/phase": "execution"})
	capped := cfg
	capped.MaxBytes = 250 // one note fits, two do not
	o = checker.Run(t, notes.New(capped), "list", "--limit", "5")
	expect(o, exitcode.Success, envelopetest.Fields{"/meta/truncated": true, "/data/total": 2, "/data/notes/1": envelopetest.Absent})
	cursor, _ = o.Field("/meta/cursor")
	o = checker.Run(t, notes.New(capped), "list", "--limit", "5", "--cursor", cursor.(string))
	expect(o, exitcode.Success, envelopetest.Fields{"/meta/truncated": envelopetest.Absent, "/data/notes/0/name": "second"})

	// Auth.
	expect(run("login"), exitcode.AuthRequired, envelopetest.Fields{"/error/code": "TOKEN_MISSING", "/error/retryable": false})
	expect(run("login", "--token", "expired"), exitcode.AuthRequired, envelopetest.Fields{
		"/error/code": "TOKEN_EXPIRED", "/error/retryable": true, "/error/retry_after": 0,
	})
	expect(run("login", "--token", "bad"), exitcode.AuthRequired, envelopetest.Fields{"/error/code": "TOKEN_INVALID", "/error/retryable": false})
	expect(run("login", "--token", "good"), exitcode.Success, envelopetest.Fields{"/data/user": "ada"})

	// Sync.
	expect(run("sync"), exitcode.Success, envelopetest.Fields{"/data/pushed": 2})
	mode.Store("limited")
	expect(run("sync"), exitcode.RateLimited, envelopetest.Fields{"/error/code": "RATE_LIMIT_EXCEEDED", "/error/retry_after": 30})
	mode.Store("timeout")
	expect(run("sync"), exitcode.Timeout, envelopetest.Fields{
		"/error/code": "SYNC_TIMEOUT", "/error/retryable": false,
		"/error/suggestion": "run `notes list` against the server before syncing again",
	})
	mode.Store("forbidden")
	expect(run("sync"), exitcode.GeneralError, envelopetest.Fields{"/error/code": "UNDECLARED_EXIT_CODE"}) // test mode: sync forgot PERMISSION_DENIED
	t.Setenv(exitcode.StrictEnv, "0")
	o = checker.Check(context.Background(), notes.New(cfg), "sync")
	// In production the code is kept, with a warning; the declarations
	// the conformance helper checks against do not list it.
	expect(o, exitcode.PermissionDenied, envelopetest.Fields{"/error/code": "SYNC_FORBIDDEN"})
	if w, _ := o.Field("/warnings/0"); !strings.Contains(fmt.Sprint(w), "does not declare") {
		t.Errorf("no warning about the undeclared code: %s", o.Stdout)
	}
	if !strings.Contains(strings.Join(o.Problems, "\n"), `exit status 7 (PERMISSION_DENIED) is not among the codes command "sync" declares`) {
		t.Errorf("the helper does not see the undeclared code: %v", o.Problems)
	}
	t.Setenv(exitcode.StrictEnv, "1")
	mode.Store("ok")

	down := cfg
	closed := httptest.NewServer(http.NotFoundHandler())
	down.Server = closed.URL
	closed.Close()
	expect(checker.Run(t, notes.New(down), "sync"), exitcode.Unavailable, envelopetest.Fields{"/error/code": "UNAVAILABLE"})

	// A cancelled run (the caller's context; SIGINT in TestNotesBinary):
	// before anything changed, retryable, unless the command declares
	// TIMEOUT not retryable, as sync does.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	expect(checker.RunContext(t, ctx, notes.New(cfg), "get", "first"), exitcode.Timeout, envelopetest.Fields{
		"/error/code": envelope.CancelledCode, "/error/phase": "validation", "/error/retryable": true,
	})
	expect(checker.RunContext(t, ctx, notes.New(cfg), "sync"), exitcode.Timeout, envelopetest.Fields{
		"/error/code": envelope.CancelledCode, "/error/phase": "validation", "/error/retryable": false,
	})

	// A command-specific code.
	expect(run("links", "check"), notes.BrokenLinks, envelopetest.Fields{
		"/error/code": "BROKEN_LINKS", "/error/retryable": false, "/error/detail": "first: https://<broken>",
	})
	if notes.BrokenLinks.String() != "BROKEN_LINKS" {
		t.Errorf("Code(80).String() = %q", notes.BrokenLinks.String())
	}

	// Outside any command.
	expect(run(), exitcode.ArgError, envelopetest.Fields{"/error/code": "COMMAND_MISSING"})
	expect(run("links"), exitcode.ArgError, envelopetest.Fields{"/error/code": "COMMAND_MISSING"})
	expect(run("frobnicate"), exitcode.ArgError, envelopetest.Fields{"/error/code": "UNKNOWN_COMMAND"})
	expect(run("lsit", "--limit", "1"), exitcode.Redirected, envelopetest.Fields{
		"/error/code": "COMMAND_TYPO", "/error/redirect/command": "notes list --limit 1", "/error/redirect/reason": "typo_corrected",
	})
	expect(run("links", "chekc"), exitcode.Redirected, envelopetest.Fields{"/error/code": "COMMAND_TYPO", "/error/redirect/command": "notes links check"})
	// A typo of the group links is corrected to the group, not to list.
	expect(run("linsk"), exitcode.Redirected, envelopetest.Fields{"/error/code": "COMMAND_TYPO", "/error/redirect/command": "notes links"})
	expect(run("links", "frobnicate"), exitcode.ArgError, envelopetest.Fields{"/error/code": "UNKNOWN_COMMAND"})
	expect(run("show", "first", "--if-none-match", "x y"), exitcode.Redirected, envelopetest.Fields{
		"/error/code": "COMMAND_RENAMED", "/error/redirect/command": "notes get first --if-none-match 'x y'", "/error/redirect/permanent": true,
	})
	expect(run("--", "get", "first"), exitcode.ArgError, envelopetest.Fields{"/error/code": "BAD_ARGUMENTS", "/error/suggestion": "run notes get first"})

	// Help as data.
	for _, args := range [][]string{{"--help"}, {"help"}, {"-h"}} {
		o = run(args...)
		expect(o, exitcode.Success, envelopetest.Fields{"/meta/type": "help"})
		if subs, _ := o.Field("/data/subcommands"); len(subs.([]any)) < 8 {
			t.Errorf("%q: %d subcommands listed", args, len(subs.([]any)))
		}
	}
	for _, args := range [][]string{{"get", "--help"}, {"help", "get"}} {
		o = run(args...)
		expect(o, exitcode.Success, envelopetest.Fields{"/data/command": "get", "/data/manifest/name": "get"})
		flags, _ := o.Field("/data/flags")
		if b, _ := json.Marshal(flags); !strings.Contains(string(b), `"name":"if-none-match"`) {
			t.Errorf("help for get lists no --if-none-match: %s", b)
		}
	}
	expect(run("help", "nope"), exitcode.ArgError, envelopetest.Fields{"/error/code": "UNKNOWN_COMMAND"})
	expect(run("schema", "x"), exitcode.ArgError, envelopetest.Fields{"/error/code": "UNEXPECTED_ARGUMENT"})
	expect(run("rm", "first"), exitcode.Success, envelopetest.Fields{"/data/name": "first"})

	// A stray print goes to standard error; in test mode it fails the run.
	loud := cfg
	loud.Debug = true
	o = checker.Check(context.Background(), notes.New(loud), "list")
	expect(o, exitcode.GeneralError, envelopetest.Fields{"/error/code": envelope.StrayOutputCode})
	if len(o.Problems) != 1 || !strings.Contains(o.Problems[0], "STRAY_OUTPUT") {
		t.Errorf("a stray print: problems %q, want STRAY_OUTPUT alone", o.Problems)
	}
	if !strings.Contains(string(o.Stderr), "debug: listing") {
		t.Errorf("the stray print is not on stderr: %q", o.Stderr)
	}
}

// TestNotesCLICheck checks the tree as a CLI's own test would.
func TestNotesCLICheck(t *testing.T) {
	if err := notes.New(notes.Config{Dir: t.TempDir()}).Check(); err != nil {
		t.Fatal(err)
	}
}

// TestNotesBinary builds the CLI and runs it as an agent would: the exit
// status is the envelope's code, standard output one envelope (checked by
// the conformance helper against the manifest), whatever the command prints
// and whatever signal interrupts it.
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
	man, err := notes.New(notes.Config{Dir: dir}).Manifest()
	if err != nil {
		t.Fatal(err)
	}
	checker := runtimetest.Checker(t)
	start := func(env []string, args ...string) (*exec.Cmd, *bytes.Buffer, *bytes.Buffer) {
		cmd := exec.Command(bin, args...)
		cmd.Env = append(append(os.Environ(), "NOTES_DIR="+dir, exitcode.StrictEnv+"=1"), env...)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		return cmd, &stdout, &stderr
	}
	for _, tc := range []struct {
		env     []string
		args    []string
		command string // the command that runs, "" for none
		want    exitcode.Code
		errCode string
	}{
		{nil, []string{"add", "a", "--text", "https://<x>"}, "add", exitcode.Success, ""},
		{nil, []string{"get", "nope"}, "get", exitcode.NotFound, "NOTE_NOT_FOUND"},
		{nil, []string{"links", "check"}, "links check", notes.BrokenLinks, "BROKEN_LINKS"},
		{nil, []string{"lsit"}, "", exitcode.Redirected, "COMMAND_TYPO"},
		{nil, []string{"--bogus"}, "", exitcode.ArgError, "BAD_FLAG"},
		{nil, []string{"list", "--limit", "0"}, "list", exitcode.GeneralError, "INTERNAL_PANIC"},
		{[]string{"NOTES_DEBUG=1", exitcode.StrictEnv + "=0"}, []string{"list"}, "list", exitcode.Success, ""},
		{[]string{"NOTES_DEBUG=1"}, []string{"list"}, "list", exitcode.GeneralError, envelope.StrayOutputCode},
	} {
		cmd, stdout, stderr := start(tc.env, tc.args...)
		_ = cmd.Wait()
		status := cmd.ProcessState.ExitCode()
		line := append([]string{"notes"}, tc.args...)
		var r *envelopetest.Result
		if tc.errCode == envelope.StrayOutputCode {
			// The run the helper refuses: that is the only problem.
			r = checker.Output(stdout.Bytes(), status, &man, tc.command, line...)
			if len(r.Problems) != 1 || !strings.Contains(r.Problems[0], "STRAY_OUTPUT") {
				t.Errorf("notes %q: problems %q, want STRAY_OUTPUT alone", tc.args, r.Problems)
			}
		} else {
			r = checker.CheckOutput(t, stdout.Bytes(), status, &man, tc.command, line...)
		}
		fields := envelopetest.Fields{}
		if tc.errCode != "" {
			fields["/error/code"] = tc.errCode
		}
		r.Expect(t, tc.want, fields)
		if slices.Contains(tc.env, "NOTES_DEBUG=1") && !strings.Contains(stderr.String(), "debug: listing") {
			t.Errorf("notes %q: the stray print is not on stderr: %q", tc.args, stderr.String())
		}
	}

	// SIGINT and SIGTERM while sync waits for the server: one envelope,
	// CANCELLED, exit status TIMEOUT (not 130 or 143), phase execution,
	// not retryable (sync declares TIMEOUT so).
	if runtime.GOOS == "windows" {
		t.Log("no signals to send on Windows")
	} else {
		for _, sig := range []os.Signal{os.Interrupt, syscall.SIGTERM} {
			var mode atomic.Value
			mode.Store("hang")
			syncing := make(chan struct{}, 1)
			srv := server(t, &mode, syncing)
			cmd, stdout, _ := start([]string{"NOTES_SERVER=" + srv.URL}, "sync")
			select {
			case <-syncing:
			case <-time.After(30 * time.Second):
				_ = cmd.Process.Kill()
				t.Fatal("notes sync never reached the server")
			}
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			_ = cmd.Wait()
			r := checker.CheckOutput(t, stdout.Bytes(), cmd.ProcessState.ExitCode(), &man, "sync", "notes", "sync")
			r.Expect(t, exitcode.Timeout, envelopetest.Fields{
				"/error/code": envelope.CancelledCode, "/error/phase": "execution", "/error/retryable": false,
			})
		}
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
