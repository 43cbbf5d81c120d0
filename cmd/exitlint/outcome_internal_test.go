package main

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"

	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/internal/driver"
	"github.com/exitlint/exitlint/internal/findings"
)

// TestOutcome decides the outcome of runs of every kind, and wants every
// exit code exitlint declares among them.
func TestOutcome(t *testing.T) {
	finding := findings.Finding{
		Check: "barecode", Message: "exit code 3 written as a bare integer",
		Pos: findings.Position{File: "main.go", Line: 14, Column: 11},
		URL: "https://github.com/exitlint/exitlint/blob/main/docs/checks/barecode.md",
	}
	const line = "main.go:14:11: exit code 3 written as a bare integer [barecode]"
	fixed := diagnostic(finding)
	fixed.Posn = "main.go:13:11"
	analyzed := func(f func(*result)) *result {
		res := &result{Analyzed: []string{"example.com/cli"}, Complete: true}
		if f != nil {
			f(res)
		}
		return res
	}
	withFinding := func(res *result) { res.Diagnostics = []findings.Finding{finding} }
	notWritable := &fs.PathError{Op: "open", Path: "/m/main.go", Err: fs.ErrPermission}
	tests := []struct {
		name       string
		res        *result
		findingsOK bool
		stopped    error
		code       exitcode.Code
		errCode    string
		detail     string // a substring of error.detail
	}{
		{name: "clean", res: analyzed(nil), code: exitcode.Success},
		{name: "findings", res: analyzed(withFinding), code: Findings, errCode: "FINDINGS", detail: line},
		{name: "findings ok", res: analyzed(withFinding), findingsOK: true, code: exitcode.Success},
		{name: "every finding fixed", res: analyzed(func(r *result) { r.Fixed = []Diagnostic{fixed} }), code: exitcode.Success},
		{name: "findings left after -fix", res: analyzed(func(r *result) { withFinding(r); r.Fixed = []Diagnostic{fixed} }),
			code: FindingsAfterFix, errCode: "FINDINGS_AFTER_FIX", detail: "fixed: main.go:13:11: exit code 3 written as a bare integer [barecode]\n" + line},
		{name: "findings left after -fix, ok", res: analyzed(func(r *result) { withFinding(r); r.Fixed = []Diagnostic{fixed} }), findingsOK: true, code: exitcode.Success},
		{name: "a check failed", res: analyzed(func(r *result) {
			withFinding(r)
			r.Failed, r.Complete = []Skipped{{Package: "example.com/cli", Errors: []string{"boom: internal error"}}}, false
		}), code: exitcode.GeneralError, errCode: "CHECK_FAILED", detail: "example.com/cli:\n\tboom: internal error\nfindings of the checks that ran:\n" + line},
		{name: "a package skipped", res: analyzed(func(r *result) {
			withFinding(r)
			r.Skipped, r.Complete = []Skipped{{Package: "example.com/cli/bad", Errors: []string{"bad.go:3:23: not an int"}}}, false
		}), code: exitcode.Precondition, errCode: "PACKAGES_SKIPPED", detail: "findings in the packages that were analyzed:\n" + line},
		{name: "a check failed and a package skipped", res: analyzed(func(r *result) {
			r.Failed = []Skipped{{Package: "example.com/cli", Errors: []string{"boom: internal error"}}}
			r.Skipped = []Skipped{{Package: "example.com/cli/bad", Errors: []string{"bad.go:3:23: not an int"}}}
		}), code: exitcode.GeneralError, errCode: "CHECK_FAILED"},
		{name: "-fix wrote some files", res: analyzed(func(r *result) {
			r.Fixed = []Diagnostic{fixed}
			r.fixWritten = []string{"a.go"}
			r.fixFailed = []fileFailure{{file: "b.go", err: errors.New("cannot replace b.go with its fixed version: input/output error"), kind: failIO}}
		}), code: exitcode.PartialFailure, errCode: "FIX_INCOMPLETE", detail: "written: a.go\nnot written: cannot replace b.go with its fixed version: input/output error"},
		{name: "-fix wrote nothing: not writable", res: analyzed(func(r *result) {
			r.fixFailed = []fileFailure{{file: "main.go", err: fmt.Errorf("cannot write the fixes to main.go: %w", notWritable), kind: failPermission}}
		}), code: exitcode.PermissionDenied, errCode: "FIX_NOT_WRITABLE"},
		{name: "-fix wrote nothing: no space", res: analyzed(func(r *result) {
			r.fixFailed = []fileFailure{{file: "main.go", err: errors.New("cannot write the fixes to main.go (it is left as it was): no space left on device"), kind: failNoSpace}}
		}), code: exitcode.Precondition, errCode: "FIX_NO_SPACE"},
		{name: "-fix wrote nothing: another error of the file system", res: analyzed(func(r *result) {
			r.fixFailed = []fileFailure{{file: "main.go", err: errors.New("cannot write the fixes to main.go (it is left as it was): input/output error"), kind: failIO}}
		}), code: exitcode.GeneralError, errCode: "FIX_WRITE_FAILED"},
		{name: "-fix wrote nothing: changed on disk", res: analyzed(func(r *result) {
			r.fixFailed = []fileFailure{{file: "main.go", err: errors.New("main.go changed on disk since it was analyzed; run exitlint -fix again"), kind: failChanged}}
		}), code: exitcode.Conflict, errCode: "FIX_CONFLICT"},
		{name: "-fix wrote nothing: changed, and another file not writable", res: analyzed(func(r *result) {
			r.fixFailed = []fileFailure{
				{file: "a.go", err: errors.New("a.go changed on disk since it was analyzed; run exitlint -fix again"), kind: failChanged},
				{file: "b.go", err: fmt.Errorf("cannot write the fixes to b.go: %w", notWritable), kind: failPermission},
			}
		}), code: exitcode.PermissionDenied, errCode: "FIX_NOT_WRITABLE", detail: "not written: a.go changed on disk since it was analyzed; run exitlint -fix again\nnot written: cannot write the fixes to b.go"},
		{name: "-fix held back by a package that does not type-check", res: analyzed(func(r *result) {
			withFinding(r)
			r.fixHeld = 1
			r.Skipped, r.Complete = []Skipped{{Package: "example.com/cli/bad", Errors: []string{"bad.go:3:23: not an int"}}}, false
		}), code: exitcode.Precondition, errCode: "PACKAGES_SKIPPED", detail: "-fix wrote nothing: it writes only when every package is analyzed, and 1 fix(es) wait"},
		{name: "-fix refused a fix", res: analyzed(func(r *result) {
			withFinding(r)
			r.fixNotWritten = []NotFixed{{Diagnostic: diagnostic(finding), Reason: "/m/x.go lies in the module cache (GOMODCACHE): -fix never writes there"}}
		}), code: Findings, errCode: "FINDINGS", detail: line + "\nfix not written: main.go:14:11 [barecode]: /m/x.go lies in the module cache (GOMODCACHE): -fix never writes there"},
		{name: "-fix wrote a file and refused a fix", res: analyzed(func(r *result) {
			withFinding(r)
			r.Fixed, r.fixWritten = []Diagnostic{fixed}, []string{"main.go"}
			r.fixNotWritten = []NotFixed{{Diagnostic: diagnostic(finding), Reason: "it overlaps a fix written before it"}}
		}), code: FindingsAfterFix, errCode: "FINDINGS_AFTER_FIX", detail: "written: main.go\n" + line + "\nfix not written: main.go:14:11 [barecode]: it overlaps"},
		{name: "-fix failed beside a failed check", res: analyzed(func(r *result) {
			r.Failed = []Skipped{{Package: "example.com/cli", Errors: []string{"boom: internal error"}}}
			r.fixFailed = []fileFailure{{file: "main.go", err: errors.New("main.go changed on disk since it was analyzed; run exitlint -fix again"), kind: failChanged}}
		}), code: exitcode.Conflict, errCode: "FIX_CONFLICT"},
		{name: "go list: malformed pattern", stopped: &loadFailure{patterns: []string{"a b"}, err: &driver.GoCommandError{Msg: `malformed import path "a b": invalid char ' '`}},
			code: exitcode.ArgError, errCode: "USAGE"},
		{name: "pattern with a version", stopped: &loadFailure{patterns: []string{"example.com/x@v1"}, unmatched: []Unmatched{{Pattern: "example.com/x@v1", Kind: "USAGE", Reason: "can only use path@version syntax with 'go get' and 'go install' in module-aware mode"}}},
			code: exitcode.ArgError, errCode: "USAGE"},
		{name: "no module", stopped: &loadFailure{patterns: []string{"./..."}, err: &driver.GoCommandError{Msg: "go: go.mod file not found in current directory or any parent directory"}},
			code: exitcode.NotFound, errCode: "NO_MODULE"},
		{name: "no module, per pattern", stopped: &loadFailure{patterns: []string{"./x"}, unmatched: []Unmatched{{Pattern: "./x", Kind: "NO_MODULE", Reason: "no go.mod in /m or above it"}}},
			code: exitcode.NotFound, errCode: "NO_MODULE"},
		{name: "no package", stopped: &loadFailure{patterns: []string{"./missing/..."}, unmatched: []Unmatched{{Pattern: "./missing/...", Kind: "NO_PACKAGES", Reason: "directory /m/missing not found"}}},
			code: exitcode.NotFound, errCode: "NO_PACKAGES"},
		{name: "no package from several patterns", stopped: &loadFailure{patterns: []string{"./a", "./b"}, unmatched: []Unmatched{
			{Pattern: "./a", Kind: "NO_PACKAGES", Reason: "directory /m/a not found"},
			{Pattern: "./b", Kind: "EXCLUDED_BY_BUILD_CONSTRAINTS", Reason: "build constraints exclude all Go files in /m/b for linux/amd64 with no -tags"}}},
			code: exitcode.NotFound, errCode: "NO_PACKAGES", detail: "./a: directory /m/a not found\n./b: build constraints exclude all Go files in /m/b"},
		{name: "go list fails", stopped: &loadFailure{patterns: []string{"./..."}, err: errors.New("go: cannot run go list\nmore")},
			code: exitcode.Precondition, errCode: "LOAD_FAILED", detail: "go: cannot run go list\nmore"},
		{name: "toolchain not installed", stopped: &loadFailure{patterns: []string{"./..."}, err: &driver.ToolchainError{Toolchain: "go1.99.0", Msg: "go: download go1.99.0 for linux/amd64: toolchain not available"}},
			code: exitcode.Precondition, errCode: "TOOLCHAIN_NOT_INSTALLED", detail: "toolchain not available"},
		{name: "go too old", stopped: &loadFailure{patterns: []string{"./..."}, err: &driver.GoCommandError{Msg: "go: go.mod requires go >= 1.99.0 (running go 1.26.8; GOTOOLCHAIN=local)"}},
			code: exitcode.Precondition, errCode: "GO_TOO_OLD"},
		{name: "a pattern matched nothing beside others", res: analyzed(func(r *result) {
			withFinding(r)
			r.Complete = false
			r.Unmatched = []Unmatched{{Pattern: "./typo", Kind: "NO_PACKAGES", Reason: "directory /m/typo not found"}}
		}), code: exitcode.NotFound, errCode: "PATTERNS_UNMATCHED", detail: "./typo: directory /m/typo not found\nfindings in the packages that were analyzed:\n" + line},
		{name: "a pattern matched nothing beside others, findings ok", findingsOK: true, res: analyzed(func(r *result) {
			r.Complete = false
			r.Unmatched = []Unmatched{{Pattern: "./typo", Kind: "NO_PACKAGES", Reason: "directory /m/typo not found"}}
		}), code: exitcode.NotFound, errCode: "PATTERNS_UNMATCHED"},
		{name: "a malformed pattern beside others", res: analyzed(func(r *result) {
			r.Unmatched = []Unmatched{{Pattern: "a b", Kind: "USAGE", Reason: `malformed import path "a b": invalid char ' '`}}
		}), code: exitcode.ArgError, errCode: "USAGE"},
		{name: "another error stands", stopped: usageError("bad flag"), code: exitcode.ArgError, errCode: "USAGE"},
		{name: "a setting names nothing, beside findings", res: analyzed(func(r *result) {
			r.Unresolved = []string{"-config.fatals: example.com/log.Dye: package example.com/log declares no function Dye; did you mean Die?", "-config.enum: example.com/nosuch.Code: no package example.com/nosuch is among the packages the patterns load"}
		}), code: exitcode.ArgError, errCode: "SETTING_NAMES_NOTHING",
			detail: "-config.enum: example.com/nosuch.Code: no package example.com/nosuch is among the packages the patterns load\n-config.fatals: example.com/log.Dye: package example.com/log declares no function Dye; did you mean Die?"},
	}
	seen := map[exitcode.Code]bool{}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, err := outcome(tc.res, tc.findingsOK, tc.stopped)
			seen[code] = true
			if code != tc.code {
				t.Errorf("code %d; want %d (error %v)", code, tc.code, err)
			}
			if code != exitcode.FromError(err) {
				t.Errorf("code %d, but the error says %d", code, exitcode.FromError(err))
			}
			var xe *exitcode.Error
			switch {
			case tc.errCode == "" && err != nil:
				t.Errorf("error %v; want none", err)
			case tc.errCode == "":
			case !errors.As(err, &xe):
				t.Errorf("error %v; want an exitcode.Error %s", err, tc.errCode)
			case xe.Code != tc.errCode || !strings.Contains(xe.Detail, tc.detail):
				t.Errorf("error %s with detail %q; want %s with %q", xe.Code, xe.Detail, tc.errCode, tc.detail)
			}
		})
	}
	for _, e := range codes.Entries() {
		if e.Code == exitcode.Timeout {
			continue // exitlint probe's alone: TestProbeOutcome
		}
		if !seen[e.Code] {
			t.Errorf("no case ends with %d %s", e.Code, e.Name)
		}
	}
}
