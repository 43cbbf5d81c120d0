package main_test

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v3"
)

// action is the part of action.yml a composite action's runner reads.
type action struct {
	Inputs map[string]struct {
		Default string `yaml:"default"`
	} `yaml:"inputs"`
	Runs struct {
		Using string       `yaml:"using"`
		Steps []actionStep `yaml:"steps"`
	} `yaml:"runs"`
}

type actionStep struct {
	Name             string            `yaml:"name"`
	ID               string            `yaml:"id"`
	If               string            `yaml:"if"`
	Uses             string            `yaml:"uses"`
	With             map[string]string `yaml:"with"`
	Shell            string            `yaml:"shell"`
	WorkingDirectory string            `yaml:"working-directory"`
	Env              map[string]string `yaml:"env"`
	Run              string            `yaml:"run"`
}

// actionRun is what running the action did.
type actionRun struct {
	failed   string // the step that failed, "" when none did
	log      string // every step's output
	outputs  map[string]map[string]string
	uploaded string // the SARIF file handed to upload-sarif, "" when not
	temp     string // $RUNNER_TEMP, where the action installs exitlint
}

var expression = regexp.MustCompile(`\$\{\{\s*(.*?)\s*\}\}`)

// runAction runs action.yml's steps as GitHub's runner runs a composite
// action: each run step's script with `bash --noprofile --norc -eo
// pipefail`, in its working directory under the workspace, with its env
// and the job's, the PATH lines earlier steps appended to $GITHUB_PATH,
// and $GITHUB_OUTPUT read back into steps.ID.outputs; ${{ }} expressions
// and if: conditions evaluated (the forms the action uses: an input, the
// action's path, a step's output, and `X == 'literal'`; any other form
// fails the test). github/codeql-action/upload-sarif, which needs GitHub,
// is stood in for by validating the file it would upload against the SARIF
// 2.1.0 schema. env is added to every step's environment, after the
// defaults (the module proxy off, the workspace off), except entries
// "github.X=V", which set the value of the expression github.X (the event's
// fields the action reads; unset ones are empty, as GitHub gives them for
// another event).
func runAction(t *testing.T, workspace string, inputs map[string]string, env ...string) actionRun {
	t.Helper()
	data, err := os.ReadFile("../../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	var a action
	if err := yaml.Unmarshal(data, &a); err != nil {
		t.Fatalf("action.yml: %v", err)
	}
	if a.Runs.Using != "composite" {
		t.Fatalf("runs.using = %q; want composite", a.Runs.Using)
	}
	for name := range inputs {
		if _, ok := a.Inputs[name]; !ok {
			t.Fatalf("action.yml has no input %q", name)
		}
	}
	actionPath, err := filepath.Abs("../../")
	if err != nil {
		t.Fatal(err)
	}
	githubContext := map[string]string{}
	var processEnv []string
	for _, e := range env {
		if k, v, ok := strings.Cut(e, "="); ok && strings.HasPrefix(k, "github.") {
			githubContext[k] = v
			continue
		}
		processEnv = append(processEnv, e)
	}
	env = processEnv
	temp := t.TempDir()
	pathFile := filepath.Join(temp, "github_path")
	run := actionRun{outputs: map[string]map[string]string{}, temp: temp}
	eval := func(expr string) string {
		switch {
		case strings.HasPrefix(expr, "inputs."):
			name := strings.TrimPrefix(expr, "inputs.")
			in, ok := a.Inputs[name]
			if !ok {
				t.Fatalf("action.yml uses an input it does not declare: %s", name)
			}
			if v, ok := inputs[name]; ok {
				return v
			}
			return in.Default
		case expr == "github.action_path":
			return actionPath
		case strings.HasPrefix(expr, "github.event."):
			return githubContext[expr]
		case strings.HasPrefix(expr, "steps."):
			parts := strings.Split(expr, ".")
			if len(parts) != 4 || parts[2] != "outputs" {
				t.Fatalf("unsupported expression %q", expr)
			}
			return run.outputs[parts[1]][parts[3]]
		}
		t.Fatalf("unsupported expression %q in action.yml: the test's runner evaluates inputs.X, github.action_path, github.event.X and steps.ID.outputs.X", expr)
		return ""
	}
	subst := func(s string) string {
		return expression.ReplaceAllStringFunc(s, func(m string) string { return eval(expression.FindStringSubmatch(m)[1]) })
	}
	condition := func(cond string) bool {
		cond = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(cond), "${{"), "}}"))
		lhs, rhs, ok := strings.Cut(cond, "==")
		rhs = strings.TrimSpace(rhs)
		if !ok || !strings.HasPrefix(rhs, "'") || !strings.HasSuffix(rhs, "'") {
			t.Fatalf("unsupported condition %q", cond)
		}
		return eval(strings.TrimSpace(lhs)) == strings.Trim(rhs, "'")
	}
	path := os.Getenv("PATH")
	for i, step := range a.Runs.Steps {
		if step.If != "" && !condition(step.If) {
			continue
		}
		if step.Uses != "" {
			if !strings.HasPrefix(step.Uses, "github/codeql-action/upload-sarif@") {
				t.Fatalf("step %q uses %s, which the test's runner cannot stand in for", step.Name, step.Uses)
			}
			file := subst(step.With["sarif_file"])
			if !filepath.IsAbs(file) {
				file = filepath.Join(workspace, file)
			}
			validSARIF(t, file)
			run.uploaded = file
			continue
		}
		if step.Shell != "bash" {
			t.Fatalf("step %q: shell %q; a composite action's run step names its shell, and the test's runner runs bash", step.Name, step.Shell)
		}
		script := filepath.Join(temp, "step.sh")
		if err := os.WriteFile(script, []byte(step.Run), 0o644); err != nil {
			t.Fatal(err)
		}
		outFile := filepath.Join(temp, "output"+step.ID)
		os.WriteFile(outFile, nil, 0o644)
		cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", script)
		cmd.Dir = filepath.Join(workspace, subst(step.WorkingDirectory))
		cmd.Env = append(os.Environ(), "PATH="+path, "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off",
			"RUNNER_TEMP="+temp, "GITHUB_PATH="+pathFile, "GITHUB_OUTPUT="+outFile, "GITHUB_WORKSPACE="+workspace, "GITHUB_ACTION_PATH="+actionPath)
		cmd.Env = append(cmd.Env, env...)
		for k, v := range step.Env {
			cmd.Env = append(cmd.Env, k+"="+subst(v))
		}
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		run.log += "== " + step.Name + "\n" + out.String()
		if step.ID != "" {
			run.outputs[step.ID] = readOutputs(t, outFile)
		}
		if lines, err := os.ReadFile(pathFile); err == nil {
			for _, l := range strings.Split(strings.TrimSpace(string(lines)), "\n") {
				if l != "" && !strings.Contains(path, l) {
					path = l + string(os.PathListSeparator) + path
				}
			}
		}
		if err != nil {
			run.failed = step.Name
			t.Logf("step %d (%s) failed: %v", i+1, step.Name, err)
			return run
		}
	}
	return run
}

func readOutputs(t *testing.T, file string) map[string]string {
	t.Helper()
	out := map[string]string{}
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), "="); ok {
			out[k] = v
		}
	}
	return out
}

func validSARIF(t *testing.T, file string) {
	t.Helper()
	c := jsonschema.NewCompiler()
	schema, err := c.Compile("testdata/sarif/sarif-schema-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(file)
	if err != nil {
		t.Fatalf("the SARIF file to upload: %v", err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatalf("the SARIF file to upload is no JSON: %v", err)
	}
	if err := schema.Validate(doc); err != nil {
		t.Fatalf("the SARIF file to upload breaks the schema: %v", err)
	}
}

// TestAction runs the GitHub Action's steps on a module with findings, with
// the inputs a workflow would give.
func TestAction(t *testing.T) {
	dir := fixModule(t, fixable)
	r := runAction(t, dir, nil)
	if r.failed != "Judge the exit status" || r.outputs["run"]["exit-code"] != "80" || r.uploaded != filepath.Join(dir, ".", "exitlint.sarif") ||
		!strings.Contains(r.log, "::error title=exitlint::exitlint reported findings (exit 80)") {
		t.Errorf("findings: failed at %q, outputs %v, uploaded %q; want the judge to fail on 80 after the upload\n%s", r.failed, r.outputs, r.uploaded, r.log)
	}
	// The findings in the log, as workflow commands the runner turns into
	// annotations: one per finding, the file relative to the workspace.
	for _, want := range []string{"::error file=main.go,line=14,col=11,", "title=exitlint barecode::exit code 3 written as a bare integer", "::error file=main.go,line=17,col=3,"} {
		if !strings.Contains(r.log, want) {
			t.Errorf("the log lacks the annotation %q:\n%s", want, r.log)
		}
	}

	// A pull request from a fork gets no security-events: write: no
	// upload, and a warning that says why; the annotations stay.
	r = runAction(t, dir, nil, "github.event.pull_request.head.repo.fork=true")
	if r.uploaded != "" || !strings.Contains(r.log, "::warning title=exitlint::a pull request from a fork gets no security-events: write permission") || !strings.Contains(r.log, "::error file=main.go,line=14,") {
		t.Errorf("a fork's pull request: uploaded %q\n%s", r.uploaded, r.log)
	}

	// The module in a subdirectory, with flags, no upload, and findings
	// that do not fail the step.
	sub := filepath.Join(t.TempDir(), "mod")
	if err := os.Rename(dir, sub); err != nil {
		t.Fatal(err)
	}
	r = runAction(t, filepath.Dir(sub), map[string]string{"working-directory": "mod", "fail-on-findings": "false", "upload": "false", "args": "-disable fallback", "sarif-file": "out.sarif"})
	if r.failed != "" || r.uploaded != "" || r.outputs["run"]["exit-code"] != "80" || !strings.Contains(r.log, "fail-on-findings is off") {
		t.Errorf("fail-on-findings false: failed at %q, uploaded %q, outputs %v\n%s", r.failed, r.uploaded, r.outputs, r.log)
	}
	if sarif, _ := os.ReadFile(filepath.Join(sub, "out.sarif")); bytes.Contains(sarif, []byte(`"ruleId": "fallback"`)) || !bytes.Contains(sarif, []byte(`"ruleId": "barecode"`)) {
		t.Errorf("args -disable fallback did not reach exitlint:\n%s", sarif)
	}
	// Code scanning places files relative to the repository's root.
	if sarif, _ := os.ReadFile(filepath.Join(sub, "out.sarif")); !bytes.Contains(sarif, []byte(`"uri": "mod/main.go"`)) {
		t.Errorf("the SARIF log does not name mod/main.go relative to the workspace:\n%s", sarif)
	}
	if !strings.Contains(r.log, "::error file=mod/main.go,line=14,") {
		t.Errorf("the annotations do not name mod/main.go relative to the workspace:\n%s", r.log)
	}
}

// TestActionInputs runs the action with each input a workflow may get
// wrong, and with packages that choose part of the module.
func TestActionInputs(t *testing.T) {
	dir := fixModule(t, fixable)
	if err := os.MkdirAll(filepath.Join(dir, "clean"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "clean", "clean.go"), []byte("package clean\n\nfunc Two() int { return 2 }\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	// packages: only the clean package, whose log is uploaded.
	r := runAction(t, dir, map[string]string{"packages": "./clean"})
	if r.failed != "" || r.outputs["run"]["exit-code"] != "0" || r.uploaded == "" || !strings.Contains(r.log, "exitlint: clean") {
		t.Errorf("packages ./clean: failed at %q, outputs %v, uploaded %q; want a clean run, uploaded\n%s", r.failed, r.outputs, r.uploaded, r.log)
	}

	// packages that name nothing: exitlint ends before analyzing and
	// writes no log; the upload is skipped and the last step says why.
	r = runAction(t, dir, map[string]string{"packages": "./nosuch"})
	if r.failed != "Judge the exit status" || r.uploaded != "" || r.outputs["run"]["exit-code"] != "5" ||
		!strings.Contains(r.log, "exitlint wrote no SARIF log: nothing to upload") || !strings.Contains(r.log, "::error title=exitlint::exitlint exited 5") {
		t.Errorf("packages ./nosuch: failed at %q, outputs %v, uploaded %q; want no upload and the judge to fail on 5\n%s", r.failed, r.outputs, r.uploaded, r.log)
	}

	// args and packages reach exitlint as arguments, never word-split
	// values: on one line, quotes are a shell's (the fatal's name arrives
	// without them); on several lines, one argument a line, spaces kept.
	// With fixme.run a fatal, fallback reports the call of run.
	for name, inputs := range map[string]map[string]string{
		"one line, quoted":    {"args": `-config.fatals='fixme.run' -disable "barecode"`},
		"one argument a line": {"args": "-config.fatals=fixme.run\n-disable\nbarecode\n", "packages": "./...\n"},
	} {
		r := runAction(t, dir, inputs)
		if r.outputs["run"]["exit-code"] != "80" || !strings.Contains(r.log, "::error file=main.go,line=16,") || strings.Contains(r.log, "title=exitlint barecode") {
			t.Errorf("%s: exit %q; want fallback's finding at the call of run (line 16) and no barecode finding\n%s", name, r.outputs["run"]["exit-code"], r.log)
		}
	}
	r = runAction(t, dir, map[string]string{"args": "-disable 'barecode"})
	if r.failed != "Install exitlint" || !strings.Contains(r.log, "::error title=exitlint::input args has a quote that is not closed") {
		t.Errorf("an unclosed quote: failed at %q\n%s", r.failed, r.log)
	}

	// Inputs that are no value the action knows fail before anything is
	// installed, naming the input.
	for name, c := range map[string]struct {
		inputs map[string]string
		want   string
	}{
		"version no module version": {map[string]string{"version": "0.1"}, `input version is "0.1", which is no module version: give a released version such as v0.1.0`},
		"version a branch":          {map[string]string{"version": "main"}, `input version is "main", which is no module version`},
		"upload":                    {map[string]string{"upload": "yes"}, `input upload is "yes": give "true" or "false"`},
		"fail-on-findings":          {map[string]string{"fail-on-findings": "False"}, `input fail-on-findings is "False": give "true" or "false"`},
	} {
		r := runAction(t, dir, c.inputs)
		if r.failed != "Install exitlint" || !strings.Contains(r.log, "::error title=exitlint::"+c.want) {
			t.Errorf("%s: failed at %q; want the install step to fail saying %q\n%s", name, r.failed, c.want, r.log)
		}
	}

	// A version that is not released: go install's own message, then
	// the action's, which says what to check.
	empty := t.TempDir()
	r = runAction(t, dir, map[string]string{"version": "v9.9.9"}, "GOPROXY=file://"+filepath.ToSlash(empty), "GOSUMDB=off")
	if r.failed != "Install exitlint" || !strings.Contains(r.log, "github.com/exitlint/exitlint/cmd/exitlint@v9.9.9") ||
		!strings.Contains(r.log, "::error title=exitlint::go install github.com/exitlint/exitlint/cmd/exitlint@v9.9.9 failed (the go command says why, above): check that v9.9.9 is a released version") {
		t.Errorf("version v9.9.9, not released: failed at %q; want the install step to fail with go's message and the action's\n%s", r.failed, r.log)
	}
}

// TestActionInstallsARelease runs the action with version set: its
// install step runs `go install github.com/exitlint/exitlint/cmd/exitlint@VERSION`
// against a module proxy directory that holds a release of this
// repository's HEAD, made by the release steps (internal/cmd/release), and
// the exitlint it installs is the one that runs. The release steps take a
// minute or more, so it runs when EXITLINT_RELEASE=1: .ci/run sets it.
func TestActionInstallsARelease(t *testing.T) {
	if os.Getenv("EXITLINT_RELEASE") == "" {
		t.Skip("slow (the release steps, then go install from a fresh module cache): set EXITLINT_RELEASE=1, as .ci/run does")
	}
	repo, err := filepath.Abs("../../")
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	checkout, proxy := filepath.Join(work, "exitlint"), filepath.Join(work, "proxy")
	if out, err := exec.Command("git", "clone", "-q", repo, checkout).CombinedOutput(); err != nil {
		t.Fatalf("git clone: %v\n%s", err, out)
	}
	goEnv := func(name string) string {
		out, err := exec.Command("go", "env", name).Output()
		if err != nil {
			t.Fatal(err)
		}
		return strings.TrimSpace(string(out))
	}
	// The modules already downloaded, then the usual proxy for any that
	// are not; the released modules are in no checksum database.
	known := "file://" + filepath.ToSlash(filepath.Join(goEnv("GOMODCACHE"), "cache", "download")) + "," + goEnv("GOPROXY")
	env := []string{"GOPROXY=" + known, "GOFLAGS=", "GOSUMDB=off", "GOTOOLCHAIN=local"}
	release := exec.Command("go", "run", "./internal/cmd/release", "-version", "v0.99.0", "-proxy", proxy)
	release.Dir = checkout
	release.Env = append(os.Environ(), env...)
	if out, err := release.CombinedOutput(); err != nil {
		t.Fatalf("the release steps: %v\n%s", err, out)
	}

	modcache := t.TempDir()
	t.Cleanup(func() { // the go command makes the module cache read-only
		clean := exec.Command("go", "clean", "-modcache")
		clean.Env = append(os.Environ(), "GOMODCACHE="+modcache)
		clean.Run()
	})
	dir := fixModule(t, fixable)
	r := runAction(t, dir, map[string]string{"version": "v0.99.0", "fail-on-findings": "false"},
		"GOPROXY=file://"+filepath.ToSlash(proxy)+","+known, "GOSUMDB=off", "GOTOOLCHAIN=local", "GOMODCACHE="+modcache)
	if r.failed != "" || r.outputs["run"]["exit-code"] != "80" || r.uploaded == "" {
		t.Fatalf("version v0.99.0: failed at %q, outputs %v, uploaded %q; want the release installed and run, its findings uploaded\n%s", r.failed, r.outputs, r.uploaded, r.log)
	}
	info, err := exec.Command("go", "version", "-m", filepath.Join(r.temp, "exitlint-bin", "exitlint")).CombinedOutput()
	if err != nil {
		t.Fatalf("go version -m: %v\n%s", err, info)
	}
	for _, want := range []string{"mod\tgithub.com/exitlint/exitlint\tv0.99.0", "dep\tgithub.com/exitlint/exitlint/exitcode\tv0.99.0"} {
		if !strings.Contains(string(info), want) {
			t.Errorf("the exitlint the action installed lacks %q:\n%s", want, info)
		}
	}
}

// TestPreCommitHooks runs .pre-commit-hooks.yaml with pre-commit itself
// (`pre-commit try-repo`, which clones this repository as a user's
// .pre-commit-config.yaml would and runs the hook's entry in the user's
// repository; the entry builds cmd/exitlint, and nothing else, once). It
// takes a while, most of it the build, so it runs when
// EXITLINT_PRECOMMIT=1: .ci/run installs Debian's pre-commit and sets it.
func TestPreCommitHooks(t *testing.T) {
	if os.Getenv("EXITLINT_PRECOMMIT") == "" {
		t.Skip("slow (go install ./... of this repository into pre-commit's environment): set EXITLINT_PRECOMMIT=1, as .ci/run does")
	}
	if _, err := exec.LookPath("pre-commit"); err != nil {
		t.Fatal("EXITLINT_PRECOMMIT is set and pre-commit is not installed (apt-get install pre-commit, or pip install pre-commit)")
	}
	repo, err := filepath.Abs("../../")
	if err != nil {
		t.Fatal(err)
	}
	modcache, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	dir := fixModule(t, fixable)
	gitRepo(t, dir)
	home := t.TempDir()
	try := func(hook string) (string, error) {
		cmd := exec.Command("pre-commit", "try-repo", repo, hook, "--all-files", "--verbose")
		cmd.Dir = dir
		// The module cache as it is, offline: the hook's go install finds
		// exitlint's dependencies there, not in pre-commit's own GOPATH.
		cmd.Env = append(os.Environ(), "PRE_COMMIT_HOME="+home, "GOMODCACHE="+strings.TrimSpace(string(modcache)), "GOPROXY=off", "GOFLAGS=", "GOWORK=")
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	out, err := try("exitlint")
	if err == nil || !strings.Contains(out, "main.go:14:11: exit code 3 written as a bare integer") || !strings.Contains(out, "Failed") {
		t.Errorf("the exitlint hook on findings: %v; want it to fail with the findings\n%s", err, out)
	}
	out, err = try("exitlint-new")
	if err != nil || !strings.Contains(out, "Passed") {
		t.Errorf("the exitlint-new hook with nothing changed since HEAD: %v; want it to pass\n%s", err, out)
	}
	// The entry as pre-commit runs it, in a clone of the repository (which
	// try-repo removes when it is done): it builds exitlint, and no other
	// command of the repository, into the clone, once.
	clone := filepath.Join(t.TempDir(), "hook")
	if out, err := exec.Command("git", "clone", "-q", repo, clone).CombinedOutput(); err != nil {
		t.Fatalf("git clone: %v\n%s", err, out)
	}
	gopath := t.TempDir()
	for range 2 {
		entry := exec.Command(filepath.Join(clone, ".pre-commit", "exitlint"), "-version")
		entry.Dir = dir
		entry.Env = append(os.Environ(), "GOPATH="+gopath, "GOMODCACHE="+strings.TrimSpace(string(modcache)), "GOPROXY=off", "GOFLAGS=", "GOWORK=")
		if out, err := entry.CombinedOutput(); err != nil || !strings.HasPrefix(string(out), "exitlint ") {
			t.Fatalf("the hook's entry: %v\n%s", err, out)
		}
	}
	built, _ := os.ReadDir(filepath.Join(clone, ".pre-commit", "bin"))
	if len(built) != 1 || built[0].Name() != "exitlint" {
		t.Errorf("the hook's entry built %v; want exitlint alone", built)
	}
	if _, err := os.Stat(filepath.Join(gopath, "bin")); err == nil {
		t.Errorf("the hook's entry installed commands in GOPATH/bin")
	}
}
