package main_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// wantRef is the git reference the docs links of the binary must name, by
// what go version -m says of it.
func wantRef(t *testing.T) string {
	_, modVersion, settings := buildInfo(t, binary)
	v := wantVersion(modVersion, settings)
	if strings.HasPrefix(v, "devel") {
		if rev := settings["vcs.revision"]; rev != "" {
			return rev
		}
		return "main"
	}
	if m := pseudoVersion.FindStringSubmatch(v); m != nil {
		return m[1]
	}
	return v
}

var pseudoVersion = regexp.MustCompile(`\d{14}-([0-9a-f]{12})$`)

// TestListChecks: -list-checks lists the checks, then the helper passes,
// with their summaries and pages at this build's version, as text and as
// one envelope.
func TestListChecks(t *testing.T) {
	ref := wantRef(t)
	r := exitlint(t, "testdata/clean", "-list-checks")
	if r.status != 0 || !strings.HasPrefix(r.stdout, "barecode    report an exit code spelled as a bare integer\n") || !strings.Contains(r.stdout, "\nsuppress    honour //exitlint:ignore") {
		t.Errorf("-list-checks: status %d\n%s", r.status, r.stdout)
	}
	data := dataOf(t, exitlint(t, "testdata/clean", "-list-checks", "-json"))
	var checks, helpers []string
	for _, c := range data["checks"].([]any) {
		c := c.(map[string]any)
		checks = append(checks, c["name"].(string))
		if want := "https://github.com/exitlint/exitlint/blob/" + ref + "/docs/checks/" + c["name"].(string) + ".md"; c["url"] != want {
			t.Errorf("%s: url %v; want %s", c["name"], c["url"], want)
		}
	}
	for _, c := range data["helpers"].([]any) {
		helpers = append(helpers, c.(map[string]any)["name"].(string))
	}
	if got := strings.Join(checks, ","); got != "barecode,fallback,handbuilt,derivedok,argphase,envshape,payload,undeclared,directives" {
		t.Errorf("checks %s", got)
	}
	if got := strings.Join(helpers, ","); got != "argerror,config,contract,errcodes,exits,generated,hidden,sideeffects,suppress,terminal" {
		t.Errorf("helpers %s", got)
	}
}

// TestExplain: -explain prints a check's doc, the text its page under
// docs/checks is generated from, with its links at this build's version;
// a helper pass's too; an unknown name is ARG_ERROR with the nearest name.
func TestExplain(t *testing.T) {
	ref := wantRef(t)
	r := exitlint(t, "testdata/clean", "-explain", "directives")
	if r.status != 0 || !strings.HasPrefix(r.stdout, "directives: report exitlint directives") || !strings.Contains(r.stdout, "\n# What it flags\n") ||
		!strings.HasSuffix(r.stdout, "\nDocs: https://github.com/exitlint/exitlint/blob/"+ref+"/docs/checks/directives.md\n") ||
		!strings.Contains(r.stdout, "[suppress]: https://github.com/exitlint/exitlint/blob/"+ref+"/docs/checks/suppress.md") {
		t.Errorf("-explain directives: status %d\n%s", r.status, r.stdout)
	}
	data := dataOf(t, exitlint(t, "testdata/clean", "-explain", "barecode", "-json"))
	page, err := os.ReadFile(filepath.Join("..", "..", "docs", "checks", "barecode.md"))
	if err != nil {
		t.Fatal(err)
	}
	md := data["markdown"].(string)
	first, _, _ := strings.Cut(md, "\n\n")
	if data["check"] != true || first == "" || !strings.Contains(string(page), first) || !strings.Contains(md, "## What it flags") {
		t.Errorf("-explain barecode -json: check %v; its markdown's first paragraph is not the page's:\n%s", data["check"], md)
	}
	if data := dataOf(t, exitlint(t, "testdata/clean", "-explain", "suppress", "-json")); data["check"] != false || !strings.Contains(data["text"].(string), "//nolint") {
		t.Errorf("-explain suppress: %v", data)
	}

	r = exitlint(t, "testdata/clean", "-explain", "barecod")
	if r.status != 3 || !strings.Contains(r.stderr, "did you mean barecode?") {
		t.Errorf("-explain barecod: status %d stderr %q", r.status, r.stderr)
	}
	r = exitlint(t, "testdata/clean", "-json", "-explain", "nosuch")
	m := envelopeOf(t, r)
	if r.status != 3 || errorField(m, "code") != "UNKNOWN_CHECK" || !strings.Contains(errorField(m, "detail"), "the helper passes: argerror") {
		t.Errorf("-explain nosuch: status %d error %v", r.status, m["error"])
	}
	r = exitlint(t, "testdata/clean", "-json", "-explain", "barecode", "-list-checks")
	if m := envelopeOf(t, r); r.status != 3 || !strings.Contains(errorField(m, "message"), "pass one of them") {
		t.Errorf("two questions: status %d error %v", r.status, m["error"])
	}
}
