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
// 2.1.0 schema.
func runAction(t *testing.T, workspace string, inputs map[string]string) actionRun {
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
	temp := t.TempDir()
	pathFile := filepath.Join(temp, "github_path")
	run := actionRun{outputs: map[string]map[string]string{}}
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
		case strings.HasPrefix(expr, "steps."):
			parts := strings.Split(expr, ".")
			if len(parts) != 4 || parts[2] != "outputs" {
				t.Fatalf("unsupported expression %q", expr)
			}
			return run.outputs[parts[1]][parts[3]]
		}
		t.Fatalf("unsupported expression %q in action.yml: the test's runner evaluates inputs.X, github.action_path and steps.ID.outputs.X", expr)
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
}

// TestPreCommitHooks runs .pre-commit-hooks.yaml with pre-commit itself
// (`pre-commit try-repo`, which installs the hooks as a user's
// .pre-commit-config.yaml would: `go install ./...` of this repository,
// then the hook's entry in the user's repository). It takes about 45 s,
// most of it the hook's go install, so it runs when EXITLINT_PRECOMMIT=1:
// .ci/run installs Debian's pre-commit and sets it.
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
}
