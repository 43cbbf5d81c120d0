package main_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// nolintSource has golangci-lint's //nolint in every form exitlint reads,
// one for another linter, and one naming exitlint that suppresses nothing.
const nolintSource = `package main

import (
	"log"
	"os"
)

func main() {
	if len(os.Args) > 5 {
		os.Exit(5) //nolint:exitlint // the wrapper maps 5 itself
	}
	if len(os.Args) > 6 {
		os.Exit(6) //nolint:barecode // the wrapper maps 6 itself
	}
	if len(os.Args) > 7 {
		os.Exit(7) //nolint
	}
	if len(os.Args) > 8 {
		os.Exit(8) //nolint:errcheck // another linter's: reported
	}
	log.Print("x") //nolint:exitlint // suppresses nothing
}
`

// nolintWant are the findings every route reports on nolintSource, as
// "line:check".
var nolintWant = []string{"19:barecode", "21:directives"}

func nolintModule(t *testing.T) string {
	return module(t, map[string]string{"go.mod": "module nolinted\n\ngo 1.22\n", "main.go": nolintSource})
}

// TestNolintOnEveryRoute: golangci-lint's //nolint is honoured, and an
// unused one naming exitlint reported, by the command, go vet and the
// language server alike (the plugin: plugin's TestNolintInGolangciLint).
func TestNolintOnEveryRoute(t *testing.T) {
	dir := nolintModule(t)
	r := exitlint(t, dir, "-json", "-findings-ok", "./...")
	var got []string
	for _, d := range dataOf(t, r)["diagnostics"].([]any) {
		d := d.(map[string]any)
		got = append(got, fmt.Sprintf("%v:%s", d["line"], d["check"]))
	}
	if !slices.Equal(got, nolintWant) {
		t.Errorf("exitlint: findings %v; want %v", got, nolintWant)
	}

	cmd := exec.Command("go", "vet", "-vettool="+binary, "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=off")
	out, _ := cmd.CombinedOutput()
	got = nil
	for _, line := range strings.Split(string(out), "\n") {
		if _, rest, ok := strings.Cut(line, "main.go:"); ok {
			n, _, _ := strings.Cut(rest, ":")
			check := "barecode"
			if strings.Contains(line, "//nolint") {
				check = "directives"
			}
			got = append(got, n+":"+check)
		}
	}
	// A second go vet of the same sources replays the first run's
	// findings from the build cache, in an order of its own (seen with
	// Go 1.26): the route's order is the toolchain's, its findings ours.
	slices.SortFunc(got, func(a, b string) int { return lineOf(a) - lineOf(b) })
	if !slices.Equal(got, nolintWant) {
		t.Errorf("go vet: findings %v; want %v\n%s", got, nolintWant, out)
	}

	c := startLSP(t, dir)
	c.initialize(t, dir, false)
	file := filepath.Join(dir, "main.go")
	c.notify(t, "textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": fileURI(file), "languageId": "go", "version": 1, "text": nolintSource}})
	got = nil
	for _, d := range c.waitFor(t, fileURI(file)) {
		got = append(got, fmt.Sprintf("%d:%s", d.Range.Start.Line+1, d.Code))
	}
	if !slices.Equal(got, nolintWant) {
		t.Errorf("language server: findings %v; want %v", got, nolintWant)
	}
}

// lineOf is the line of a "line:check" finding.
func lineOf(s string) int {
	n, _ := strconv.Atoi(s[:strings.IndexByte(s, ':')])
	return n
}
