package main_test

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

// buildInfo reads what `go version -m` says of the binary: the main
// module's version and the version control settings.
func buildInfo(t *testing.T, exe string) (goVersion, modVersion string, settings map[string]string) {
	t.Helper()
	out, err := exec.Command("go", "version", "-m", exe).Output()
	if err != nil {
		t.Fatal(err)
	}
	settings = map[string]string{}
	for i, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		switch {
		case i == 0 && len(f) == 2:
			goVersion = f[1]
		case len(f) >= 3 && f[0] == "mod":
			modVersion = f[2]
		case len(f) == 2 && f[0] == "build":
			k, v, _ := strings.Cut(f[1], "=")
			settings[k] = v
		}
	}
	return goVersion, modVersion, settings
}

// wantVersion is the version -version must print for what go version -m
// says.
func wantVersion(modVersion string, settings map[string]string) string {
	rev := settings["vcs.revision"]
	if settings["vcs"] == "" || (!strings.Contains(modVersion, "-") && !strings.Contains(modVersion, "+") && modVersion != "(devel)") {
		if modVersion == "(devel)" {
			return "devel"
		}
		return modVersion
	}
	if rev == "" {
		return "devel"
	}
	v := "devel " + rev[:12]
	if settings["vcs.modified"] == "true" {
		v += "+dirty"
	}
	return v
}

// TestVersion: -version prints what the build information says, in text
// and as one envelope; -V=full says the same in the form the go command
// reads (go vet's TestGoVet runs it for real); SARIF's tool.driver.version
// too.
func TestVersion(t *testing.T) {
	goVersion, modVersion, settings := buildInfo(t, binary)
	want := wantVersion(modVersion, settings)

	r := exitlint(t, "testdata/clean", "-version")
	if first, _, _ := strings.Cut(r.stdout, "\n"); r.status != 0 || first != "exitlint "+want || !strings.Contains(r.stdout, "built with "+goVersion) {
		t.Errorf("-version: status %d, stdout %q; want exitlint %s, built with %s", r.status, r.stdout, want, goVersion)
	}
	if rev := settings["vcs.revision"]; rev != "" && !strings.Contains(r.stdout, "revision "+rev) {
		t.Errorf("-version does not name the revision %s:\n%s", rev, r.stdout)
	}

	m := envelopeOf(t, exitlint(t, "testdata/clean", "-version", "-json"))
	data := m["data"].(map[string]any)
	if data["name"] != "exitlint" || data["version"] != want || data["go"] != goVersion || data["release"] != false {
		t.Errorf("-version -json: data %v; want version %q, go %q, no release", data, want, goVersion)
	}

	r = exitlint(t, "testdata/clean", "-V=full")
	f := strings.Fields(r.stdout)
	// What cmd/go's toolID asks of the line.
	if r.status != 0 || len(f) < 3 || f[1] != "version" || strings.Contains(f[2], "devel") && !strings.HasPrefix(f[len(f)-1], "buildID=") {
		t.Errorf("-V=full: status %d, %q is no line the go command reads", r.status, r.stdout)
	}
	if !strings.Contains(r.stdout, " version "+want+" buildID=") {
		t.Errorf("-V=full: %q does not say version %s", r.stdout, want)
	}

	r = exitlint(t, "testdata/clean", "-sarif", "./...")
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Version         string  `json:"version"`
					SemanticVersion *string `json:"semanticVersion"`
				} `json:"driver"`
			} `json:"tool"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &log); err != nil || len(log.Runs) != 1 {
		t.Fatalf("SARIF: %v\n%s", err, r.stdout)
	}
	if d := log.Runs[0].Tool.Driver; d.Version != want || d.SemanticVersion != nil {
		t.Errorf("SARIF tool.driver: version %q, semanticVersion %v; want %q and none (no release)", d.Version, d.SemanticVersion, want)
	}
}
