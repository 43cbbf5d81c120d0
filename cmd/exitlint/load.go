package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"

	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/internal/driver"
)

// load is the validate phase: go list reads the patterns and names the
// packages to analyze, with their dependencies. Nothing is analyzed or
// written yet. It returns the graph, the requested packages go list could
// not list, and the patterns that named no package, or a *loadFailure when
// nothing is left to analyze. With -fix, the run reads nothing from the
// cache (what -fix writes comes from the files it writes) and keeps the
// packages' types, to type-check the fixed files before writing them.
func load(patterns []string, o options, salt func(dir string, dependency bool) string) (*driver.Graph, []Skipped, []Unmatched, error) {
	if bad := versioned(patterns); len(bad) > 0 {
		return nil, nil, nil, &loadFailure{patterns: patterns, unmatched: bad}
	}
	o.more.rep.begin("listing the packages (go list)")
	graph, err := driver.Load(driver.Config{Tests: o.tests, Tags: o.tags, Cache: o.cache, PackageSalt: salt, Fresh: o.fix, KeepTypes: o.fix,
		Progress: o.more.rep.progress()}, patterns...)
	if err != nil {
		return nil, nil, nil, &loadFailure{patterns: patterns, err: err}
	}
	var skipped []Skipped
	var notFound []string
	listed := 0
	for _, p := range graph.Roots {
		switch {
		case len(p.ListErrors) == 0:
			listed++
		case p.NoFiles():
			notFound = append(notFound, driver.ErrorTexts(p.ListErrors)...)
		default:
			skipped = append(skipped, Skipped{Package: p.ID, Errors: driver.ErrorTexts(p.ListErrors)})
		}
	}
	dir, _ := os.Getwd()
	var unmatched []Unmatched
	for _, u := range graph.Unmatched {
		unmatched = append(unmatched, classifyUnmatched(u.Pattern, u.Errors, dir, o.tags))
	}
	if listed == 0 && len(skipped) == 0 {
		if len(unmatched) == 0 {
			// One pattern, or go list's answers for several disagree:
			// every pattern is named, with every error go list gave.
			for _, p := range patterns {
				unmatched = append(unmatched, classifyUnmatched(p, notFound, dir, o.tags))
			}
		}
		return nil, nil, nil, &loadFailure{patterns: patterns, unmatched: unmatched}
	}
	if len(unmatched) == 0 && len(notFound) > 0 {
		// A package that names nothing, from no pattern known to have
		// missed: named as skipped, never dropped.
		skipped = append(skipped, Skipped{Package: strings.Join(patterns, " "), Errors: notFound})
	}
	return graph, skipped, unmatched, nil
}

// versioned returns the patterns that are path@version, in any form
// (x@v1, ./...@latest, ./cmd@v1.2.3): a pattern holding an @ that names
// no file or directory. The go command takes versions only in go get and
// go install, and answers go list's patterns inconsistently (./...@latest
// matched nothing, for build constraints); exitlint refuses them all, as
// malformed, before go list runs.
func versioned(patterns []string) []Unmatched {
	var out []Unmatched
	for _, p := range patterns {
		if !strings.Contains(p, "@") || strings.HasPrefix(p, "file=") {
			continue
		}
		if _, err := os.Stat(p); err == nil {
			continue // a directory or file whose name holds an @
		}
		out = append(out, Unmatched{Pattern: p, Kind: "USAGE",
			Reason: "a path@version pattern: the go command takes versions only in go get and go install, and exitlint analyzes the version the module requires",
			Hint:   "name the packages without @version: ./..., ./dir, an import path the module or its requirements provide"})
	}
	return out
}

// Unmatched is a pattern that named no package to analyze, and what is
// true about it. It is decided in the validate phase, where exitlint may
// look at the file system; outcome only reads it.
type Unmatched struct {
	Pattern string
	// Kind is the error code of a run whose patterns all miss this way:
	// NO_PACKAGES, NO_MODULE, OUTSIDE_MAIN_MODULE,
	// EXCLUDED_BY_BUILD_CONSTRAINTS, or USAGE for a malformed pattern.
	Kind   string
	Reason string // what is true, for people
	Hint   string // what to do about it
}

func (u Unmatched) line() string { return u.Pattern + ": " + u.Reason }

// loadFailure is go list's answer when it leaves no package to analyze.
// It is recorded as go list gave it; what it means for the exit code is
// decided by outcome, through judge.
type loadFailure struct {
	patterns  []string
	err       error       // the go command itself failed
	unmatched []Unmatched // else every pattern, and why it named nothing
}

func (f *loadFailure) Error() string {
	if f.err != nil {
		return "go list could not load " + strings.Join(f.patterns, " ") + ": " + f.err.Error()
	}
	return "the patterns " + strings.Join(f.patterns, " ") + " matched no Go package"
}

// judge says what the failure means for the contract: a malformed pattern
// is ARG_ERROR, patterns that name no package NOT_FOUND (naming each), and
// a go command that fails for another reason, or wants a toolchain that is
// not installed, a PRECONDITION.
func (f *loadFailure) judge() error {
	if f.err != nil {
		return goCommandError(f.err, f.patterns)
	}
	if bad := badPatterns(f.unmatched); bad != nil {
		return bad
	}
	kind := f.unmatched[0].Kind
	var lines []string
	for _, u := range f.unmatched {
		lines = append(lines, u.line())
		if u.Kind != kind {
			kind = "NO_PACKAGES"
		}
	}
	var msg string
	switch {
	case len(f.unmatched) == 1 && kind == "NO_MODULE":
		msg = "no Go module here: " + f.unmatched[0].Reason
	case len(f.unmatched) == 1:
		msg = "the pattern " + f.unmatched[0].Pattern + " matched no Go package: " + f.unmatched[0].Reason
	default:
		msg = fmt.Sprintf("none of the patterns matched a Go package: %s", strings.Join(patternsOf(f.unmatched), ", "))
	}
	e := exitcode.New(exitcode.NotFound, kind, msg).WithSuggestion(f.unmatched[0].Hint)
	if len(f.unmatched) > 1 {
		e = e.WithDetail(strings.Join(lines, "\n")) // one line a pattern
	}
	return e
}

// unmatchedError is the error of a run that analyzed the packages some
// patterns named while others named none: NOT_FOUND, never an all-clear,
// naming each pattern that missed and why, with what the rest found.
func unmatchedError(res *result) error {
	if bad := badPatterns(res.Unmatched); bad != nil {
		return bad
	}
	var detail []string
	for _, u := range res.Unmatched {
		detail = append(detail, u.line())
	}
	if len(res.Skipped) > 0 {
		detail = append(detail, "packages that could not be analyzed:")
		detail = append(detail, packageErrors(res.Skipped)...)
	}
	if lines := findingLines(res); len(lines) > 0 {
		detail = append(detail, fmt.Sprintf("findings in the packages that were analyzed:\n%s", strings.Join(lines, "\n")))
	}
	detail = append(detail, heldLines(res)...)
	msg := fmt.Sprintf("%d of the patterns matched no Go package (%s); the packages the others named were analyzed: %d package(s), %d finding(s)%s",
		len(res.Unmatched), strings.Join(patternsOf(res.Unmatched), ", "), len(res.Analyzed), len(res.Diagnostics), heldNote(res))
	return exitcode.New(exitcode.NotFound, "PATTERNS_UNMATCHED", msg).
		WithDetail(strings.Join(detail, "\n")).
		WithSuggestion("correct or drop each pattern named in detail, then run again; " + res.Unmatched[0].Hint)
}

// badPatterns is the ARG_ERROR of malformed patterns among those that
// named nothing, or nil.
func badPatterns(list []Unmatched) error {
	for _, u := range list {
		if u.Kind == "USAGE" {
			return exitcode.New(exitcode.ArgError, "USAGE", "bad package pattern "+u.line()).
				WithSuggestion(u.Hint)
		}
	}
	return nil
}

func patternsOf(list []Unmatched) []string {
	var out []string
	for _, u := range list {
		out = append(out, u.Pattern)
	}
	return out
}

var (
	statNotFound     = regexp.MustCompile(`^stat (.*): directory not found$`)
	excludedByBuild  = regexp.MustCompile(`build constraints exclude all Go files in (.*)$`)
	outsideMainCause = regexp.MustCompile(`does not contain main module|outside main module|go\.mod file not found|cannot find main module`)
)

// classifyUnmatched says what is true of a pattern that named no package,
// from go list's errors for it; dir is the directory exitlint runs in.
func classifyUnmatched(pattern string, errs []string, dir, tags string) Unmatched {
	all := strings.Join(errs, "\n")
	u := Unmatched{Pattern: pattern, Kind: "NO_PACKAGES"}
	var reasons []string
	for _, e := range errs {
		e = errorSummary(e)
		if m := statNotFound.FindStringSubmatch(e); m != nil {
			e = "directory " + m[1] + " not found"
		}
		reasons = append(reasons, e)
	}
	u.Reason = strings.Join(reasons, "; ")
	u.Hint = "check the pattern: a directory (./dir or ./dir/...) or an import path that the module or its requirements provide"
	switch {
	case len(errs) == 0:
		u.Reason = "no Go files to build for " + buildContext(tags) + " in the directories it names"
		u.Hint = "check the pattern and the directory; files whose //go:build lines need tags are analyzed with -tags"
	case strings.Contains(all, "malformed import path") || strings.Contains(all, "path@version syntax") ||
		strings.Contains(all, "invalid pattern") || strings.Contains(all, "invalid import path") || strings.Contains(all, "named files must"):
		u.Kind = "USAGE"
		u.Hint = "pass package patterns as for go list: ./..., ./dir, an import path, or .go files of one directory"
	case excludedByBuild.MatchString(all):
		m := excludedByBuild.FindStringSubmatch(all)
		u.Kind = "EXCLUDED_BY_BUILD_CONSTRAINTS"
		u.Reason = fmt.Sprintf("build constraints exclude all Go files in %s for %s", m[1], buildContext(tags))
		u.Hint = "pass the build tags its files need with -tags (exitlint -tags TAG ...), or set GOOS and GOARCH for the platform they are for"
	case outsideMainCause.MatchString(all):
		u.Kind, u.Reason, u.Hint = outsideModule(pattern, u.Reason, dir)
	case strings.Contains(all, "to add it:") || strings.Contains(all, "cannot find module providing package"):
		u.Hint = "add the module that provides it (go get, as the reason says), or correct the import path"
	}
	return u
}

// buildContext names the platform and tags go list loaded for.
func buildContext(tags string) string {
	goos, goarch := os.Getenv("GOOS"), os.Getenv("GOARCH")
	if goos == "" {
		goos = runtime.GOOS
	}
	if goarch == "" {
		goarch = runtime.GOARCH
	}
	if tags == "" {
		return goos + "/" + goarch + " with no -tags"
	}
	return goos + "/" + goarch + " with -tags " + tags
}

// outsideModule says what is true of a directory pattern that go list
// finds outside the main module: there is no module here at all, or the
// directory belongs to another module.
func outsideModule(pattern, goListSays, dir string) (kind, reason, hint string) {
	target := pattern
	if i := strings.Index(target, "..."); i >= 0 && (i == 0 || target[i-1] == '/') {
		target = strings.TrimSuffix(target[:i], "/")
	}
	if target == "" {
		target = "."
	}
	if !filepath.IsAbs(target) {
		target = filepath.Join(dir, target)
	}
	here, herePath := findModule(dir)
	there, therePath := findModule(target)
	switch {
	case here == "" && there != "":
		return "NO_MODULE", "no go.mod in " + dir + " or above it; " + pattern + " is in module " + therePath + " (" + there + ")",
			"run exitlint in that module: cd " + filepath.Dir(there) + " && exitlint ./..."
	case here == "":
		return "NO_MODULE", "no go.mod in " + dir + " or above it",
			"run exitlint inside a Go module (a directory with go.mod, or below one)"
	case there != "" && there != here:
		return "OUTSIDE_MAIN_MODULE", "it is in another module, " + therePath + " (" + there + "), not in the main module " + herePath + " (" + here + ")",
			"run exitlint in that module (cd " + filepath.Dir(there) + " && exitlint ./...), or list both modules in a go.work file"
	}
	return "OUTSIDE_MAIN_MODULE", goListSays,
		"name directories of the main module " + herePath + " (" + here + "), or run exitlint in the module the directory belongs to"
}

// findModule returns the go.mod file that holds dir (in dir or above it)
// and its module path, or "" when there is none.
func findModule(dir string) (gomod, modulePath string) {
	for d := filepath.Clean(dir); ; {
		f := filepath.Join(d, "go.mod")
		if data, err := os.ReadFile(f); err == nil {
			return f, modulePathOf(data)
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", ""
		}
		d = parent
	}
}

// modulePathOf reads the module line of a go.mod file.
func modulePathOf(data []byte) string {
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if rest, ok := strings.CutPrefix(line, "module"); ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t') {
			rest, _, _ = strings.Cut(rest, "//")
			return strings.Trim(strings.TrimSpace(rest), `"`+"`")
		}
	}
	return "?"
}

// goCommandError classifies a failure of the go command itself.
func goCommandError(err error, patterns []string) error {
	var tc *driver.ToolchainError
	if errors.As(err, &tc) {
		return exitcode.New(exitcode.Precondition, "TOOLCHAIN_NOT_INSTALLED",
			"the module asks for Go toolchain "+tc.Toolchain+" (the go or toolchain line of its go.mod or go.work), which is not installed here; exitlint does not download toolchains").
			WithDetail(tc.Msg).
			WithSuggestion("install it (go install golang.org/dl/" + tc.Toolchain + "@latest && " + tc.Toolchain + " download), or run a go command here such as go version to let GOTOOLCHAIN=auto download it, or run exitlint with GOTOOLCHAIN=local to analyze with the installed toolchain if the go line allows; then run exitlint again")
	}
	msg := err.Error()
	summary := errorSummary(msg)
	// detail adds the go command's whole message when the summary leaves
	// some of it out.
	detail := func(e *exitcode.Error) *exitcode.Error {
		if strings.Join(strings.Fields(msg), " ") == strings.Join(strings.Fields(summary), " ") {
			return e
		}
		return e.WithDetail(msg)
	}
	switch {
	case strings.Contains(msg, "malformed import path") || strings.Contains(msg, "invalid pattern") || strings.Contains(msg, "invalid import path") || strings.Contains(msg, "named files must"):
		return usageError("bad package pattern: %s", summary)
	case strings.Contains(msg, "go.mod file not found") || strings.Contains(msg, "cannot find main module"):
		return detail(exitcode.New(exitcode.NotFound, "NO_MODULE", "no Go module here: "+summary)).
			WithSuggestion("run exitlint inside a Go module (a directory with go.mod, or below one)")
	case strings.Contains(msg, "requires go >="):
		return detail(exitcode.New(exitcode.Precondition, "GO_TOO_OLD", summary)).
			WithSuggestion("install a Go toolchain at least that new, or let the go command switch to one that is installed (GOTOOLCHAIN=auto or path); exitlint does not download toolchains")
	}
	return detail(exitcode.New(exitcode.Precondition, "LOAD_FAILED", "go list could not load "+strings.Join(patterns, " ")+": "+summary)).
		WithSuggestion("check that the go command works here (go list " + strings.Join(patterns, " ") + ")")
}

// brokenDependency names the package at the bottom of a chain of imports
// that did not load, and its first error.
func brokenDependency(dep *driver.Package) string {
	for {
		errs := dep.Errors()
		if len(errs) == 0 || errs[0].Kind != driver.DependencyError {
			msg := "its dependency " + dep.ID + " does not load"
			if len(errs) > 0 {
				msg += ": " + errorSummary(errs[0].Error())
			}
			return msg
		}
		dep = errs[0].Import
	}
}

// errorSummary is the first line of an error, with the lines that complete
// it: the go command ends a line with a colon when the next ones belong to
// it ("no required module provides package p; to add it:" and the go get
// command below).
func errorSummary(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	out := lines[0]
	for _, l := range lines[1:] {
		if !strings.HasSuffix(strings.TrimSpace(out), ":") {
			break
		}
		out = strings.TrimSpace(out) + " " + strings.TrimSpace(l)
	}
	return out
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
