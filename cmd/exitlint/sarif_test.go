package main_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// TestSARIF validates the -sarif log of findings with related positions and
// fixes against the published SARIF 2.1.0 schema, and checks what GitHub
// code scanning reads from it: rules with their docs, locations relative to
// the source root, the chain of an argphase finding and a fix's edits.
func TestSARIF(t *testing.T) {
	r := exitlint(t, cases, "-sarif", "./argphase/cmd", "./barecode/customenum")
	if r.status != 80 {
		t.Fatalf("status %d; want 80 (FINDINGS), as without -sarif\n%s", r.status, r.stderr)
	}

	c := jsonschema.NewCompiler()
	schema, err := c.Compile("testdata/sarif/sarif-schema-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(r.stdout))
	if err != nil {
		t.Fatalf("the SARIF log is no JSON: %v\n%s", err, r.stdout)
	}
	if err := schema.Validate(doc); err != nil {
		t.Fatalf("the SARIF log breaks the SARIF 2.1.0 schema: %v", err)
	}

	var log struct {
		Version string
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name  string
					Rules []struct{ ID, HelpURI string }
				}
			}
			Invocations []struct {
				ExecutionSuccessful bool
				ExitCode            int
			}
			Results []struct {
				RuleID    string
				RuleIndex int
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI, URIBaseID string }
						Region           struct{ StartLine, StartColumn int }
					}
				}
				RelatedLocations []struct {
					Message          struct{ Text string }
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           struct{ StartLine, StartColumn int }
					}
				}
				Fixes []struct {
					ArtifactChanges []struct {
						Replacements []struct {
							DeletedRegion   struct{ StartLine, StartColumn, EndColumn int }
							InsertedContent struct{ Text string }
						}
					}
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(r.stdout), &log); err != nil {
		t.Fatal(err)
	}
	if len(log.Runs) != 1 {
		t.Fatalf("%d runs; want 1", len(log.Runs))
	}
	run := log.Runs[0]
	rules := run.Tool.Driver.Rules
	for _, rule := range rules {
		if !strings.HasSuffix(rule.HelpURI, "/docs/checks/"+rule.ID+".md") {
			t.Errorf("rule %s has help URI %q", rule.ID, rule.HelpURI)
		}
	}
	if inv := run.Invocations; len(inv) != 1 || inv[0].ExitCode != 80 || !inv[0].ExecutionSuccessful {
		t.Errorf("invocations = %+v", inv)
	}
	var chain, fix bool
	for _, res := range run.Results {
		if res.RuleIndex >= len(rules) || rules[res.RuleIndex].ID != res.RuleID {
			t.Errorf("result of %s points at rule %d", res.RuleID, res.RuleIndex)
		}
		loc := res.Locations[0].PhysicalLocation
		if loc.ArtifactLocation.URIBaseID != "%SRCROOT%" || strings.HasPrefix(loc.ArtifactLocation.URI, "/") || loc.Region.StartLine == 0 {
			t.Errorf("location %+v", loc)
		}
		if res.RuleID == "argphase" && len(res.RelatedLocations) > 0 && strings.Contains(res.RelatedLocations[0].Message.Text, "side effect") {
			rel := res.RelatedLocations[0].PhysicalLocation
			if !strings.HasPrefix(rel.ArtifactLocation.URI, "argphase/cmd/") || rel.Region.StartLine < 2 || rel.Region.StartColumn < 2 {
				t.Errorf("the side effect's location %+v; want a position in argphase/cmd", rel)
			}
			chain = true
		}
		if res.RuleID == "barecode" && loc.ArtifactLocation.URI == "barecode/customenum/codes.go" && loc.Region.StartLine == 15 {
			if len(res.Fixes) != 1 {
				t.Fatalf("the bare code at codes.go:15 has %d fixes; want 1", len(res.Fixes))
			}
			rep := res.Fixes[0].ArtifactChanges[0].Replacements[0]
			if rep.DeletedRegion.StartLine != 15 || rep.DeletedRegion.StartColumn != 10 || rep.DeletedRegion.EndColumn != 11 || rep.InsertedContent.Text != "Bad" {
				t.Errorf("fix replacement = %+v; want 15:10-11 replaced by Bad", rep)
			}
			fix = true
		}
	}
	if !chain || !fix {
		t.Errorf("argphase chain in relatedLocations: %v; barecode fix: %v (want both)\n%s", chain, fix, r.stdout)
	}
}

func TestSARIFAndJSONConflict(t *testing.T) {
	r := exitlint(t, cases, "-json", "-sarif", "./barecode/customenum")
	if r.status != 3 || !strings.Contains(r.stdout, "-json and -sarif") {
		t.Errorf("status %d stdout %q; want 3 and an envelope naming both flags", r.status, r.stdout)
	}
}

// The schema is test data, published by OASIS; keep it intact.
func TestSARIFSchemaIsTheOfficialOne(t *testing.T) {
	data, err := os.ReadFile("testdata/sarif/sarif-schema-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"id": "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"`) {
		t.Error("testdata/sarif/sarif-schema-2.1.0.json is not the OASIS SARIF 2.1.0 errata01 schema")
	}
}

// sarifResults runs exitlint -sarif in dir and returns its results and
// rules as GitHub code scanning reads them.
type sarifRuleSeen struct {
	ID   string
	Help struct{ Text, Markdown string }
	// Properties holds every property, to see that none is a security one.
	Properties map[string]any
}

type sarifResultSeen struct {
	RuleID              string
	PartialFingerprints map[string]string
	Locations           []struct {
		PhysicalLocation struct {
			Region struct{ StartLine int }
		}
	}
}

func sarifOf(t *testing.T, dir string) ([]sarifRuleSeen, []sarifResultSeen) {
	t.Helper()
	r := exitlint(t, dir, "-sarif", "./...")
	if r.status != 80 {
		t.Fatalf("status %d; want 80\n%s%s", r.status, r.stdout, r.stderr)
	}
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct{ Rules []sarifRuleSeen }
			}
			Results []sarifResultSeen
		}
	}
	if err := json.Unmarshal([]byte(r.stdout), &log); err != nil {
		t.Fatal(err)
	}
	return log.Runs[0].Tool.Driver.Rules, log.Runs[0].Results
}

// fingerprints maps each result's line to its primaryLocationLineHash.
func fingerprints(t *testing.T, results []sarifResultSeen) map[int]string {
	t.Helper()
	out := map[int]string{}
	for _, res := range results {
		fp := res.PartialFingerprints["primaryLocationLineHash"]
		if fp == "" {
			t.Fatalf("a %s result has no primaryLocationLineHash: %v", res.RuleID, res.PartialFingerprints)
		}
		out[res.Locations[0].PhysicalLocation.Region.StartLine] = fp
	}
	return out
}

// TestSARIFFingerprintsFollowTheCode: a finding moved down ten lines keeps
// its fingerprint, so GitHub code scanning keeps its alert; two findings on
// identical lines differ; an edit of the line gives a new one.
func TestSARIFFingerprintsFollowTheCode(t *testing.T) {
	dir := fixModule(t, fixable)
	_, before := sarifOf(t, dir)
	was := fingerprints(t, before)
	if len(was) < 2 {
		t.Fatalf("%d findings; want the bare 3 and the os.Exit(1)", len(was))
	}

	moved := strings.Replace(fixable, "func run()", strings.Repeat("// a comment line\n", 10)+"func run()", 1)
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(moved), 0o644); err != nil {
		t.Fatal(err)
	}
	_, after := sarifOf(t, dir)
	now := fingerprints(t, after)
	for line, fp := range was {
		if now[line+10] != fp {
			t.Errorf("the finding at line %d moved to %d: fingerprint %q, was %q", line, line+10, now[line+10], fp)
		}
	}

	edited := strings.Replace(moved, "os.Exit(3)", "os.Exit(4)", 1)
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	_, changed := sarifOf(t, dir)
	line := strings.Count(edited[:strings.Index(edited, "os.Exit(4)")], "\n") + 1
	if fp := fingerprints(t, changed)[line]; fp == "" || fp == now[line] {
		t.Errorf("the edited line %d has fingerprint %q, as before its edit", line, fp)
	}
}

// TestSARIFRulesForCodeScanning: each rule carries what GitHub shows and
// filters by: help as Markdown from the check's doc, a precision and tags,
// and never a security-severity.
func TestSARIFRulesForCodeScanning(t *testing.T) {
	rules, _ := sarifOf(t, fixModule(t, fixable))
	if len(rules) < 6 {
		t.Fatalf("%d rules; want one per check", len(rules))
	}
	precisions := map[string]bool{"very-high": true, "high": true, "medium": true, "low": true}
	for _, r := range rules {
		if !strings.Contains(r.Help.Markdown, "## ") || !strings.Contains(r.Help.Markdown, "[Documentation](https://") {
			t.Errorf("%s: help.markdown has no heading of its doc or no link to its page:\n%s", r.ID, r.Help.Markdown)
		}
		if p, _ := r.Properties["precision"].(string); !precisions[p] {
			t.Errorf("%s: precision %v", r.ID, r.Properties["precision"])
		}
		tags, _ := r.Properties["tags"].([]any)
		if len(tags) == 0 {
			t.Errorf("%s: no tags", r.ID)
		}
		for k := range r.Properties {
			if strings.Contains(k, "security") {
				t.Errorf("%s: property %s: these are no security rules", r.ID, k)
			}
		}
		for _, tag := range tags {
			if tag == "security" {
				t.Errorf("%s: tagged security", r.ID)
			}
		}
	}
}

// TestSARIFRoot: -sarif-root names files relative to another directory,
// the repository's root above a module; one that is no directory is an
// ARG_ERROR.
func TestSARIFRoot(t *testing.T) {
	r := exitlint(t, cases, "-sarif", "-sarif-root", "../..", "./barecode/customenum")
	if r.status != 80 || !strings.Contains(r.stdout, `"uri": "testdata/src/barecode/customenum/codes.go"`) {
		t.Errorf("status %d; want 80 and the file named relative to the repository's root:\n%s", r.status, r.stdout)
	}
	if r := exitlint(t, cases, "-sarif", "-sarif-root", "nosuchdir", "./barecode/customenum"); r.status != 3 || !strings.Contains(r.stderr, "-sarif-root nosuchdir: not a directory") {
		t.Errorf("status %d stderr %q; want 3", r.status, r.stderr)
	}
}
