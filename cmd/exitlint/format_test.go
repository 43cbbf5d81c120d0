package main_test

import (
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// xmlShape reads an XML document token by token (it must be well-formed,
// one root) and returns, for each element, the path from the root
// ("testsuites/testsuite/testcase") with the names of the attributes it
// had each time.
func xmlShape(t *testing.T, file string) map[string][][]string {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	dec := xml.NewDecoder(f)
	dec.Strict = true
	shape := map[string][][]string{}
	var path []string
	roots := 0
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("%s is no well-formed XML: %v", file, err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if len(path) == 0 {
				roots++
			}
			path = append(path, tok.Name.Local)
			var attrs []string
			for _, a := range tok.Attr {
				attrs = append(attrs, a.Name.Local)
			}
			shape[strings.Join(path, "/")] = append(shape[strings.Join(path, "/")], attrs)
		case xml.EndElement:
			path = path[:len(path)-1]
		}
	}
	if roots != 1 {
		t.Fatalf("%s has %d root elements", file, roots)
	}
	return shape
}

// hasShape checks that the document has exactly the elements want names,
// each time with at least the attributes it lists.
func hasShape(t *testing.T, name string, got map[string][][]string, want map[string][]string) {
	t.Helper()
	for path, seen := range got {
		attrs, ok := want[path]
		if !ok {
			t.Errorf("%s: element %s, which its readers do not know", name, path)
			continue
		}
		for _, s := range seen {
			for _, a := range attrs {
				if !slices.Contains(s, a) {
					t.Errorf("%s: an element %s without attribute %s (it has %v)", name, path, a, s)
				}
			}
		}
	}
	for path := range want {
		if _, ok := got[path]; !ok && !strings.HasSuffix(path, "/error") {
			t.Errorf("%s: no element %s", name, path)
		}
	}
}

// TestFormats writes every format to a file at once beside the text on
// stdout, on a package with findings: the exit code is the run's, and
// each file has the shape its readers read.
func TestFormats(t *testing.T) {
	dir := t.TempDir()
	out := func(name string) string { return filepath.Join(dir, name) }
	args := []string{"-format", "json=" + out("f.json"), "-format", "checkstyle=" + out("cs.xml"), "-format", "junit=" + out("junit.xml"),
		"-format", "github=" + out("gh.txt"), "-format", "sarif=" + out("f.sarif"), "-format", "text=" + out("f.txt"), "./barecode/customenum"}
	plain := exitlint(t, cases, "./barecode/customenum")
	r := exitlint(t, cases, args...)
	if r.status != 80 || r.stdout != plain.stdout {
		t.Fatalf("status %d; want 80 and the text on stdout as without -format:\n%s\n%s", r.status, r.stdout, r.stderr)
	}
	if text, _ := os.ReadFile(out("f.txt")); string(text) != plain.stdout {
		t.Errorf("-format text=FILE: %q; want the text of stdout", text)
	}

	c := jsonschema.NewCompiler()
	schema, err := c.Compile(filepath.Join("..", "..", "docs", "findings.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(out("f.json"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(string(data)))
	if err != nil {
		t.Fatalf("-format json is no JSON: %v", err)
	}
	if err := schema.Validate(doc); err != nil {
		t.Errorf("-format json breaks docs/findings.schema.json: %v", err)
	}
	var report struct {
		ExitCode    int    `json:"exit_code"`
		Outcome     string `json:"outcome"`
		Error       struct{ Code, Detail string }
		Diagnostics []struct {
			Check string
			Line  int
		}
	}
	if err := json.Unmarshal(data, &report); err != nil {
		t.Fatal(err)
	}
	if report.ExitCode != 80 || report.Outcome != "FINDINGS" || report.Error.Code != "FINDINGS" || report.Error.Detail != "" || len(report.Diagnostics) != 2 || report.Diagnostics[0].Line != 15 {
		t.Errorf("-format json: %+v", report)
	}

	hasShape(t, "checkstyle", xmlShape(t, out("cs.xml")), map[string][]string{
		"checkstyle":            {"version"},
		"checkstyle/file":       {"name"},
		"checkstyle/file/error": {"line", "column", "severity", "message", "source"},
	})
	cs, _ := os.ReadFile(out("cs.xml"))
	if !strings.Contains(string(cs), `<file name="barecode/customenum/codes.go">`) || !strings.Contains(string(cs), `line="15" column="10" severity="error"`) || !strings.Contains(string(cs), `source="exitlint.barecode"`) {
		t.Errorf("checkstyle:\n%s", cs)
	}

	hasShape(t, "junit", xmlShape(t, out("junit.xml")), map[string][]string{
		"testsuites":                            {"name", "tests", "failures", "errors"},
		"testsuites/testsuite":                  {"name", "tests", "failures", "errors"},
		"testsuites/testsuite/testcase":         {"name", "classname"},
		"testsuites/testsuite/testcase/failure": {"message", "type"},
		"testsuites/testsuite/testcase/error":   {"message", "type"},
	})
	var suites struct {
		Tests    int `xml:"tests,attr"`
		Failures int `xml:"failures,attr"`
		Suites   []struct {
			Name     string `xml:"name,attr"`
			Tests    int    `xml:"tests,attr"`
			Failures int    `xml:"failures,attr"`
			Cases    []struct {
				Failure *struct{} `xml:"failure"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	ju, _ := os.ReadFile(out("junit.xml"))
	if err := xml.Unmarshal(ju, &suites); err != nil {
		t.Fatal(err)
	}
	total, failures := 0, 0
	for _, s := range suites.Suites {
		f := 0
		for _, c := range s.Cases {
			if c.Failure != nil {
				f++
			}
		}
		if s.Tests != len(s.Cases) || s.Failures != f {
			t.Errorf("junit suite %s: tests %d failures %d, for %d cases of which %d fail", s.Name, s.Tests, s.Failures, len(s.Cases), f)
		}
		total, failures = total+s.Tests, failures+s.Failures
	}
	if suites.Tests != total || suites.Failures != 2 || failures != 2 || suites.Suites[0].Name != "barecode" {
		t.Errorf("junit: tests %d failures %d; want %d and 2, the first suite barecode", suites.Tests, suites.Failures, total)
	}

	gh, _ := os.ReadFile(out("gh.txt"))
	lines := strings.Split(strings.TrimSuffix(string(gh), "\n"), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "::error file=barecode/customenum/codes.go,line=15,col=10,") || !strings.Contains(lines[0], ",title=exitlint barecode::exit code 3 written as a bare integer") {
		t.Errorf("github:\n%s", gh)
	}
	validSARIF(t, out("f.sarif"))
}

// TestFormatOnStdout: a -format without a file takes stdout from the text;
// -json's envelope and a format to a file go together; -findings-ok's exit
// code is the json format's too.
func TestFormatOnStdout(t *testing.T) {
	r := exitlint(t, cases, "-format", "github", "./barecode/customenum")
	if r.status != 80 || !strings.HasPrefix(r.stdout, "::error file=barecode/customenum/codes.go,line=15,") || strings.Contains(r.stdout, "[barecode]") {
		t.Errorf("-format github: status %d\n%s", r.status, r.stdout)
	}
	file := filepath.Join(t.TempDir(), "f.json")
	r = exitlint(t, cases, "-json", "-findings-ok", "-format", "json="+file, "./barecode/customenum")
	if m := envelopeOf(t, r); r.status != 0 || m["ok"] != true {
		t.Errorf("-json with -format json=FILE: status %d", r.status)
	}
	data, _ := os.ReadFile(file)
	if !strings.Contains(string(data), `"exit_code": 0,`) || !strings.Contains(string(data), `"error": null,`) {
		t.Errorf("-format json with -findings-ok:\n%s", data)
	}
	// A run that ends before analysis writes no file.
	file = filepath.Join(t.TempDir(), "none.xml")
	if r := exitlint(t, cases, "-format", "checkstyle="+file, "./nosuch/..."); r.status != 5 {
		t.Errorf("a pattern that names nothing: status %d", r.status)
	}
	if _, err := os.Stat(file); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a run that analyzed nothing wrote %s: %v", file, err)
	}
}

// TestFormatErrors: a command line whose outputs collide or name no format
// is an ARG_ERROR that says what to change, before anything is analyzed.
func TestFormatErrors(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-format", "xml"}, `unknown format "xml"`},
		{[]string{"-format", "junt"}, "did you mean junit?"},
		{[]string{"-format", "json="}, "no file after ="},
		{[]string{"-format", "checkstyle", "-format", "junit"}, "-format checkstyle and -format junit all write to stdout"},
		{[]string{"-sarif", "-format", "text"}, "-sarif and -format text all write to stdout"},
		{[]string{"-format", "json=" + filepath.Join(dir, "a"), "-format", "checkstyle=" + filepath.Join(dir, "a")}, "both write"},
		{[]string{"-format", "json=" + filepath.Join(dir, "nosuch", "a.json")}, "cannot write in"},
		{[]string{"-format", "json=" + dir}, "is a directory"},
	} {
		r := exitlint(t, cases, append(tc.args, "./barecode/customenum")...)
		if r.status != 3 || !strings.Contains(r.stderr, tc.want) || r.stdout != "" {
			t.Errorf("%v: status %d stderr %q; want 3 and %q", tc.args, r.status, r.stderr, tc.want)
		}
	}
	r := exitlint(t, cases, "-json", "-format", "checkstyle", "./barecode/customenum")
	if m := envelopeOf(t, r); r.status != 3 || !strings.Contains(errorField(m, "message"), "-json and -format checkstyle all write to stdout") {
		t.Errorf("-json -format checkstyle: status %d error %v", r.status, m["error"])
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("a refused command line left files: %v", entries)
	}
}
