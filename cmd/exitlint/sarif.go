package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/internal/docmd"
	"github.com/exitlint/exitlint/internal/findings"
	"github.com/exitlint/exitlint/internal/version"
)

// The SARIF 2.1.0 log that -sarif writes: one run, a rule per check that ran
// (its help URI is the check's docs page), a result per finding with its
// related positions and its fixes. Columns count UTF-16 code units, SARIF's
// default, so GitHub code scanning places them right on any line.

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool               sarifTool                   `json:"tool"`
	Invocations        []sarifInvocation           `json:"invocations"`
	OriginalURIBaseIDs map[string]sarifArtifactLoc `json:"originalUriBaseIds,omitempty"`
	Results            []sarifResult               `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name    string `json:"name"`
	Version string `json:"version,omitempty"`
	// SemanticVersion is set for a release only: SARIF wants a semantic
	// version there, which "devel 0123456789ab" is not.
	SemanticVersion string      `json:"semanticVersion,omitempty"`
	InformationURI  string      `json:"informationUri"`
	Rules           []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID               string       `json:"id"`
	Name             string       `json:"name"`
	ShortDescription sarifMessage `json:"shortDescription"`
	FullDescription  sarifMessage `json:"fullDescription"`
	HelpURI          string       `json:"helpUri"`
	Help             sarifHelp    `json:"help"`
	DefaultConfig    struct {
		Level string `json:"level"`
	} `json:"defaultConfiguration"`
	Properties sarifRuleProperties `json:"properties"`
}

// sarifRuleProperties are the rule's properties GitHub code scanning
// reads: how often the check's findings are right, and tags to filter by.
// No security-severity: these are no security rules.
type sarifRuleProperties struct {
	Precision string   `json:"precision"`
	Tags      []string `json:"tags"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifHelp struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

// ruleProperties are each check's SARIF properties. precision is SARIF's
// word for how likely a finding is to be true (very-high, high, medium,
// low): very-high for what is decided by the text alone, high for what is
// decided by types and constants, medium for what follows calls through
// the program, where a path the analysis sees may not be taken.
var ruleProperties = map[string]sarifRuleProperties{
	"barecode":   {"high", []string{"exit-codes", "maintainability"}},
	"fallback":   {"high", []string{"exit-codes", "correctness"}},
	"handbuilt":  {"high", []string{"json-envelope", "maintainability"}},
	"derivedok":  {"high", []string{"json-envelope", "correctness"}},
	"argphase":   {"medium", []string{"exit-codes", "side-effects", "correctness"}},
	"envshape":   {"high", []string{"json-envelope", "correctness"}},
	"payload":    {"high", []string{"json-envelope", "exit-codes", "correctness"}},
	"undeclared": {"medium", []string{"exit-codes", "correctness"}},
	"directives": {"very-high", []string{"suppressions"}},
}

// ruleHelp is a check's documentation as SARIF's help: the text of its
// doc, and the doc rendered as Markdown, which GitHub code scanning shows
// beside an alert.
func ruleHelp(name, doc, url string) sarifHelp {
	summary, body, _ := strings.Cut(doc, "\n")
	h := sarifHelp{Text: strings.TrimSpace(analyzerutil.VersionedText(body) + "\n\nDocs: " + url)}
	if md, err := docmd.Markdown(body, analyzerutil.Versioned); err == nil {
		h.Markdown = fmt.Sprintf("**%s**: %s\n\n%s\n[Documentation](%s)", name, summary, md, url)
	}
	return h
}

type sarifInvocation struct {
	ExecutionSuccessful bool                `json:"executionSuccessful"`
	ExitCode            int                 `json:"exitCode"`
	ExitCodeDescription string              `json:"exitCodeDescription,omitempty"`
	Notifications       []sarifNotification `json:"toolExecutionNotifications,omitempty"`
}

type sarifNotification struct {
	Level   string       `json:"level"`
	Message sarifMessage `json:"message"`
}

type sarifResult struct {
	RuleID string `json:"ruleId"`
	// PartialFingerprints holds primaryLocationLineHash: the finding's
	// content-based fingerprint, by which GitHub code scanning follows an
	// alert when lines move.
	PartialFingerprints map[string]string `json:"partialFingerprints"`
	RuleIndex           int               `json:"ruleIndex"`
	Level               string            `json:"level"`
	Message             sarifMessage      `json:"message"`
	Locations           []sarifLocation   `json:"locations"`
	Related             []sarifLocation   `json:"relatedLocations,omitempty"`
	Fixes               []sarifFix        `json:"fixes,omitempty"`
}

type sarifLocation struct {
	ID       *int          `json:"id,omitempty"`
	Physical sarifPhysical `json:"physicalLocation"`
	Message  *sarifMessage `json:"message,omitempty"`
}

type sarifPhysical struct {
	Artifact sarifArtifactLoc `json:"artifactLocation"`
	Region   sarifRegion      `json:"region"`
}

type sarifArtifactLoc struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

type sarifFix struct {
	Description sarifMessage          `json:"description"`
	Changes     []sarifArtifactChange `json:"artifactChanges"`
}

type sarifArtifactChange struct {
	Artifact     sarifArtifactLoc   `json:"artifactLocation"`
	Replacements []sarifReplacement `json:"replacements"`
}

type sarifReplacement struct {
	Deleted  sarifRegion   `json:"deletedRegion"`
	Inserted *sarifContent `json:"insertedContent,omitempty"`
}

type sarifContent struct {
	Text string `json:"text"`
}

const srcRoot = "%SRCROOT%"

// writeSARIF writes the SARIF log of a run whose exit code is code. Files
// are named relative to root (%SRCROOT%), the working directory when root
// is "".
func writeSARIF(w io.Writer, res *result, code exitcode.Code, root string) error {
	base := sarifBase(res.dir)
	if root != "" {
		base = sarifBase(absPath(root))
	}
	driver := sarifDriver{Name: "exitlint", InformationURI: "https://github.com/exitlint/exitlint"}
	v := version.Read()
	driver.Version, driver.SemanticVersion = v.String(), v.SemVer()
	index := map[string]int{}
	for _, a := range res.checks {
		short, _, _ := strings.Cut(a.Doc, "\n")
		r := sarifRule{ID: a.Name, Name: a.Name, ShortDescription: sarifMessage{short},
			FullDescription: sarifMessage{strings.TrimSpace(a.Doc)}, HelpURI: a.URL,
			Help: ruleHelp(a.Name, a.Doc, a.URL), Properties: ruleProperties[a.Name]}
		if r.Properties.Tags == nil {
			r.Properties = sarifRuleProperties{"medium", []string{}}
		}
		r.DefaultConfig.Level = "error"
		index[a.Name] = len(driver.Rules)
		driver.Rules = append(driver.Rules, r)
	}
	inv := sarifInvocation{ExecutionSuccessful: len(res.Failed) == 0 && len(res.Skipped) == 0 && len(res.Unmatched) == 0, ExitCode: int(code)}
	if e, ok := exitcode.Lookup(code); ok {
		inv.ExitCodeDescription = e.Name
	} else if d, ok := codes.Lookup(code); ok {
		inv.ExitCodeDescription = d.Name
	}
	for _, u := range res.Unmatched {
		inv.Notifications = append(inv.Notifications, sarifNotification{"error",
			sarifMessage{"pattern " + u.Pattern + " matched no package: " + u.Reason}})
	}
	for _, s := range res.Skipped {
		inv.Notifications = append(inv.Notifications, sarifNotification{"error",
			sarifMessage{"package " + s.Package + " could not be analyzed: " + strings.Join(s.Errors, "; ")}})
	}
	for _, s := range res.Failed {
		inv.Notifications = append(inv.Notifications, sarifNotification{"error",
			sarifMessage{"a check failed on " + s.Package + ": " + strings.Join(s.Errors, "; ")}})
	}
	if res.Hidden.total() > 0 {
		inv.Notifications = append(inv.Notifications, sarifNotification{"note",
			sarifMessage{fmt.Sprintf("%d finding(s) not reported: %s", res.Hidden.total(), res.Hidden)}})
	}
	run := sarifRun{Tool: sarifTool{driver}, Invocations: []sarifInvocation{inv}, Results: []sarifResult{}}
	if base != "" {
		run.OriginalURIBaseIDs = map[string]sarifArtifactLoc{srcRoot: {URI: strings.TrimSuffix(fileURI(string(base)), "/") + "/"}}
	}
	for _, f := range res.Diagnostics {
		r := sarifResult{RuleID: f.Check, RuleIndex: index[f.Check], Level: "error",
			PartialFingerprints: map[string]string{"primaryLocationLineHash": f.Fingerprint},
			Message:             sarifMessage{f.Message},
			Locations:           []sarifLocation{{Physical: base.physical(f.Pos)}}}
		for i, rel := range f.Related {
			id := i + 1
			r.Related = append(r.Related, sarifLocation{ID: &id, Physical: base.physical(rel.Pos), Message: &sarifMessage{rel.Message}})
		}
		for _, fix := range f.Fixes {
			if s, ok := base.fixOf(fix); ok {
				r.Fixes = append(r.Fixes, s)
			}
		}
		run.Results = append(run.Results, r)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(sarifLog{Schema: "https://json.schemastore.org/sarif-2.1.0.json", Version: "2.1.0", Runs: []sarifRun{run}})
}

// sarifBase is the directory SARIF names files relative to, %SRCROOT%.
type sarifBase string

// fixOf is fix with its edits grouped by file; a fix without edits has no
// SARIF form.
func (b sarifBase) fixOf(fix findings.Fix) (sarifFix, bool) {
	s := sarifFix{Description: sarifMessage{fix.Message}}
	byFile := map[string]int{}
	for _, e := range fix.Edits {
		i, ok := byFile[e.Pos.File]
		if !ok {
			i = len(s.Changes)
			byFile[e.Pos.File] = i
			s.Changes = append(s.Changes, sarifArtifactChange{Artifact: b.artifact(e.Pos)})
		}
		rep := sarifReplacement{Deleted: region(e.Pos, e.End)}
		if e.NewText != "" {
			rep.Inserted = &sarifContent{e.NewText}
		}
		s.Changes[i].Replacements = append(s.Changes[i].Replacements, rep)
	}
	return s, len(s.Changes) > 0
}

func fileURI(path string) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a Windows drive letter
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// artifact names p's file relative to %SRCROOT%, or by its absolute file
// URI when it lies outside.
func (b sarifBase) artifact(p findings.Position) sarifArtifactLoc {
	file := p.Filename
	if file == "" {
		file = p.File
	}
	if rel := findings.Relative(string(b), file); !filepath.IsAbs(rel) {
		return sarifArtifactLoc{URI: (&url.URL{Path: filepath.ToSlash(rel)}).String(), URIBaseID: srcRoot}
	}
	if filepath.IsAbs(file) {
		return sarifArtifactLoc{URI: fileURI(file)}
	}
	return sarifArtifactLoc{URI: (&url.URL{Path: filepath.ToSlash(file)}).String(), URIBaseID: srcRoot}
}

// physical is the location of p, in SARIF's UTF-16 columns.
func (b sarifBase) physical(p findings.Position) sarifPhysical {
	return sarifPhysical{Artifact: b.artifact(p), Region: sarifRegion{StartLine: max(p.Line, 1), StartColumn: p.UTF16Column}}
}

// region is the text from start to end, in SARIF's UTF-16 columns.
func region(start, end findings.Position) sarifRegion {
	r := sarifRegion{StartLine: max(start.Line, 1), StartColumn: start.UTF16Column}
	if end.Line > 0 {
		r.EndLine, r.EndColumn = end.Line, end.UTF16Column
	}
	return r
}
