package main

import (
	"encoding/json"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/internal/textpos"
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
	Name           string      `json:"name"`
	Version        string      `json:"version,omitempty"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID               string       `json:"id"`
	Name             string       `json:"name"`
	ShortDescription sarifMessage `json:"shortDescription"`
	FullDescription  sarifMessage `json:"fullDescription"`
	HelpURI          string       `json:"helpUri"`
	Help             sarifMessage `json:"help"`
	DefaultConfig    struct {
		Level string `json:"level"`
	} `json:"defaultConfiguration"`
}

type sarifMessage struct {
	Text string `json:"text"`
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
	RuleID    string          `json:"ruleId"`
	RuleIndex int             `json:"ruleIndex"`
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations"`
	Related   []sarifLocation `json:"relatedLocations,omitempty"`
	Fixes     []sarifFix      `json:"fixes,omitempty"`
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

// fixEdit is one text edit of a suggested fix, by line and byte column.
type fixEdit struct {
	File                             string // relative to the working directory
	Line, Column, EndLine, EndColumn int
	NewText                          string
}

// suggestedFix is a fix with its edits, as -sarif reports it.
type suggestedFix struct {
	Message string
	Edits   []fixEdit
}

const srcRoot = "%SRCROOT%"

// writeSARIF writes the SARIF log of a run whose exit code is code.
func writeSARIF(w io.Writer, analyzers []*analysis.Analyzer, rep *Report, code exitcode.Code) error {
	cols := newColumns()
	driver := sarifDriver{Name: "exitlint", InformationURI: "https://github.com/exitlint/exitlint"}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		driver.Version = strings.TrimPrefix(bi.Main.Version, "v")
	}
	index := map[string]int{}
	for _, a := range analyzers {
		short, long, _ := strings.Cut(a.Doc, "\n")
		r := sarifRule{ID: a.Name, Name: a.Name, ShortDescription: sarifMessage{short},
			FullDescription: sarifMessage{strings.TrimSpace(a.Doc)}, HelpURI: a.URL,
			Help: sarifMessage{strings.TrimSpace(long + "\n\nDocs: " + a.URL)}}
		r.DefaultConfig.Level = "error"
		index[a.Name] = len(driver.Rules)
		driver.Rules = append(driver.Rules, r)
	}
	inv := sarifInvocation{ExecutionSuccessful: len(rep.Failed) == 0 && len(rep.Skipped) == 0, ExitCode: int(code)}
	if e, ok := exitcode.Lookup(code); ok {
		inv.ExitCodeDescription = e.Name
	} else if d, ok := codes.Lookup(code); ok {
		inv.ExitCodeDescription = d.Name
	}
	for _, s := range rep.Skipped {
		inv.Notifications = append(inv.Notifications, sarifNotification{"error",
			sarifMessage{"package " + s.Package + " could not be analyzed: " + strings.Join(s.Errors, "; ")}})
	}
	for _, s := range rep.Failed {
		inv.Notifications = append(inv.Notifications, sarifNotification{"error",
			sarifMessage{"a check failed on " + s.Package + ": " + strings.Join(s.Errors, "; ")}})
	}
	run := sarifRun{Tool: sarifTool{driver}, Invocations: []sarifInvocation{inv}, Results: []sarifResult{}}
	if wd, err := os.Getwd(); err == nil {
		run.OriginalURIBaseIDs = map[string]sarifArtifactLoc{srcRoot: {URI: fileURI(wd) + "/"}}
	}
	for _, d := range rep.Diagnostics {
		res := sarifResult{RuleID: d.Check, RuleIndex: index[d.Check], Level: "error",
			Message:   sarifMessage{d.Message},
			Locations: []sarifLocation{{Physical: cols.physical(d.File, d.Line, d.Column, 0, 0)}}}
		for i, r := range d.Related {
			id := i + 1
			res.Related = append(res.Related, sarifLocation{ID: &id, Physical: cols.physical(r.file, r.line, r.column, 0, 0), Message: &sarifMessage{r.Message}})
		}
		for _, f := range d.suggested {
			fix := sarifFix{Description: sarifMessage{f.Message}}
			byFile := map[string]int{}
			for _, e := range f.Edits {
				i, ok := byFile[e.File]
				if !ok {
					i = len(fix.Changes)
					byFile[e.File] = i
					fix.Changes = append(fix.Changes, sarifArtifactChange{Artifact: artifact(e.File)})
				}
				rep := sarifReplacement{Deleted: cols.physical(e.File, e.Line, e.Column, e.EndLine, e.EndColumn).Region}
				if e.NewText != "" {
					rep.Inserted = &sarifContent{e.NewText}
				}
				fix.Changes[i].Replacements = append(fix.Changes[i].Replacements, rep)
			}
			if len(fix.Changes) > 0 {
				res.Fixes = append(res.Fixes, fix)
			}
		}
		run.Results = append(run.Results, res)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(sarifLog{Schema: "https://json.schemastore.org/sarif-2.1.0.json", Version: "2.1.0", Runs: []sarifRun{run}})
}

func fileURI(path string) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a Windows drive letter
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// artifact names a file relative to %SRCROOT% (the working directory), or
// by its absolute file URI when it lies outside.
func artifact(file string) sarifArtifactLoc {
	if filepath.IsAbs(file) {
		return sarifArtifactLoc{URI: fileURI(file)}
	}
	return sarifArtifactLoc{URI: (&url.URL{Path: filepath.ToSlash(file)}).String(), URIBaseID: srcRoot}
}

// columns converts go/token's byte columns into SARIF's UTF-16 columns.
type columns struct{ lines *textpos.Lines }

func newColumns() *columns { return &columns{textpos.NewLines(os.ReadFile)} }

func (c *columns) physical(file string, line, col, endLine, endCol int) sarifPhysical {
	r := sarifRegion{StartLine: max(line, 1), StartColumn: c.lines.UTF16Column(file, line, col)}
	if endLine > 0 {
		r.EndLine, r.EndColumn = endLine, c.lines.UTF16Column(file, endLine, endCol)
	}
	return sarifPhysical{Artifact: artifact(file), Region: r}
}
