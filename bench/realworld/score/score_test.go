package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

const commitA = "0123456789abcdef0123456789abcdef01234567"
const commitB = "89abcdef0123456789abcdef0123456789abcdef"

func TestParseJudged(t *testing.T) {
	in := `# header
# commit: ` + commitA + `

cmd/a/main.go:12 barecode TP  exit 2 is   a usage error
cmd/a/main.go:12 fallback FP os.Exit(1) after printing help # not a comment
internal/x.go:7 derivedok NOISE a test helper
internal/y.go:40 argphase FN returns ARG_ERROR after writing the config
`
	j, err := ParseJudged(strings.NewReader(in), "t.txt")
	if err != nil {
		t.Fatal(err)
	}
	if j.Commit != commitA {
		t.Errorf("commit %q", j.Commit)
	}
	want := []Judgement{
		{Key{"cmd/a/main.go", 12, "barecode"}, TP, "exit 2 is   a usage error", 4},
		{Key{"cmd/a/main.go", 12, "fallback"}, FP, "os.Exit(1) after printing help # not a comment", 5},
		{Key{"internal/x.go", 7, "derivedok"}, Noise, "a test helper", 6},
		{Key{"internal/y.go", 40, "argphase"}, FN, "returns ARG_ERROR after writing the config", 7},
	}
	if !reflect.DeepEqual(j.Judgements, want) {
		t.Errorf("got  %+v\nwant %+v", j.Judgements, want)
	}
}

func TestParseJudgedErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"a.go:1 barecode TP", "t.txt:1: a judgement needs a reason"},
		{"a.go:1 barecode MAYBE why", `verdict "MAYBE"`},
		{"a.go:0 barecode TP why", "not a positive number"},
		{"a.go barecode TP why", "not a judgement"},
		{"/abs/a.go:3 barecode TP why", "relative to the repository root"},
		{"./a.go:3 barecode TP why", "relative to the repository root"},
		{"a.go:3 BareCode TP why", "not a check name"},
		{"a.go:3 barecode TP why\n\na.go:3 barecode FP why not", "t.txt:3: a.go:3 barecode is judged already on line 1"},
		{"# commit: abc", "40 hex digits"},
		{"# commit: " + commitA + "\n# commit: " + commitB, "a second # commit: line"},
	} {
		_, err := ParseJudged(strings.NewReader(c.in), "t.txt")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want one containing %q", c.in, err, c.want)
		}
	}
}

func TestFindingsRoundTrip(t *testing.T) {
	fs := []Finding{
		{"cmd/a/main.go", 12, "barecode", "exit code 2 written as a bare integer: spell it exitcode.PartialFailure"},
		{"x.go", 1, "handbuilt", `a map literal with the envelope's keys "ok", "error" built by hand [sic]`},
	}
	var b strings.Builder
	for _, f := range fs {
		b.WriteString(f.String() + "\n")
	}
	got, err := ParseFindings(strings.NewReader(b.String()), "f.txt")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, fs) {
		t.Errorf("got %+v, want %+v", got, fs)
	}
	if _, err := ParseFindings(strings.NewReader("x.go:1\n"), "f.txt"); err == nil {
		t.Error("a line without check and message parsed")
	}
}

// envelope builds an exitlint -json envelope.
func envelope(t *testing.T, data any, errObj any) []byte {
	t.Helper()
	b, err := json.Marshal(map[string]any{"ok": errObj == nil, "data": data, "error": errObj, "warnings": []string{}, "meta": map[string]any{}})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestReadEnvelopeData(t *testing.T) {
	root := filepath.FromSlash("/cache/x@0123")
	data := map[string]any{
		"analyzed": []string{"example.com/x", "example.com/x/cmd"},
		"skipped":  []any{},
		"failed":   []any{map[string]any{"package": "example.com/x/cmd", "errors": []string{"argphase: panic: boom\nstack"}}},
		"diagnostics": []any{
			map[string]any{"check": "barecode", "posn": "cmd/main.go:3:9", "file": "cmd/main.go", "line": 3, "column": 9, "message": "m1"},
			map[string]any{"check": "fallback", "file": filepath.Join(root, "tools", "gen.go"), "line": 8, "column": 2, "message": "m2",
				"related": []any{map[string]any{"posn": "elsewhere.go:1:1", "message": "r"}}},
			map[string]any{"check": "fallback", "file": "/elsewhere/dep.go", "line": 1, "column": 1, "message": "m3"},
		},
		"complete": false,
	}
	fs, sum, err := ReadEnvelope(envelope(t, data, nil), root, "sub/mod")
	if err != nil {
		t.Fatal(err)
	}
	want := []Finding{
		{"sub/mod/cmd/main.go", 3, "barecode", "m1"},
		{"tools/gen.go", 8, "fallback", "m2"},
		{"/elsewhere/dep.go", 1, "fallback", "m3"},
	}
	if filepath.Separator != '/' {
		want = want[:2]
		fs = fs[:2]
	}
	if !reflect.DeepEqual(fs, want) {
		t.Errorf("findings\n got %+v\nwant %+v", fs, want)
	}
	wantSum := RunSummary{Analyzed: 2, Failed: []string{"example.com/x/cmd: argphase: panic: boom"}}
	if !reflect.DeepEqual(sum, wantSum) {
		t.Errorf("summary %+v, want %+v", sum, wantSum)
	}
	fs, _, err = ReadEnvelope(envelope(t, data, nil), root, ".")
	if err != nil || fs[0].Path != "cmd/main.go" {
		t.Errorf("module .: %v %+v", err, fs)
	}
}

func TestReadEnvelopeDetail(t *testing.T) {
	// exitlint exits PRECONDITION when packages are skipped: data is null,
	// the findings are text in error.detail.
	skipped := map[string]any{
		"code":    "PACKAGES_SKIPPED",
		"message": "2 package(s) could not be analyzed (example.com/x/bad, example.com/x/bad [example.com/x/bad.test]); 7 analyzed, 2 finding(s)",
		"detail": "example.com/x/bad:\n\tbad/b.go:3:1: undefined: y\n\tbad/b.go:4:1: undefined: z\n" +
			"example.com/x/bad [example.com/x/bad.test]:\n\tits dependency example.com/x/dep does not load: dep/d.go:1:1: expected 'package'\n" +
			"findings in the packages that were analyzed:\n" +
			"cmd/main.go:3:9: exit code 2 written as a bare integer: spell it exitcode.PartialFailure [barecode]\n" +
			"cmd/run.go:20:3: ARG_ERROR returned (ArgError) after a side effect: os.WriteFile writes a file (line 12); a: b [c] [argphase]\n" +
			"\tcmd/run.go:12:2: side effect: os.WriteFile writes a file",
	}
	fs, sum, err := ReadEnvelope(envelope(t, nil, skipped), "/r", ".")
	if err != nil {
		t.Fatal(err)
	}
	want := []Finding{
		{"cmd/main.go", 3, "barecode", "exit code 2 written as a bare integer: spell it exitcode.PartialFailure"},
		{"cmd/run.go", 20, "argphase", "ARG_ERROR returned (ArgError) after a side effect: os.WriteFile writes a file (line 12); a: b [c]"},
	}
	if !reflect.DeepEqual(fs, want) {
		t.Errorf("findings\n got %+v\nwant %+v", fs, want)
	}
	wantSum := RunSummary{Analyzed: 7, Skipped: []string{
		"example.com/x/bad: bad/b.go:3:1: undefined: y",
		"example.com/x/bad [example.com/x/bad.test]: its dependency example.com/x/dep does not load: dep/d.go:1:1: expected 'package'",
	}}
	if !reflect.DeepEqual(sum, wantSum) {
		t.Errorf("summary\n got %+v\nwant %+v", sum, wantSum)
	}

	failed := map[string]any{
		"code":    "CHECK_FAILED",
		"message": "1 check run(s) failed with an internal error; 1 finding(s) from the others",
		"detail":  "example.com/x:\n\tfallback: panic: index out of range\nfindings of the checks that ran:\nmain.go:1:2: m [barecode]",
	}
	fs, sum, err = ReadEnvelope(envelope(t, nil, failed), "/r", "m")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(fs, []Finding{{"m/main.go", 1, "barecode", "m"}}) {
		t.Errorf("findings %+v", fs)
	}
	if !reflect.DeepEqual(sum, RunSummary{Analyzed: -1, Failed: []string{"example.com/x: fallback: panic: index out of range"}}) {
		t.Errorf("summary %+v", sum)
	}

	broken := map[string]any{"code": "PACKAGES_SKIPPED", "message": "m", "detail": "p:\n\te\nfindings in the packages that were analyzed:\nno position here"}
	if _, _, err := ReadEnvelope(envelope(t, nil, broken), "/r", "."); err == nil {
		t.Error("a detail line that is no finding was accepted")
	}
}

func TestReadEnvelopeNoAnalysis(t *testing.T) {
	e := map[string]any{"code": "NO_PACKAGES", "message": "the patterns ./... matched no Go package"}
	fs, sum, err := ReadEnvelope(envelope(t, nil, e), "/r", ".")
	if err != nil || len(fs) != 0 {
		t.Fatalf("%v %v", fs, err)
	}
	if sum.Analyzed != 0 || !strings.HasPrefix(sum.Error, "NO_PACKAGES: ") {
		t.Errorf("summary %+v", sum)
	}
	for _, bad := range []string{"", "panic: runtime error", `{"data": []}`, `{"ok": false}`} {
		if _, _, err := ReadEnvelope([]byte(bad), "/r", "."); err == nil {
			t.Errorf("%q read as an envelope", bad)
		}
	}
}

// fixture: findings and judgements that exercise every column.
func fixture() ([]Finding, []Judgement) {
	fs := []Finding{
		{"a.go", 1, "barecode", "x"}, // TP
		{"a.go", 1, "barecode", "y"}, // the same line again: still one TP
		{"a.go", 2, "barecode", "x"}, // FP
		{"a.go", 3, "barecode", "x"}, // unjudged
		{"a.go", 1, "fallback", "x"}, // NOISE: the line's barecode judgement is not this one's
		{"b.go", 5, "argphase", "x"}, // FN now found
		{"b.go", 6, "argphase", "x"}, // TP
		{"b.go", 9, "argphase", "x"}, // FP
	}
	js := []Judgement{
		{Key: Key{"a.go", 1, "barecode"}, Verdict: TP},
		{Key: Key{"a.go", 2, "barecode"}, Verdict: FP},
		{Key: Key{"a.go", 9, "barecode"}, Verdict: FP}, // fixed
		{Key: Key{"a.go", 8, "barecode"}, Verdict: TP}, // lost
		{Key: Key{"a.go", 1, "fallback"}, Verdict: Noise},
		{Key: Key{"a.go", 4, "fallback"}, Verdict: Noise}, // gone
		{Key: Key{"b.go", 5, "argphase"}, Verdict: FN},
		{Key: Key{"b.go", 7, "argphase"}, Verdict: FN}, // still missed
		{Key: Key{"b.go", 8, "argphase"}, Verdict: FN}, // still missed
		{Key: Key{"b.go", 6, "argphase"}, Verdict: TP},
		{Key: Key{"b.go", 9, "argphase"}, Verdict: FP},
		{Key: Key{"c.go", 1, "handbuilt"}, Verdict: FN}, // a check with no finding at all
	}
	return fs, js
}

func TestScore(t *testing.T) {
	fs, js := fixture()
	per, ch := Score(fs, js)
	want := map[string]*Counts{
		"barecode":  {Findings: 4, TP: 1, FP: 1, Unjudged: 1, FixedFP: 1, LostTP: 1},
		"fallback":  {Findings: 1, Noise: 1, GoneNoise: 1},
		"argphase":  {Findings: 3, TP: 1, FP: 1, FNFound: 1, FNMissed: 2},
		"handbuilt": {FNMissed: 1},
	}
	if !reflect.DeepEqual(per, want) {
		for k, v := range per {
			t.Errorf("%s: %+v, want %+v", k, *v, want[k])
		}
	}
	if p, ok := per["barecode"].Precision(); !ok || p != 0.5 {
		t.Errorf("barecode precision %v %v, want 0.5", p, ok)
	}
	// A miss now found counts as right: (1 TP + 1 FN found) / 3.
	if p, ok := per["argphase"].Precision(); !ok || p != 2.0/3 {
		t.Errorf("argphase precision %v %v, want 2/3", p, ok)
	}
	if r, ok := per["argphase"].Recall(); !ok || r != 1.0/3 {
		t.Errorf("argphase recall %v %v, want 1/3", r, ok)
	}
	if _, ok := per["fallback"].Precision(); ok {
		t.Error("fallback has only NOISE: precision should be undefined")
	}
	// Strict precision counts NOISE as wrong: fallback's one NOISE line is 0 of 1.
	if p, ok := per["fallback"].StrictPrecision(); !ok || p != 0 {
		t.Errorf("fallback strict precision %v %v, want 0", p, ok)
	}
	if p, ok := per["argphase"].StrictPrecision(); !ok || p != 2.0/3 {
		t.Errorf("argphase strict precision %v %v, want 2/3", p, ok)
	}
	if _, ok := per["barecode"].Recall(); ok {
		t.Error("barecode has no FN: recall should be undefined")
	}
	keys := func(js []Judgement) (out []string) {
		for _, j := range js {
			out = append(out, j.Key.String())
		}
		return out
	}
	if len(ch.Unjudged) != 1 || ch.Unjudged[0].Key() != (Key{"a.go", 3, "barecode"}) {
		t.Errorf("unjudged %+v", ch.Unjudged)
	}
	for _, c := range []struct {
		name string
		got  []Judgement
		want []string
	}{
		{"fixed FP", ch.FixedFP, []string{"a.go:9 barecode"}},
		{"lost TP", ch.LostTP, []string{"a.go:8 barecode"}},
		{"gone NOISE", ch.Gone, []string{"a.go:4 fallback"}},
		{"FN found", ch.FNFound, []string{"b.go:5 argphase"}},
		{"FN missed", ch.FNMissed, []string{"b.go:7 argphase", "b.go:8 argphase", "c.go:1 handbuilt"}},
	} {
		if got := keys(c.got); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

func TestScoreNothingJudged(t *testing.T) {
	fs, _ := fixture()
	per, _ := Score(fs, nil)
	var all Counts
	for _, c := range per {
		all.add(*c)
	}
	if all.Findings != len(fs) || all.Unjudged != 7 || all.TP+all.FP+all.Noise+all.FNFound != 0 {
		t.Errorf("%+v", all)
	}
}

func TestScoreRepo(t *testing.T) {
	rp := Repo{Name: "x", Repo: "o/x", Commit: commitA, Modules: []string{"."}, Patterns: []string{"./..."}, Note: "n"}
	fs, js := fixture()
	okStatus := func() *Status {
		return &Status{Commit: commitA, Modules: []ModuleRun{{".", 0, 2.5}}, Analyzed: 10, AnalyzedSome: true}
	}
	judged := &Judged{Commit: commitA, Judgements: js}
	for _, c := range []struct {
		name      string
		in        Inputs
		state     string
		judged    int
		problem   string
		findings  int
		wantTotal bool
	}{
		{"ok", Inputs{Status: okStatus(), Findings: fs, Judged: judged}, StateOK, len(js), "", len(fs), true},
		{"not run", Inputs{StatusErr: errNotExist(), Judged: judged}, StateNotRun, len(js), "", 0, false},
		{"stale output", Inputs{Status: &Status{Commit: commitB}, Judged: judged}, StateStale, len(js), "run again", 0, false},
		{"judged at another commit", Inputs{Status: okStatus(), Findings: fs, Judged: &Judged{Commit: commitB, Judgements: js}}, StateOK, 0, "judgements ignored", len(fs), true},
		{"no judged file", Inputs{Status: okStatus(), Findings: fs, JudgedErr: errNotExist()}, StateOK, 0, "no judged file", len(fs), true},
		{"skipped packages", Inputs{Status: func() *Status { s := okStatus(); s.Skipped = []string{"p: e"}; return s }(), Findings: fs, Judged: judged}, StatePartial, len(js), "1 package(s) skipped", len(fs), true},
		{"failed check", Inputs{Status: func() *Status { s := okStatus(); s.Failed = []string{"p: c: e"}; return s }(), Findings: fs, Judged: judged}, StatePartial, len(js), "a bug in exitlint", len(fs), true},
		{"setup failed", Inputs{Status: &Status{Commit: commitA, Errors: []string{"checkout: no snapshot"}}, Judged: judged}, StateFailed, len(js), "no snapshot", 0, false},
		{"nothing analyzed", Inputs{Status: &Status{Commit: commitA, Modules: []ModuleRun{{".", 5, 1}}, AnalyzedSome: true, Errors: []string{".: exitlint analyzed nothing: NO_PACKAGES: m"}}, Judged: judged}, StateFailed, len(js), "NO_PACKAGES", 0, false},
		{"no envelope", Inputs{Status: &Status{Commit: commitA, Modules: []ModuleRun{{".", 2, 1}}, Errors: []string{".: exitlint's output x.json: the output is no JSON envelope"}}, Judged: judged}, StateFailed, len(js), "no JSON envelope", 0, false},
		{"findings file unreadable", Inputs{Status: okStatus(), FindingErr: errors.New("x.findings.txt:3: not a finding"), Judged: judged}, StateFailed, len(js), "not a finding", 0, false},
	} {
		r := ScoreRepo(rp, c.in)
		if r.State != c.state || r.Judgements != c.judged || r.All.Findings != c.findings || r.scored() != c.wantTotal {
			t.Errorf("%s: state %q judgements %d findings %d scored %v, want %q %d %d %v", c.name, r.State, r.Judgements, r.All.Findings, r.scored(), c.state, c.judged, c.findings, c.wantTotal)
		}
		if c.problem != "" && !strings.Contains(strings.Join(r.Problems, "\n"), c.problem) {
			t.Errorf("%s: problems %q, want one with %q", c.name, r.Problems, c.problem)
		}
		if c.problem == "" && len(r.Problems) > 0 {
			t.Errorf("%s: problems %q", c.name, r.Problems)
		}
	}
}

func errNotExist() error { return &os.PathError{Op: "open", Path: "x", Err: os.ErrNotExist} }

func TestTotalsSkipUnscored(t *testing.T) {
	fs, js := fixture()
	ok := ScoreRepo(Repo{Name: "a", Commit: commitA}, Inputs{Status: &Status{Commit: commitA, Modules: []ModuleRun{{".", 0, 1}}, Analyzed: 3, AnalyzedSome: true}, Findings: fs, Judged: &Judged{Judgements: js}})
	stale := ScoreRepo(Repo{Name: "b", Commit: commitA}, Inputs{Status: &Status{Commit: commitB}, Judged: &Judged{Judgements: js}})
	per, all := Totals([]*RepoReport{ok, stale, ok})
	if all.Findings != 2*len(fs) || per["barecode"].TP != 2 || per["handbuilt"].FNMissed != 2 {
		t.Errorf("totals %+v, barecode %+v", all, per["barecode"])
	}
	var b bytes.Buffer
	WriteText(&b, []*RepoReport{ok, stale}, true)
	for _, want := range []string{"== a ", "== b ", "stale", "not in the totals: b (stale)", "lost TP:   a.go:8 barecode", "unjudged:  a.go:3 barecode x"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("text report lacks %q:\n%s", want, b.String())
		}
	}
	b.Reset()
	if err := WriteJSON(&b, []*RepoReport{ok, stale}); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Repos []struct {
			Name   string
			State  string
			Checks map[string]struct {
				TP        int      `json:"tp"`
				Precision *float64 `json:"precision"`
			}
		}
		All struct {
			Findings int      `json:"findings"`
			Recall   *float64 `json:"recall"`
		}
	}
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Repos) != 2 || got.Repos[0].Checks["barecode"].TP != 1 || *got.Repos[0].Checks["barecode"].Precision != 0.5 ||
		got.Repos[0].Checks["fallback"].Precision != nil || got.All.Findings != len(fs) || got.All.Recall == nil {
		t.Errorf("JSON report: %s", b.String())
	}
}

func TestParseStatus(t *testing.T) {
	in := "repo\to/x\ncommit\t" + commitA + "\nsetup_seconds\t3.5\nmodule\t. 4 10.25\nmodule\ttools 0 1\n" +
		"analyzed\t7\nanalyzed\t?\nanalyzed\t2\nskipped\tp: e\nfailed\tq: c: e\nerror\tsomething\n"
	s, err := ParseStatus(strings.NewReader(in), "s")
	if err != nil {
		t.Fatal(err)
	}
	want := &Status{Commit: commitA, SetupSeconds: 3.5, Modules: []ModuleRun{{".", 4, 10.25}, {"tools", 0, 1}},
		Analyzed: 9, AnalyzedSome: true, Skipped: []string{"p: e"}, Failed: []string{"q: c: e"}, Errors: []string{"something"}}
	if !reflect.DeepEqual(s, want) {
		t.Errorf("got %+v\nwant %+v", s, want)
	}
	if s.Seconds() != 11.25 {
		t.Errorf("seconds %v", s.Seconds())
	}
	for _, bad := range []string{"no tab", "module\t. x 1", "setup_seconds\tsoon", "analyzed\tmany"} {
		if _, err := ParseStatus(strings.NewReader(bad), "s"); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

func TestParseManifest(t *testing.T) {
	good := "# c\n\nx\to/x\t" + commitA + "\t., tools\t./... ./cmd/...\ttuning\twhy\nh\to/h\t" + commitA + "\t.\t./...\theldout\tunseen\n"
	repos, err := ParseManifest(strings.NewReader(good), "m")
	if err != nil {
		t.Fatal(err)
	}
	want := []Repo{
		{Name: "x", Repo: "o/x", Commit: commitA, Modules: []string{".", "tools"}, Patterns: []string{"./...", "./cmd/..."}, Half: HalfTuning, Note: "why"},
		{Name: "h", Repo: "o/h", Commit: commitA, Modules: []string{"."}, Patterns: []string{"./..."}, Half: HalfHeldOut, Note: "unseen"},
	}
	if !reflect.DeepEqual(repos, want) {
		t.Errorf("got %+v", repos)
	}
	for _, c := range []struct{ in, want string }{
		{"x\to/x\t" + commitA + "\t.\t./...\twhy", "want 7"},
		{"X\to/x\t" + commitA + "\t.\t./...\ttuning\twhy", "name"},
		{"x\tox\t" + commitA + "\t.\t./...\ttuning\twhy", "not owner/name"},
		{"x\to/x\tabc123\t.\t./...\ttuning\twhy", "full commit"},
		{"x\to/x\t" + commitA + "\t../up\t./...\ttuning\twhy", "module directory"},
		{"x\to/x\t" + commitA + "\t./a\t./...\ttuning\twhy", "module directory"},
		{"x\to/x\t" + commitA + "\t.\t \ttuning\twhy", "no package patterns"},
		{"x\to/x\t" + commitA + "\t.\t./...\thalf\twhy", `half "half"`},
		{"x\to/x\t" + commitA + "\t.\t./...\ttuning\t", "note"},
		{"x\to/x\t" + commitA + "\t.\t./...\ttuning\twhy\nx\to/y\t" + commitA + "\t.\t./...\ttuning\twhy", "on line 1 already"},
		{"# nothing", "no repositories"},
	} {
		_, err := ParseManifest(strings.NewReader(c.in), "m")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want one containing %q", c.in, err, c.want)
		}
	}
	if _, err := Select(repos, HalfAll, []string{"x", "nope"}); err == nil || !strings.Contains(err.Error(), "no repository nope") {
		t.Errorf("Select: %v", err)
	}
	for _, c := range []struct {
		half  string
		names []string
		want  []string // the names selected; nil for an error
	}{
		{HalfTuning, nil, []string{"x"}},
		{HalfHeldOut, nil, []string{"h"}},
		{HalfAll, nil, []string{"x", "h"}},
		{HalfAll, []string{"h"}, []string{"h"}},
		{HalfTuning, []string{"x"}, []string{"x"}},
		{HalfTuning, []string{"h"}, nil}, // a held-out name is never selected by accident
		{HalfHeldOut, []string{"x"}, nil},
		{"both", nil, nil},
	} {
		sel, err := Select(repos, c.half, c.names)
		var got []string
		for _, r := range sel {
			got = append(got, r.Name)
		}
		if (err == nil) != (c.want != nil) || !reflect.DeepEqual(got, c.want) {
			t.Errorf("Select(%s, %q) = %q, %v; want %q", c.half, c.names, got, err, c.want)
		}
	}
}

// TestJudgedFiles checks the repository's own manifest and judged files:
// every judged file parses, belongs to a repository of the manifest and
// was judged at the commit the manifest pins. (A repository without one is
// all unjudged, which the report says.)
func TestJudgedFiles(t *testing.T) {
	f, err := os.Open("../repos.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	repos, err := ParseManifest(f, "repos.tsv")
	if err != nil {
		t.Fatal(err)
	}
	pinned := map[string]string{}
	for _, r := range repos {
		pinned[r.Name] = r.Commit
	}
	files, err := filepath.Glob(filepath.Join("..", "judged", "*"))
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range files {
		name, ok := strings.CutSuffix(filepath.Base(file), ".txt")
		if !ok || pinned[name] == "" {
			t.Errorf("%s: no repository of that name in repos.tsv", file)
			continue
		}
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		j, err := ParseJudged(bytes.NewReader(b), file)
		if err != nil {
			t.Error(err)
			continue
		}
		if j.Commit != pinned[name] {
			t.Errorf("%s: # commit: %q, the manifest pins %s", file, j.Commit, pinned[name])
		}
	}
}

// TestCommands runs score's commands on files in a temporary directory.
func TestCommands(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	manifest := write("repos.tsv", "x\to/x\t"+commitA+"\t.,tools\t./...\ttuning\twhy\ny\to/y\t"+commitA+"\t.\t./...\ttuning\twhy\nh\to/h\t"+commitA+"\t.\t./...\theldout\tunseen\n")
	root := filepath.Join(dir, "checkout")
	data := map[string]any{"analyzed": []string{"p"}, "skipped": []any{}, "diagnostics": []any{
		map[string]any{"check": "fallback", "file": "z.go", "line": 4, "column": 1, "message": "late"},
		map[string]any{"check": "barecode", "file": "main.go", "line": 3, "column": 9, "message": "m1"},
	}}
	env1 := write("out/x.json", string(envelope(t, data, nil)))
	env2 := write("out/x.tools.json", string(envelope(t, map[string]any{"analyzed": []string{"q"}, "diagnostics": []any{
		map[string]any{"check": "barecode", "file": "gen.go", "line": 1, "column": 1, "message": "m2"}}}, nil)))
	status := write("out/x.status", "commit\t"+commitA+"\nmodule\t. 0 1.5\nmodule\ttools 0 0.5\n")
	write("judged/x.txt", "# commit: "+commitA+"\nmain.go:3 barecode TP right\ntools/gen.go:1 barecode FP generated\nmain.go:10 fallback FN missed\n")

	run1 := func(args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		code := run(args, &out, &errb)
		return code, out.String(), errb.String()
	}
	code, out, errs := run1("findings", "-root", root, "-status", status, ".="+env1, "tools="+env2)
	if code != 0 {
		t.Fatalf("findings: exit %d: %s", code, errs)
	}
	wantOut := "main.go:3 barecode m1\ntools/gen.go:1 barecode m2\nz.go:4 fallback late\n"
	if out != wantOut {
		t.Errorf("findings printed\n%s\nwant\n%s", out, wantOut)
	}
	write("out/x.findings.txt", out)
	b, _ := os.ReadFile(status)
	if !strings.HasSuffix(string(b), "analyzed\t1\nanalyzed\t1\n") {
		t.Errorf("status file:\n%s", b)
	}

	code, out, errs = run1("report", "-manifest", manifest, "-out", filepath.Join(dir, "out"), "-judged", filepath.Join(dir, "judged"))
	if code != 0 {
		t.Fatalf("report: exit %d: %s", code, errs)
	}
	for _, want := range []string{"== x  o/x@0123456789ab  ok: 2 packages analyzed in 2.0 s", "== y  o/y@0123456789ab  not run", "no judged file"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	// barecode on x: 2 findings, TP 1, FP 1, precision and strict precision 0.50.
	if !strings.Contains(strings.Join(strings.Fields(out), " "), "barecode 2 1 1 0 0 0 0 0 0 0 0.50 0.50 - fallback 1 0 0 0 1 0 0 0 0 1 - - 0.00") {
		t.Errorf("report's barecode row:\n%s", out)
	}
	if strings.Contains(out, "== h ") || strings.Contains(out, "half (") {
		t.Errorf("the default report names the held-out repository or a half:\n%s", out)
	}
	code, out, errs = run1("report", "-half", "all", "-manifest", manifest, "-out", filepath.Join(dir, "out"), "-judged", filepath.Join(dir, "judged"))
	if code != 0 || !strings.Contains(out, "== h ") || !strings.Contains(out, "== the heldout half (1 repositories)") || !strings.Contains(out, "== both halves") {
		t.Errorf("report -half all: exit %d (%s):\n%s", code, errs, out)
	}

	code, out, _ = run1("manifest", manifest, "y")
	if code != 0 || out != "y\to/y\t"+commitA+"\t.\t./...\n" {
		t.Errorf("manifest y: exit %d %q", code, out)
	}

	write("judged/y.txt", "main.go:3 barecode YES\n")
	code, out, errs = run1("report", "-manifest", manifest, "-out", filepath.Join(dir, "out"), "-judged", filepath.Join(dir, "judged"))
	if code != exitPrecondition || !strings.Contains(errs, "malformed judged file") || !strings.Contains(out, "== x ") {
		t.Errorf("malformed judged file: exit %d, stderr %q", code, errs)
	}

	for _, c := range []struct {
		args []string
		code int
	}{
		{nil, exitArgError},
		{[]string{"bogus"}, exitArgError},
		{[]string{"manifest"}, exitArgError},
		{[]string{"manifest", manifest, "nope"}, exitArgError},
		{[]string{"manifest", manifest, "h"}, exitArgError},
		{[]string{"manifest", "-half", "heldout", manifest, "h"}, exitSuccess},
		{[]string{"manifest", "-half", "none", manifest}, exitArgError},
		{[]string{"report", "-half", "tuning", "-manifest", manifest, "-out", dir, "-judged", dir, "h"}, exitArgError},
		{[]string{"manifest", filepath.Join(dir, "missing.tsv")}, exitNotFound},
		{[]string{"manifest", write("bad.tsv", "x\ty\n")}, exitPrecondition},
		{[]string{"findings", "-root", root}, exitArgError},
		{[]string{"findings", "-root", root, "-status", status, "no-equals"}, exitArgError},
		{[]string{"findings", "-root", root, "-status", filepath.Join(dir, "none"), ".=" + env1}, exitNotFound},
		{[]string{"report", "-manifest", manifest}, exitArgError},
		{[]string{"report", "-x"}, exitArgError},
		{[]string{"-h"}, exitSuccess},
	} {
		if code, _, errs := run1(c.args...); code != c.code {
			t.Errorf("%q: exit %d, want %d (%s)", c.args, code, c.code, errs)
		}
	}
}

// TestReadmeExample parses the judged file the README shows.
func TestReadmeExample(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(b), "one judgement a line; for an invented repository:\n\n```\n")
	block, _, ok2 := strings.Cut(rest, "```")
	if !ok || !ok2 {
		t.Fatal("the README's judged-file example is not where this test looks")
	}
	j, err := ParseJudged(strings.NewReader(block), "README.md")
	if err != nil {
		t.Fatal(err)
	}
	if j.Commit == "" || len(j.Judgements) != 4 {
		t.Errorf("commit %q, %d judgements", j.Commit, len(j.Judgements))
	}
}
