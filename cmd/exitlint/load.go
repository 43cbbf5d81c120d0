package main

import (
	"fmt"
	"strings"

	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/internal/driver"
)

// load is the validate phase: go list reads the patterns and names the
// packages to analyze, with their dependencies. Nothing is analyzed or
// written yet. It returns the graph and the requested packages go list
// could not list, or a *loadFailure when nothing is left to analyze.
func load(patterns []string, tests bool) (*driver.Graph, []Skipped, error) {
	graph, err := driver.Load(driver.Config{Tests: tests}, patterns...)
	if err != nil {
		return nil, nil, &loadFailure{patterns: patterns, err: err}
	}
	var skipped []Skipped
	var notFound []string
	listed := 0
	for _, p := range graph.Roots {
		switch {
		case len(p.ListErrors) == 0:
			listed++
		case p.NoFiles():
			notFound = append(notFound, p.ListErrors...)
		default:
			skipped = append(skipped, Skipped{Package: p.ID, Errors: p.ListErrors})
		}
	}
	if listed == 0 && len(skipped) == 0 {
		return nil, nil, &loadFailure{patterns: patterns, notFound: notFound}
	}
	return graph, skipped, nil
}

// loadFailure is go list's answer when it leaves no package to analyze.
// It is recorded as go list gave it; what it means for the exit code is
// decided by outcome, through judge.
type loadFailure struct {
	patterns []string
	err      error    // go list itself failed
	notFound []string // else go list's errors for the patterns that named no package
}

func (f *loadFailure) Error() string {
	if f.err != nil {
		return "go list could not load " + strings.Join(f.patterns, " ") + ": " + f.err.Error()
	}
	return "the patterns " + strings.Join(f.patterns, " ") + " matched no Go package"
}

// judge says what the failure means for the contract: a malformed pattern
// is ARG_ERROR, no module or no package NOT_FOUND, and a go command that
// fails for another reason a PRECONDITION.
func (f *loadFailure) judge() error {
	if f.err != nil {
		return listError(f.err, f.patterns)
	}
	if err := classifyRootErrors(f.notFound); err != nil {
		return err
	}
	msg := fmt.Sprintf("the patterns %s matched no Go package", strings.Join(f.patterns, " "))
	e := exitcode.New(exitcode.NotFound, "NO_PACKAGES", msg).
		WithSuggestion("run exitlint from inside a Go module, or pass patterns such as ./... or a package path")
	if len(f.notFound) > 0 {
		e = e.WithDetail(strings.Join(f.notFound, "\n"))
	}
	return e
}

// classifyRootErrors turns go list's errors for patterns that matched
// nothing into a bad pattern (ARG_ERROR) or a missing module (NOT_FOUND).
func classifyRootErrors(errs []string) error {
	all := strings.Join(errs, "\n")
	switch {
	case strings.Contains(all, "malformed import path") || strings.Contains(all, "path@version syntax"):
		return usageError("bad package pattern: %s", firstLine(all))
	case strings.Contains(all, "does not contain main module") || strings.Contains(all, "go.mod file not found") || strings.Contains(all, "cannot find main module"):
		return exitcode.New(exitcode.NotFound, "NO_MODULE", "no Go module here: "+firstLine(all)).
			WithSuggestion("run exitlint inside a Go module (a directory with go.mod, or below one)")
	}
	return nil
}

// listError classifies a failure of go list itself.
func listError(err error, patterns []string) error {
	msg := err.Error()
	switch {
	case strings.Contains(msg, "malformed import path") || strings.Contains(msg, "invalid pattern") || strings.Contains(msg, "invalid import path"):
		return usageError("bad package pattern: %v", err)
	case strings.Contains(msg, "go.mod file not found") || strings.Contains(msg, "cannot find main module"):
		return exitcode.New(exitcode.NotFound, "NO_MODULE", "no Go module here: "+firstLine(msg)).
			WithSuggestion("run exitlint inside a Go module (a directory with go.mod, or below one)")
	}
	return exitcode.New(exitcode.Precondition, "LOAD_FAILED", "go list could not load "+strings.Join(patterns, " ")+": "+firstLine(msg)).
		WithDetail(msg).WithSuggestion("check that the go command works here (go list " + strings.Join(patterns, " ") + ")")
}

// brokenDependency names the package at the bottom of a chain of imports
// that did not load, and its first error.
func brokenDependency(dep *driver.Package) string {
	for {
		errs, next := dep.Broken()
		if next == nil {
			msg := "its dependency " + dep.ID + " does not load"
			if len(errs) > 0 {
				msg += ": " + firstLine(errs[0])
			}
			return msg
		}
		dep = next
	}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
