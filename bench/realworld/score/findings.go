package main

import (
	"encoding/json"
	"fmt"
	"io"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Finding is one finding of exitlint, its path relative to the repository
// root with forward slashes.
type Finding struct {
	Path    string `json:"path"`
	Line    int    `json:"line"`
	Check   string `json:"check"`
	Message string `json:"message"`
}

func (f Finding) Key() Key { return Key{f.Path, f.Line, f.Check} }

// String is the finding's line in a findings file: path:line check message.
func (f Finding) String() string {
	return fmt.Sprintf("%s:%d %s %s", f.Path, f.Line, f.Check, f.Message)
}

var findingLineRE = regexp.MustCompile(`^(\S+):([0-9]+) ([a-z][a-z0-9]*) (.*)$`)

// ParseFindings reads a findings file, one finding a line as
// Finding.String writes it.
func ParseFindings(r io.Reader, name string) ([]Finding, error) {
	var fs []Finding
	seq, done := lines(r, name)
	for n, line := range seq {
		m := findingLineRE.FindStringSubmatch(line)
		if m == nil {
			return nil, fmt.Errorf("%s:%d: not a finding (want path:line check message): %q", name, n, line)
		}
		ln, _ := strconv.Atoi(m[2])
		fs = append(fs, Finding{Path: m[1], Line: ln, Check: m[3], Message: m[4]})
	}
	if err := done(); err != nil {
		return nil, err
	}
	return fs, nil
}

// SortFindings orders findings by path, line and check, keeping
// exitlint's order (by column) within one line and check.
func SortFindings(fs []Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Check < b.Check
	})
}

// RunSummary is what one envelope says about the run besides its findings.
type RunSummary struct {
	Analyzed int      // packages analyzed; -1 when the envelope does not say
	Skipped  []string // "package: first error" of each package that could not be analyzed
	Failed   []string // "package: check: error" of each check that failed on a package
	Error    string   // the envelope's error, when it carries no findings (exitlint did not analyze)
}

// envelopeJSON is the part of exitlint's -json envelope read here.
type envelopeJSON struct {
	OK   *bool `json:"ok"`
	Data *struct {
		Analyzed    []string `json:"analyzed"`
		Skipped     []pkgErr `json:"skipped"`
		Failed      []pkgErr `json:"failed"`
		Diagnostics []struct {
			Check   string `json:"check"`
			File    string `json:"file"`
			Line    int    `json:"line"`
			Message string `json:"message"`
		} `json:"diagnostics"`
	} `json:"data"`
	Error *struct {
		Code    string `json:"code"`
		Message string `json:"message"`
		Detail  string `json:"detail"`
	} `json:"error"`
}

type pkgErr struct {
	Package string   `json:"package"`
	Errors  []string `json:"errors"`
}

func (p pkgErr) String() string {
	if len(p.Errors) == 0 {
		return p.Package
	}
	return p.Package + ": " + firstLine(p.Errors[0])
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// The lines of error.detail that introduce the findings when exitlint
// exits PRECONDITION (packages skipped) or GENERAL_ERROR (a check failed):
// then data is null and the findings are text, `posn: message [check]`.
var (
	detailMarkers = map[string]bool{
		"findings in the packages that were analyzed:": true,
		"findings of the checks that ran:":             true,
	}
	detailFindingRE = regexp.MustCompile(`^(.+?):([0-9]+):([0-9]+): (.*) \[([a-z][a-z0-9]*)\]$`)
	detailPackageRE = regexp.MustCompile(`^(\S+(?: \[\S+\])?):$`)
	analyzedRE      = regexp.MustCompile(`; ([0-9]+) analyzed,`)
)

// ReadEnvelope reads the envelope exitlint -json -findings-ok wrote in
// the module directory module (relative to the repository root, "." for
// the root) of a checkout at root, and returns its findings with paths
// relative to root. The findings come from data when exitlint exited 0,
// and from error.detail when it exited PRECONDITION (some packages
// skipped) or GENERAL_ERROR with CHECK_FAILED (a check failed on a
// package). Any other error envelope is a run without findings, and says
// so in RunSummary.Error. Output that is no envelope is an error.
func ReadEnvelope(b []byte, root, module string) ([]Finding, RunSummary, error) {
	sum := RunSummary{Analyzed: -1}
	var env envelopeJSON
	if err := json.Unmarshal(b, &env); err != nil {
		return nil, sum, fmt.Errorf("the output is no JSON envelope: %v", err)
	}
	if env.OK == nil {
		return nil, sum, fmt.Errorf("the output is no envelope: it has no ok")
	}
	var fs []Finding
	add := func(file string, line int, check, msg string) {
		fs = append(fs, Finding{Path: repoPath(file, root, module), Line: line, Check: check, Message: msg})
	}
	switch {
	case env.Data != nil:
		sum.Analyzed = len(env.Data.Analyzed)
		for _, s := range env.Data.Skipped {
			sum.Skipped = append(sum.Skipped, s.String())
		}
		for _, s := range env.Data.Failed {
			sum.Failed = append(sum.Failed, s.String())
		}
		for _, d := range env.Data.Diagnostics {
			add(d.File, d.Line, d.Check, d.Message)
		}
	case env.Error != nil && (env.Error.Code == "PACKAGES_SKIPPED" || env.Error.Code == "CHECK_FAILED"):
		if m := analyzedRE.FindStringSubmatch(env.Error.Message); m != nil {
			sum.Analyzed, _ = strconv.Atoi(m[1])
		}
		var list *[]string
		if env.Error.Code == "PACKAGES_SKIPPED" {
			list = &sum.Skipped
		} else {
			list = &sum.Failed
		}
		inFindings := false
		for _, l := range strings.Split(env.Error.Detail, "\n") {
			switch {
			case detailMarkers[l]:
				inFindings = true
			case inFindings:
				if strings.HasPrefix(l, "\t") || l == "" {
					continue // a related position
				}
				m := detailFindingRE.FindStringSubmatch(l)
				if m == nil {
					return nil, sum, fmt.Errorf("error.detail: not a finding: %q", l)
				}
				ln, _ := strconv.Atoi(m[2])
				add(m[1], ln, m[5], m[4])
			case detailPackageRE.MatchString(l):
				*list = append(*list, strings.TrimSuffix(l, ":"))
			case strings.HasPrefix(l, "\t") && len(*list) > 0:
				// The package's first error completes its entry.
				last := &(*list)[len(*list)-1]
				if !strings.Contains(*last, ": ") {
					*last += ": " + strings.TrimPrefix(l, "\t")
				}
			}
		}
	case env.Error != nil:
		sum.Analyzed = 0
		sum.Error = env.Error.Code + ": " + env.Error.Message
	default:
		return nil, sum, fmt.Errorf("the envelope has neither data nor error")
	}
	return fs, sum, nil
}

// repoPath makes a finding's file, as exitlint printed it when run in the
// module directory module, relative to the repository root: exitlint
// prints a path relative to its working directory when the file is under
// it, else the absolute path.
func repoPath(file, root, module string) string {
	if filepath.IsAbs(file) {
		rel, err := filepath.Rel(root, file)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return filepath.ToSlash(file) // outside the checkout: kept as it is
		}
		return filepath.ToSlash(rel)
	}
	return path.Join(filepath.ToSlash(module), filepath.ToSlash(file))
}
