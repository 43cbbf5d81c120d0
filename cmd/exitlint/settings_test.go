package main_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestSettingsThatNameNothing: a setting whose name resolves to nothing in
// the analyzed program is an ARG_ERROR that names it, in every spelling,
// never a clean run; one that resolves is accepted.
func TestSettingsThatNameNothing(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		status int
		stderr string // substring
	}{
		{"enum in no package", []string{"-contract.enum=example.com/nosuch.Code"}, 3, "-config.enum: example.com/nosuch.Code: no package example.com/nosuch is among the packages the patterns load"},
		{"enum, new spelling", []string{"-config.enum=example.com/nosuch.Code"}, 3, "no package example.com/nosuch"},
		{"fatal in no package", []string{"-fallback.fatals=example.com/log.Die"}, 3, "-config.fatals: example.com/log.Die: no package example.com/log"},
		{"side effect in no package", []string{"-argphase.sideeffects=(*example.com/db.DB).Save"}, 3, "-config.sideeffects: (*example.com/db.DB).Save: no package example.com/db"},
		{"package loaded, no such function", []string{"-config.fatals=os.Exitt"}, 3, "package os declares no function Exitt; did you mean Exit?"},
		{"package loaded, a variable", []string{"-config.sideeffects=os.Args"}, 3, "os.Args: Args is a variable, not a function"},
		{"package loaded, no such type", []string{"-config.enum=os.Cod"}, 3, "package os declares no type Cod"},
		{"package loaded, names resolve", []string{"-config.fatals=os.Exit", "-config.sideeffects=(*os.File).Sync"}, 0, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := append(tc.args, "./...")
			r := exitlint(t, "testdata/clean", args...)
			if r.status != tc.status {
				t.Errorf("status %d; want %d\nstdout: %s\nstderr: %s", r.status, tc.status, r.stdout, r.stderr)
			}
			if !strings.Contains(r.stderr, tc.stderr) {
				t.Errorf("stderr lacks %q:\n%s", tc.stderr, r.stderr)
			}
			jr := exitlint(t, "testdata/clean", append([]string{"-json"}, args...)...)
			if jr.status != tc.status {
				t.Errorf("-json status %d; want %d", jr.status, tc.status)
			}
			m := envelopeOf(t, jr)
			if tc.status != 0 && errorField(m, "code") != "SETTING_NAMES_NOTHING" {
				t.Errorf("-json error code %q; want SETTING_NAMES_NOTHING", errorField(m, "code"))
			}
		})
	}
}

// TestGoVetSettingsThatNameNothing: under go vet, a setting whose package
// the analyzed code imports but which names nothing there is a diagnostic
// of the config pass, in the old spelling and the new.
func TestGoVetSettingsThatNameNothing(t *testing.T) {
	for _, flag := range []string{"-config.fatals=example.com/dielib.Dye", "-fallback.fatals=example.com/dielib.Dye"} {
		cmd := exec.Command("go", "vet", "-vettool="+binary, flag, "./config")
		cmd.Dir = cases
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off")
		out, _ := cmd.CombinedOutput()
		want := "-config.fatals: example.com/dielib.Dye: package example.com/dielib declares no function Dye; did you mean Die?"
		if !strings.Contains(string(out), want) {
			t.Errorf("go vet %s: output lacks %q:\n%s", flag, want, out)
		}
	}
}

// TestScaffoldingIsLeftOut: a package only tests import is test
// scaffolding; its findings are left out and the report names it and
// counts them; -scaffolding reports them.
func TestScaffoldingIsLeftOut(t *testing.T) {
	r := exitlint(t, "testdata/scaffolding", "-json", "-findings-ok", "./...")
	m := envelopeOf(t, r)
	data, _ := m["data"].(map[string]any)
	raw, _ := json.Marshal(data)
	if !strings.Contains(string(raw), `"left_out":[{"findings":1,"package":"example.com/scaffolding/fake","reason":"imported only by tests (test scaffolding); -scaffolding reports it"}]`) {
		t.Errorf("the report does not name the left-out package:\n%s", raw)
	}
	if strings.Contains(string(raw), "fake.go") || !strings.Contains(string(raw), "tool.go") {
		t.Errorf("findings: want tool.go's, not fake.go's:\n%s", raw)
	}
	text := exitlint(t, "testdata/scaffolding", "./...")
	if !strings.Contains(text.stderr, "1 finding(s) were left out: 1 in test scaffolding (-scaffolding reports them)") {
		t.Errorf("text mode does not say what was left out:\n%s", text.stderr)
	}
	all := exitlint(t, "testdata/scaffolding", "-scaffolding", "./...")
	if !strings.Contains(all.stdout, "fake/fake.go") || strings.Contains(all.stderr, "left out") {
		t.Errorf("-scaffolding: want fake.go's finding and nothing left out:\nstdout %s\nstderr %s", all.stdout, all.stderr)
	}
}

// TestProductRule: dev tooling, demos and test programs are left out, named
// in left_out with why; a pattern that names their directory, and the
// devcode setting (flag or config file), report them. A package under a
// directory named tools that the product imports is the product.
func TestProductRule(t *testing.T) {
	files := func(r result) string {
		var out []string
		for _, f := range []string{"cmd/tool/main.go", "internal/tools/tools.go", "examples/hello/main.go", "examples/shared/shared.go", "scripts/gen/main.go", "cmd/run-benchmarks/main.go"} {
			if strings.Contains(r.stdout, f) {
				out = append(out, f)
			}
		}
		return strings.Join(out, " ")
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"./..."}, "cmd/tool/main.go internal/tools/tools.go"},
		{[]string{"./examples/..."}, "examples/hello/main.go examples/shared/shared.go"},
		{[]string{"-config.devcode=.", "./..."}, "cmd/tool/main.go internal/tools/tools.go examples/hello/main.go examples/shared/shared.go scripts/gen/main.go cmd/run-benchmarks/main.go"},
		{[]string{"-config.devcode=scripts", "./..."}, "cmd/tool/main.go internal/tools/tools.go scripts/gen/main.go"},
	} {
		r := exitlint(t, "testdata/product", c.args...)
		if got := files(r); got != c.want {
			t.Errorf("exitlint %q reports in %q, want %q\nstdout %s\nstderr %s", c.args, got, c.want, r.stdout, r.stderr)
		}
	}
	r := exitlint(t, "testdata/product", "-json", "-findings-ok", "./...")
	data, _ := envelopeOf(t, r)["data"].(map[string]any)
	raw, _ := json.Marshal(data["left_out"])
	for _, want := range []string{
		`{"findings":1,"package":"example.com/product/examples/hello","reason":"a demo (under examples/); -config.devcode=. reports it"}`,
		`{"findings":1,"package":"example.com/product/examples/shared","reason":"a demo (only a demo imports it); -config.devcode=. reports it"}`,
		`{"findings":1,"package":"example.com/product/scripts/gen","reason":"dev tooling (under scripts/); -config.devcode=. reports it"}`,
		`{"findings":1,"package":"example.com/product/cmd/run-benchmarks","reason":"a test program (a main named run-benchmarks); -config.devcode=. reports it"}`,
	} {
		if !strings.Contains(string(raw), want) {
			t.Errorf("left_out lacks %s:\n%s", want, raw)
		}
	}
	text := exitlint(t, "testdata/product", "./...")
	if !strings.Contains(text.stderr, "4 finding(s) were left out: 4 in dev tooling, demos and test programs:") {
		t.Errorf("text mode does not say what was left out:\n%s", text.stderr)
	}
	// A release configuration names the product: the other main is dev
	// tooling, whatever its name.
	rel := exitlint(t, "testdata/productrel", "./...")
	if !strings.Contains(rel.stdout, "cmd/tool/main.go") || strings.Contains(rel.stdout, "cmd/helper/main.go") {
		t.Errorf("with .goreleaser.yml: want tool's finding and not helper's:\nstdout %s\nstderr %s", rel.stdout, rel.stderr)
	}
}

// TestProductRuleConfigKey: devcode in the config file reports what it
// names.
func TestProductRuleConfigKey(t *testing.T) {
	dir := module(t, map[string]string{
		"go.mod":                 "module example.com/keyed\n\ngo 1.22\n",
		".exitlint.yml":          "devcode: [examples]\n",
		"examples/hello/main.go": "package main\n\nimport \"os\"\n\nfunc main() { os.Exit(1) }\n",
		"scripts/gen/main.go":    "package main\n\nimport \"os\"\n\nfunc main() { os.Exit(1) }\n",
	})
	r := exitlint(t, dir, "./...")
	if !strings.Contains(r.stdout, "examples/hello/main.go") || strings.Contains(r.stdout, "scripts/gen/main.go") {
		t.Errorf("devcode: [examples]: want the demo's finding and not the generator's:\nstdout %s\nstderr %s", r.stdout, r.stderr)
	}
}
