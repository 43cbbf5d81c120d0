//go:build unix

package main_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/exitlint/exitlint/internal/probe"
)

var probeBins struct {
	sync.Mutex
	m map[string]string
}

// probeProgram builds a program for exitlint probe to run, once per test
// binary: dir is where go build runs, target what it builds there.
func probeProgram(t *testing.T, name, dir, target string) string {
	t.Helper()
	probeBins.Lock()
	defer probeBins.Unlock()
	if bin, ok := probeBins.m[name]; ok {
		return bin
	}
	bin := filepath.Join(filepath.Dir(binary), name)
	cmd := exec.Command("go", "build", "-o", bin, target)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building %s: %v\n%s", name, err, out)
	}
	if probeBins.m == nil {
		probeBins.m = map[string]string{}
	}
	probeBins.m[name] = bin
	return bin
}

func notesProgram(t *testing.T) string {
	return probeProgram(t, "notes", "../../runtimetest", "./notes/cmd/notes")
}

func badProgram(t *testing.T) string {
	return probeProgram(t, "badcli", "../../internal/probe/testdata/badcli", "./main.go")
}

// probeEnv runs exitlint probe in a directory of its own, so that no probe
// file of the repository applies.
func probeEnv(t *testing.T, env []string, args ...string) result {
	t.Helper()
	return exitlintEnv(t, t.TempDir(), env, append([]string{"probe"}, args...)...)
}

// A CLI that keeps the contract passes: exit 0, nothing on stdout; with
// -json, one envelope whose data is the report.
func TestProbeContractKeepingCLI(t *testing.T) {
	notes := notesProgram(t)
	r := probeEnv(t, nil, "--", notes)
	if r.status != 0 || r.stdout != "" {
		t.Fatalf("status %d, stdout %q, stderr %q; want 0 and nothing", r.status, r.stdout, r.stderr)
	}
	j := probeEnv(t, nil, "-json", "--", notes)
	env := envelopeOf(t, j)
	data, _ := env["data"].(map[string]any)
	if j.status != 0 || data == nil || len(data["runs"].([]any)) < 20 || len(data["findings"].([]any)) != 0 {
		t.Fatalf("status %d, data %v", j.status, data)
	}
	if m, _ := data["manifest"].(map[string]any); m == nil || m["program"] != "notes" {
		t.Errorf("the report's manifest: %v", data["manifest"])
	}
}

// A CLI that breaks the contract: FINDINGS (80), each finding in text,
// in the envelope's error.detail, as data with -findings-ok, and as a
// SARIF result.
func TestProbeFindings(t *testing.T) {
	bad := badProgram(t)
	args := []string{"-json-args=--json", "-timeout=2s", "-skip=stdin_open", "--", bad}
	r := probeEnv(t, nil, args...)
	if r.status != 80 {
		t.Fatalf("status %d, want 80 (FINDINGS); stderr %s", r.status, r.stderr)
	}
	for _, want := range []string{
		"unknown_flag: an unknown flag is answered with exit 2 (PARTIAL_FAILURE)",
		"\tcommand: " + bad + " --json --exitlint-probe-no-such-flag\n",
		"\texpected: \"| 3 | ARG_ERROR | yes | none | Fix the input, retry immediately — zero side effects guaranteed |\"",
		"\tgot: exit 2 (PARTIAL_FAILURE); stdout empty; stderr \"flag provided but not defined\\n\"",
		"missing_args: exit 3 (ARG_ERROR) after the call created $HOME/.badcli (and 1 more)",
		"\t\tcreated $HOME/.badcli/history",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("the text output lacks %q:\n%s", want, r.stdout)
		}
	}
	j := probeEnv(t, nil, append([]string{"-json"}, args...)...)
	env := envelopeOf(t, j)
	if j.status != 80 || errorField(env, "code") != "FINDINGS" || !strings.Contains(errorField(env, "detail"), "[side_effects]") {
		t.Errorf("-json: status %d, error %v", j.status, env["error"])
	}
	ok := probeEnv(t, nil, append([]string{"-json", "-findings-ok"}, args...)...)
	data, _ := envelopeOf(t, ok)["data"].(map[string]any)
	if ok.status != 0 || data == nil || len(data["findings"].([]any)) < 10 {
		t.Errorf("-findings-ok: status %d, data %v", ok.status, data)
	}
	s := probeEnv(t, nil, append([]string{"-sarif"}, args...)...)
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID string `json:"id"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Invocations []struct {
				ExitCode int `json:"exitCode"`
			} `json:"invocations"`
			Results []struct {
				RuleID  string `json:"ruleId"`
				Message struct {
					Text string `json:"text"`
				} `json:"message"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(s.stdout), &log); err != nil || s.status != 80 || log.Version != "2.1.0" || len(log.Runs) != 1 {
		t.Fatalf("-sarif: status %d, %v:\n%s", s.status, err, s.stdout)
	}
	run := log.Runs[0]
	if len(run.Tool.Driver.Rules) != len(probe.Checks) || run.Invocations[0].ExitCode != 80 || len(run.Results) != len(data["findings"].([]any)) {
		t.Errorf("-sarif: %d rules, exit %d, %d results", len(run.Tool.Driver.Rules), run.Invocations[0].ExitCode, len(run.Results))
	}
}

// The probed program never writes the real HOME (nor the XDG directories
// exitlint was given): every call gets a sandbox, removed afterwards. The
// bad CLI writes $HOME/.badcli/history on one call; the finding names it
// inside the sandbox, and the HOME exitlint runs with is unchanged.
func TestProbeNeverWritesTheRealHome(t *testing.T) {
	bad := badProgram(t)
	home := t.TempDir()
	tmp := t.TempDir()
	writeFiles(t, home, map[string]string{".config/keep": "k", ".badcli/history": "the user's own\n"})
	env := []string{"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, ".config"), "XDG_DATA_HOME=" + filepath.Join(home, ".local/share"),
		"XDG_CACHE_HOME=" + filepath.Join(home, ".cache"), "XDG_STATE_HOME=" + filepath.Join(home, ".local/state"), "TMPDIR=" + tmp}
	before, err := probe.Take(home)
	if err != nil {
		t.Fatal(err)
	}
	r := probeEnv(t, env, "-json-args=--json", "-timeout=2s", "-skip=stdin_open", "--", bad)
	if r.status != 80 || !strings.Contains(r.stdout, "created $HOME/.badcli/history") {
		t.Fatalf("status %d; the finding on $HOME/.badcli/history is missing:\n%s\n%s", r.status, r.stdout, r.stderr)
	}
	after, err := probe.Take(home)
	if err != nil {
		t.Fatal(err)
	}
	if changes := probe.Diff(before, after); len(changes) > 0 || !reflect.DeepEqual(before, after) {
		t.Errorf("the real HOME changed: %v", changes)
	}
	if b, _ := os.ReadFile(filepath.Join(home, ".badcli/history")); string(b) != "the user's own\n" {
		t.Errorf("$HOME/.badcli/history now holds %q", b)
	}
	// The sandboxes are gone: TMPDIR is as it was.
	if entries, _ := os.ReadDir(tmp); len(entries) != 0 {
		t.Errorf("sandboxes left in TMPDIR: %v", entries)
	}
}

// A bad command line is refused before anything runs, with an envelope
// under -json.
func TestProbeBadCommandLine(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"tool.sh":      "#!/bin/sh\nexit 0\n",
		"bad.yml":      "version: 1\ninvocations:\n  - args: [get]\n    expct: 5\n",
		"nothing.json": `{"ok":true,"data":null}`,
	})
	notes := notesProgram(t)
	for _, tc := range []struct {
		args []string
		env  []string
		code int
		want string
	}{
		{[]string{"-json"}, nil, 3, "name the program to probe"},
		{[]string{"-json", "--", filepath.Join(dir, "nope")}, nil, 5, "no such file"},
		{[]string{"-json", "--", "exitlint-no-such-program"}, nil, 5, "not found on PATH"},
		{[]string{"-json", "--", filepath.Join(dir, "tool.sh")}, nil, 3, "is not executable"},
		{[]string{"-json", "--", dir}, nil, 3, "is a directory"},
		{[]string{"-json", "-file", filepath.Join(dir, "bad.yml"), "--", notes}, nil, 3, "bad.yml:4: unknown key \"expct\""},
		{[]string{"-json", "-file", filepath.Join(dir, "none.yml"), "--", notes}, nil, 3, "none.yml: cannot be read"},
		{[]string{"-json", "-manifest", filepath.Join(dir, "nothing.json"), "--", notes}, nil, 3, "it lists no commands"},
		{[]string{"-json", "-env", "HOME=/root", "--", notes}, nil, 3, "HOME is the sandbox's"},
		{[]string{"-json", "-json-at", "middle", "--", notes}, nil, 3, "\"middle\" is no position"},
		{[]string{"-json", "-skip", "stdin_closed", "--", notes}, nil, 3, "names no probe"},
		{[]string{"-json", "-timeout", "-1s", "--", notes}, nil, 3, "must be positive"},
		{[]string{"-json", "-sarif", "--", notes}, nil, 3, "pass one"},
		{[]string{"-json", "-nosuchflag", "--", notes}, nil, 3, "not defined"},
	} {
		r := probeEnv(t, tc.env, tc.args...)
		env := envelopeOf(t, r)
		if r.status != tc.code || !strings.Contains(errorField(env, "message"), tc.want) {
			t.Errorf("%v: status %d, message %q; want %d, %q", tc.args, r.status, errorField(env, "message"), tc.code, tc.want)
		}
	}
	if r := probeEnv(t, nil, "-h"); r.status != 0 || !strings.Contains(r.stdout, "exitlint probe [flags] -- CMD [ARGS…]") {
		t.Errorf("-h: status %d:\n%s", r.status, r.stdout)
	}
	h := probeEnv(t, nil, "-json", "-h")
	data, _ := envelopeOf(t, h)["data"].(map[string]any)
	if h.status != 0 || data == nil || len(data["probes"].([]any)) != len(probe.Probes) {
		t.Errorf("-json -h: status %d, data %v", h.status, data)
	}
}

// The probe file in the working directory is read, and a manifest file
// stands in for the schema command.
func TestProbeFileAndManifest(t *testing.T) {
	notes := notesProgram(t)
	dir := t.TempDir()
	manifest, err := exec.Command(notes, "schema").Output()
	if err != nil {
		t.Fatal(err)
	}
	writeFiles(t, dir, map[string]string{
		"manifest.json": string(manifest),
		probe.FileName:  "version: 1\nmanifest: manifest.json\ninvocations:\n  - args: [get, nosuch]\n    expect: 6\nskip: [stdin_open, bad_flag, command_help, missing_args]\n",
	})
	r := exitlintEnv(t, dir, nil, "probe", "-json", "-findings-ok", "--", notes)
	data, _ := envelopeOf(t, r)["data"].(map[string]any)
	if r.status != 0 || data == nil {
		t.Fatalf("status %d, stderr %s", r.status, r.stderr)
	}
	if m, _ := data["manifest"].(map[string]any); m == nil || m["source"] != filepath.Join(dir, "manifest.json") {
		t.Errorf("the manifest's source: %v", data["manifest"])
	}
	for _, run := range data["runs"].([]any) {
		if p := run.(map[string]any)["probe"]; p == "manifest" || p == "stdin_open" || p == "bad_flag" {
			t.Errorf("%s ran", p)
		}
	}
	findings := data["findings"].([]any)
	if len(findings) != 1 || findings[0].(map[string]any)["check"] != "expected_code" {
		t.Errorf("findings %v, want the invocation's expected_code (get nosuch is 5, the file says 6)", findings)
	}
}

// A program that answers no call with JSON, given no switch: its envelope
// is not judged, and the text output says why on stderr.
func TestProbeProgramWithoutJSONMode(t *testing.T) {
	script := filepath.Join(t.TempDir(), "text.sh")
	if err := os.WriteFile(script, []byte("case \"$1\" in --help|'') echo 'text.sh: no commands'; exit 0 ;; *) echo \"unknown $1\" >&2; exit 3 ;; esac\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := probeEnv(t, nil, "--", "sh", script)
	if r.status != 0 || r.stdout != "" {
		t.Errorf("status %d, stdout %q: want 0 and no finding (the refusals are ARG_ERROR)", r.status, r.stdout)
	}
	if !strings.Contains(r.stderr, "JSON mode: none found") {
		t.Errorf("stderr %q: want the note that no answer was JSON", r.stderr)
	}
	// Declared always on, its text answers are broken envelopes.
	r = probeEnv(t, nil, "-json-always", "--", "sh", script)
	if r.status != 80 || !strings.Contains(r.stdout, "help: standard output in JSON mode is not one envelope") || strings.Contains(r.stderr, "none found") {
		t.Errorf("-json-always: status %d, stdout %q, stderr %q: want 80 and the envelope's findings", r.status, r.stdout, r.stderr)
	}
	if r := probeEnv(t, nil, "-json-always", "-json-args=--json", "--", "sh", script); r.status != 3 || !strings.Contains(r.stdout+r.stderr, "-json-always") {
		t.Errorf("-json-always with -json-args: status %d, %s%s; want 3 naming the contradiction", r.status, r.stdout, r.stderr)
	}
}
