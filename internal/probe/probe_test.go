//go:build unix

package probe

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

var built struct {
	sync.Mutex
	dir  string
	bins map[string]string
}

// TestMain removes the programs the tests built.
func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// build builds a Go program once for the package's tests: dir is where go
// build runs, target what it builds there.
func build(t *testing.T, name, dir, target string) string {
	t.Helper()
	built.Lock()
	defer built.Unlock()
	if bin, ok := built.bins[name]; ok {
		return bin
	}
	if built.dir == "" {
		d, err := os.MkdirTemp("", "exitlint-probe-test")
		if err != nil {
			t.Fatal(err)
		}
		built.dir, built.bins = d, map[string]string{}
	}
	bin := filepath.Join(built.dir, name)
	cmd := exec.Command("go", "build", "-o", bin, target)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building %s: %v\n%s", name, err, out)
	}
	built.bins[name] = bin
	return bin
}

// notesCLI is the runtime's notes CLI, which keeps the contract.
func notesCLI(t *testing.T) string {
	return build(t, "notes", "../../runtimetest", "./notes/cmd/notes")
}

// badCLI is testdata/badcli, written to break the contract.
func badCLI(t *testing.T) string {
	return build(t, "badcli", "testdata/badcli", "./main.go")
}

func probeRun(t *testing.T, cfg Config) *Report {
	t.Helper()
	cfg.Env = append([]string{"PATH=" + os.Getenv("PATH")}, cfg.Env...)
	cfg.TempDir = t.TempDir()
	if cfg.Timeout == 0 {
		cfg.Timeout = 5 * time.Second
	}
	rep, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// found lists a report's findings as "probe check", sorted, once each.
func found(rep *Report) []string {
	var out []string
	for _, f := range rep.Findings {
		if s := f.Probe + " " + string(f.Check); !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	sort.Strings(out)
	return out
}

func probesRun(rep *Report) []string {
	var out []string
	for _, r := range rep.Runs {
		if !slices.Contains(out, r.Probe) {
			out = append(out, r.Probe)
		}
	}
	return out
}

func dump(rep *Report) string {
	var b strings.Builder
	for _, f := range rep.Findings {
		fmt.Fprintf(&b, "%s\n", f.Text())
	}
	return b.String()
}

// The runtime's notes CLI keeps the contract: every probe passes, the
// manifest is read from its schema command and every command is probed.
func TestContractKeepingCLIPasses(t *testing.T) {
	rep := probeRun(t, Config{Command: []string{notesCLI(t)},
		Invocations: []Invocation{{Args: []string{"get", "nosuch"}, Expect: []int{5}}, {Args: []string{"get", "BAD NAME"}, Expect: []int{3}}}})
	if len(rep.Findings) > 0 {
		t.Errorf("findings on a CLI that keeps the contract:\n%s", dump(rep))
	}
	want := []string{ProbeHelp, ProbeManifest, ProbeVersion, ProbeNoCommand, ProbeUnknownCommand, ProbeCommandTypo, ProbeUnknownFlag,
		ProbeStdinOpen, ProbeNoColor, ProbeCommandHelp, ProbeBadFlag, ProbeMissingArgs, ProbeInvocation}
	if got := probesRun(rep); !slices.Equal(got, want) {
		t.Errorf("probes run %v, want %v", got, want)
	}
	if rep.Manifest == nil || rep.Manifest.Program != "notes" || !slices.Contains(rep.Manifest.ResultTypes, "note_list") {
		t.Errorf("manifest: %+v", rep.Manifest)
	}
	wantCommands := []string{"add", "get", "links check", "list", "login", "rm", "schema", "sync"}
	if !slices.Equal(rep.Commands, wantCommands) || rep.Source != "the manifest" {
		t.Errorf("commands %v from %q, want %v from the manifest", rep.Commands, rep.Source, wantCommands)
	}
	// missing_args runs only where the usage requires an argument: a
	// command without one would run for real.
	var missing []string
	for _, r := range rep.Runs {
		if r.Probe == ProbeMissingArgs {
			missing = append(missing, strings.Join(r.Args[1:], " "))
		}
	}
	if !slices.Equal(missing, []string{"add", "get", "rm"}) {
		t.Errorf("missing_args ran %v, want add, get, rm", missing)
	}
}

// The Go CLI written to break the contract gets each finding it earns,
// and no other.
func TestGoCLIBreaksTheContract(t *testing.T) {
	rep := probeRun(t, Config{Command: []string{badCLI(t)}, JSON: JSONMode{Args: []string{"--json"}}, Timeout: 2 * time.Second,
		Invocations: []Invocation{{Args: []string{"get", "nosuch"}, Expect: []int{5}}, {Args: []string{"get", "boom"}, Expect: []int{5}}},
		Interrupts:  []Interrupt{{Args: []string{"watch"}, After: 300 * time.Millisecond}}})
	want := []string{
		"bad_flag envelope",          // exits 2 with nothing on stdout
		"bad_flag invalid_input",     // ... and 2 is no ARG_ERROR
		"command_typo ansi",          // colour in the JSON message
		"command_typo invalid_input", // GENERAL_ERROR for a typo
		"interrupt interrupt",        // SIGINT kills it, no envelope
		"invocation exit_code",       // 90, declared nowhere
		"invocation expected_code",   // 90 where 5 is expected
		"invocation retryable",       // NOT_FOUND retryable: true
		"missing_args phase",         // ARG_ERROR in the execution phase
		"missing_args side_effects",  // put writes $HOME/.badcli/history, then refuses
		"no_color no_color",          // colour with NO_COLOR set
		"stdin_open hang",            // reads stdin to its end
		"unknown_command envelope",   // ok true with exit 3
		"unknown_flag envelope",      // exits 2 with nothing on stdout
		"unknown_flag invalid_input", // ... and 2 is no ARG_ERROR
		"version envelope",           // warnings and meta missing
	}
	if got := found(rep); !slices.Equal(got, want) {
		t.Errorf("findings:\n  %s\nwant:\n  %s\n\n%s", strings.Join(got, "\n  "), strings.Join(want, "\n  "), dump(rep))
	}
	for _, f := range rep.Findings {
		switch {
		case f.Check == CheckSideEffects && !slices.Contains(f.Changes, "created $HOME/.badcli/history"):
			t.Errorf("the side effects do not name $HOME/.badcli/history: %v", f.Changes)
		case f.Check == CheckEnvelope && f.Probe == ProbeUnknownCommand && !strings.Contains(f.Message, "/ok: is true but the exit status is 3"):
			t.Errorf("the ok finding: %s", f.Message)
		case f.Check == CheckEnvelope && f.Probe == ProbeVersion && !(strings.Contains(f.Message, "/warnings: missing") && strings.Contains(f.Message, "/meta: missing")):
			t.Errorf("the missing keys finding: %s", f.Message)
		case f.Check == CheckInvalidInput && f.Probe == ProbeUnknownFlag && !(strings.Contains(f.Got, "exit 2 (PARTIAL_FAILURE)") && strings.Contains(f.Expected, "| 3 | ARG_ERROR |")):
			t.Errorf("the bad flag finding: got %s, expected %s", f.Got, f.Expected)
		}
		if f.Expected == "" || f.Got == "" || len(f.Args) < 1 || f.Args[0] != badCLI(t) {
			t.Errorf("a finding without what was expected, what came back or the command line: %+v", f)
		}
	}
}

// The POSIX shell CLI written to break the contract gets each finding it
// earns, and no other; it always answers in JSON, so there is no switch.
func TestShellCLIBreaksTheContract(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	script, err := filepath.Abs("testdata/bad.sh")
	if err != nil {
		t.Fatal(err)
	}
	rep := probeRun(t, Config{Command: []string{sh, script}, Timeout: 2 * time.Second,
		Invocations: []Invocation{{Args: []string{"deploy", "crash"}, Expect: []int{3}},
			{Args: []string{"deploy", "--dry-run"}, Expect: []int{0}, NoSideEffects: true}},
		Interrupts: []Interrupt{{Args: []string{"status", "--watch"}, After: 300 * time.Millisecond}, {Args: []string{"deploy"}, After: 2 * time.Second}}})
	want := []string{
		"command_help side_effects",    // status --help writes ./bad.log
		"command_typo side_effects",    // dpeloy writes ./bad.log, then ARG_ERROR
		"help envelope",                // help in text
		"invocation side_effects",      // deploy --dry-run writes ./deployed
		"invocation signal",            // deploy crash: SIGSEGV
		"no_command envelope",          // keys missing
		"no_color envelope",            // help in text (no switch: the no_color call is in JSON mode)
		"unknown_command side_effects", // writes ./bad.log, then ARG_ERROR
		"unknown_flag invalid_input",   // a bad flag exiting 2
		"unknown_flag retryable",       // PARTIAL_FAILURE retryable
		"version envelope",             // ok false with exit 0
	}
	// no_color judges colour alone: its call's envelope is help's.
	want = slices.DeleteFunc(want, func(s string) bool { return s == "no_color envelope" })
	if got := found(rep); !slices.Equal(got, want) {
		t.Errorf("findings:\n  %s\nwant:\n  %s\n\n%s", strings.Join(got, "\n  "), strings.Join(want, "\n  "), dump(rep))
	}
	var notes []string
	for _, r := range rep.Runs {
		if r.Probe == ProbeInterrupt {
			notes = append(notes, fmt.Sprintf("%d %q", r.Exit, r.Note))
		}
	}
	if len(notes) != 2 || notes[0] != `10 ""` || !strings.HasPrefix(notes[1], `3 "it ended (exit 3 (ARG_ERROR)) before the interrupt`) {
		t.Errorf("the interrupts: %v; want status --watch ending 10 after SIGINT, and deploy ending before it, with a note", notes)
	}
	if rep.Source != "the help text" || !slices.Equal(rep.Commands, []string{"deploy", "status"}) {
		t.Errorf("commands %v from %q, want deploy, status from the help text", rep.Commands, rep.Source)
	}
	// The setup every call makes, help included, is listed with each run
	// and counted against none.
	for _, r := range rep.Runs {
		if !slices.Contains(r.Changes, "created $HOME/.bad/cache/meta") {
			t.Errorf("%s %v: changes %v, want the setup among them", r.Probe, r.Args, r.Changes)
		}
	}
	for _, f := range rep.Findings {
		if f.Check == CheckSideEffects && f.Probe == ProbeInvocation && !slices.Equal(f.Changes, []string{"created ./deployed"}) {
			t.Errorf("the dry run's side effects %v, want created ./deployed", f.Changes)
		}
		if f.Check == CheckSideEffects && f.Probe != ProbeInvocation && !slices.Equal(f.Changes, []string{"created ./bad.log"}) {
			t.Errorf("side effects %v, want created ./bad.log", f.Changes)
		}
		if f.Probe == ProbeVersion && !strings.Contains(f.Message, "/ok: is false but the exit status is 0") {
			t.Errorf("the ok finding: %s", f.Message)
		}
	}
}

// skip drops a probe, or one command's.
func TestSkip(t *testing.T) {
	rep := probeRun(t, Config{Command: []string{badCLI(t)}, JSON: JSONMode{Args: []string{"--json"}}, Timeout: 2 * time.Second,
		Skip: []string{ProbeStdinOpen, "bad_flag put", ProbeMissingArgs}})
	for _, r := range rep.Runs {
		if r.Probe == ProbeStdinOpen || r.Probe == ProbeMissingArgs || r.Probe == ProbeBadFlag && r.Args[len(r.Args)-1] != noSuchFlag {
			t.Errorf("a skipped probe ran: %s %v", r.Probe, r.Args)
		}
		if r.Probe == ProbeBadFlag && slices.Contains(r.Args, "put") {
			t.Errorf("bad_flag put ran: %v", r.Args)
		}
	}
	var skipped []string
	for _, s := range rep.Skipped {
		skipped = append(skipped, s.Probe)
	}
	for _, want := range []string{ProbeStdinOpen, "bad_flag put", "missing_args get", "missing_args put"} {
		if !slices.Contains(skipped, want) {
			t.Errorf("skipped %v, want %s among them", skipped, want)
		}
	}
}

// The JSON switch goes where the user says.
func TestLinePlacesTheJSONSwitch(t *testing.T) {
	for _, tc := range []struct {
		at   Position
		want string
	}{
		{"", "tool sub get --json -o json NAME"},
		{AtCommand, "tool sub get --json -o json NAME"},
		{AtFirst, "tool sub --json -o json get NAME"},
		{AtLast, "tool sub get NAME --json -o json"},
	} {
		r := &runner{cfg: Config{Command: []string{"tool", "sub"}, JSON: JSONMode{Args: []string{"--json", "-o", "json"}, At: tc.at}}}
		if got := strings.Join(r.line(call{command: "get", rest: []string{"NAME"}, json: true}), " "); got != tc.want {
			t.Errorf("at %q: %s, want %s", tc.at, got, tc.want)
		}
		if got := strings.Join(r.line(call{command: "get", rest: []string{"NAME"}}), " "); got != "tool sub get NAME" {
			t.Errorf("without JSON mode: %s", got)
		}
	}
}

// A command named schema that the probe finds in the help is a guess: when
// its answer holds no manifest, it is a command of another purpose (an API
// schema, a self-description of the program's own format), and no finding;
// the report says why no manifest was read. Named by the user, it must
// print the manifest.
func TestGuessedSchemaCommand(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	script := filepath.Join(t.TempDir(), "api.sh")
	const meta = `"warnings":[],"meta":{"duration_ms":0}`
	if err := os.WriteFile(script, []byte(`case "$1" in
--help) printf '{"ok":true,"data":{"commands":[{"name":"schema"},{"name":"get"}]},"error":null,`+meta+`}\n'; exit 0 ;;
schema) [ $# = 1 ] && printf '{"ok":true,"data":{"services":["calendar","mail"]},"error":null,`+meta+`}\n' && exit 0 ;;
esac
case "$1" in
*) printf '{"ok":false,"data":null,"error":{"code":"USAGE","message":"no such thing"},`+meta+`}\n'; exit 3 ;;
esac
`), 0o644); err != nil {
		t.Fatal(err)
	}
	rep := probeRun(t, Config{Command: []string{sh, script}, Timeout: 2 * time.Second})
	if len(rep.Findings) > 0 {
		t.Errorf("findings on a program whose schema command prints no manifest, unasked:\n%s", dump(rep))
	}
	if !slices.ContainsFunc(rep.Skipped, func(s Skipped) bool {
		return s.Probe == ProbeManifest && strings.Contains(s.Reason, "no manifest") && strings.Contains(s.Reason, "-schema")
	}) {
		t.Errorf("skipped %+v: want the manifest, saying schema printed none and how to name the command", rep.Skipped)
	}
	rep = probeRun(t, Config{Command: []string{sh, script}, Timeout: 2 * time.Second, Schema: []string{"schema"}})
	if got := found(rep); !slices.Equal(got, []string{"manifest manifest"}) {
		t.Errorf("findings %v with the schema command named, want the manifest's\n%s", got, dump(rep))
	}
}

// A program none of whose answers is JSON, probed with no switch given,
// has no JSON mode to judge (or one the probe was not told of): its text
// answers are no broken envelopes, and the report says so once; the
// contract's other half, the exit codes, still holds.
func TestProgramWithoutJSONMode(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	script := filepath.Join(t.TempDir(), "text.sh")
	if err := os.WriteFile(script, []byte(`case "$1" in
--help|"") printf 'text.sh does things\n\nCommands:\n  get   get a thing\n'; exit 0 ;;
--version) echo 'text.sh 1.0'; exit 0 ;;
get) [ "$2" = --help ] && { echo 'Usage: text.sh get [flags]'; exit 0; }; echo "unknown flag $2" >&2; exit 1 ;;
*) echo "unknown command or flag $1" >&2; exit 1 ;;
esac
`), 0o644); err != nil {
		t.Fatal(err)
	}
	rep := probeRun(t, Config{Command: []string{sh, script}, Timeout: 2 * time.Second})
	want := []string{"bad_flag invalid_input", "command_typo invalid_input", "unknown_command invalid_input", "unknown_flag invalid_input"}
	if got := found(rep); !slices.Equal(got, want) {
		t.Errorf("findings %v, want the exit codes' alone, %v\n%s", got, want, dump(rep))
	}
	if !strings.Contains(rep.JSONMode, "no answer was JSON") {
		t.Errorf("json_mode %q: want it to say that no answer was JSON", rep.JSONMode)
	}
	for _, r := range rep.Runs {
		if r.Findings != 0 && r.Probe != ProbeUnknownCommand && r.Probe != ProbeCommandTypo && r.Probe != ProbeUnknownFlag && r.Probe != ProbeBadFlag {
			t.Errorf("%s %v still counts %d finding(s)", r.Probe, r.Args, r.Findings)
		}
	}
	// Declared always on, every answer is held to the envelope.
	rep = probeRun(t, Config{Command: []string{sh, script}, Timeout: 2 * time.Second, JSON: JSONMode{Always: true}})
	if got := found(rep); !slices.Contains(got, "help envelope") || !slices.Contains(got, "unknown_flag envelope") || strings.Contains(rep.JSONMode, "no answer was JSON") {
		t.Errorf("declared always on: findings %v, json_mode %q; want the envelope's findings", got, rep.JSONMode)
	}
}
