package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/analyzers/barecode"
	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/internal/analyzerutil"
)

// TestPanickingCheckKeepsOtherFindings runs a check that panics beside
// barecode: barecode's findings are still reported, the failure is named,
// and the exit code is GENERAL_ERROR (an internal error), not a clean run.
func TestPanickingCheckKeepsOtherFindings(t *testing.T) {
	t.Setenv("GOWORK", "off")
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOPROXY", "off")
	t.Chdir(filepath.Join("..", "..", "testdata", "src"))
	boom := &analysis.Analyzer{
		Name: "boom",
		Doc:  "panics",
		Run: analyzerutil.Guard(func(pass *analysis.Pass) (any, error) {
			panic("boom")
		}),
	}
	rep, err := analyze([]*analysis.Analyzer{barecode.Analyzer, boom}, []string{"./barecode/customenum"}, options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Diagnostics) != 2 {
		t.Errorf("barecode findings: got %d, want 2", len(rep.Diagnostics))
	}
	if len(rep.Failed) != 1 || !strings.Contains(rep.Failed[0].Errors[0], "boom: internal error: boom panicked") || rep.Complete {
		t.Errorf("failed = %v, complete = %t", rep.Failed, rep.Complete)
	}
	var stdout, stderr bytes.Buffer
	code := report(&stdout, &stderr, options{}, time.Now(), rep, nil)
	if code != exitcode.GeneralError || strings.Count(stdout.String(), "[barecode]") != 2 || !strings.Contains(stderr.String(), "failed with an internal error") {
		t.Errorf("code %d\nstdout %s\nstderr %s", code, stdout.String(), stderr.String())
	}
}
