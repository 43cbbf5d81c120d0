package main_test

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// nestedModule is a repository whose root module requires a module nested
// under it through a replace directive, and has an internal package of its
// own: both hold the same exit helper.
var nestedModule = map[string]string{
	"go.mod":                "module example.com/app\n\ngo 1.22\n\nrequire example.com/app/lib v0.0.0\n\nreplace example.com/app/lib => ./lib\n",
	"lib/go.mod":            "module example.com/app/lib\n\ngo 1.22\n",
	"lib/lib.go":            "package lib\n\nimport (\n\t\"fmt\"\n\t\"os\"\n)\n\n// Must exits when err is set.\nfunc Must(err error) {\n\tif err != nil {\n\t\tfmt.Fprintln(os.Stderr, err)\n\t\tos.Exit(1)\n\t}\n}\n",
	"internal/util/util.go": "package util\n\nimport (\n\t\"fmt\"\n\t\"os\"\n)\n\n// Must exits when err is set.\nfunc Must(err error) {\n\tif err != nil {\n\t\tfmt.Fprintln(os.Stderr, err)\n\t\tos.Exit(1)\n\t}\n}\n",
	"main.go":               "package main\n\nimport (\n\t\"errors\"\n\n\t\"example.com/app/internal/util\"\n\t\"example.com/app/lib\"\n)\n\nfunc main() {\n\tlib.Must(errors.New(\"x\"))\n\tutil.Must(errors.New(\"y\"))\n}\n",
}

// TestNestedModule: a module nested in the repository is another module,
// though its import path extends the root's: its helper's catch-all exit is
// reported at the call in the root module, where the user can handle the
// error, while the root module's own helper is reported at its os.Exit.
// Both the standalone run and go vet's units know each package's module.
func TestNestedModule(t *testing.T) {
	dir := module(t, nestedModule)
	check := func(route, out string) {
		t.Helper()
		if !strings.Contains(out, "main.go:11:2: lib.Must may end the process with GENERAL_ERROR (1)") {
			t.Errorf("%s: the nested module's helper is not reported at its call:\n%s", route, out)
		}
		if strings.Contains(out, "main.go:12:") {
			t.Errorf("%s: the root module's own helper is reported at its call:\n%s", route, out)
		}
		if !strings.Contains(out, "util.go:12:3: os.Exit(1) ends the process") {
			t.Errorf("%s: the root module's own helper's exit is not reported:\n%s", route, out)
		}
	}
	r := exitlintEnv(t, dir, []string{"GOFLAGS=-mod=mod", "GOPROXY=off"}, "./...")
	noPanic(t, r)
	if r.status != 80 {
		t.Errorf("standalone: status %d; want 80\n%s", r.status, r.stderr)
	}
	check("standalone", r.stdout)

	cmd := exec.Command("go", "vet", "-vettool="+binary, "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off")
	out, _ := cmd.CombinedOutput()
	check("go vet", string(out))
}
