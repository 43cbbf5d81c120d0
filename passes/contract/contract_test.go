package contract_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/passes/contract"
)

var testdata = filepath.Join("..", "..", "testdata", "src")

func TestFacts(t *testing.T) {
	analysistest.Run(t, testdata, contract.Analyzer, "cases/contract/...")
}

// TestRuntimeFacts checks the facts exported on exitlint's own runtime types
// when a user package imports them.
func TestRuntimeFacts(t *testing.T) {
	results := analysistest.Run(t, testdata, contract.Analyzer, "cases/contract/user")
	if len(results) != 1 {
		t.Fatalf("got %d results", len(results))
	}
	c := results[0].Result.(*contract.Contract)
	if !c.EnumsInView || !c.EnvelopesInView {
		t.Errorf("EnumsInView=%t EnvelopesInView=%t; want both, through the runtime's package facts", c.EnumsInView, c.EnvelopesInView)
	}
	var code, env bool
	for _, f := range results[0].Action.AllObjectFacts() {
		fact := fmt.Sprint(f.Fact)
		switch f.Object.Pkg().Path() + "." + f.Object.Name() {
		case analyzerutil.ExitcodePath + ".Code":
			members, ok := strings.CutPrefix(fact, "exitEnum(exitlint: ")
			code = ok && len(strings.Fields(strings.TrimSuffix(members, ")"))) == 14
		case analyzerutil.EnvelopePath + ".Envelope":
			env = strings.HasPrefix(fact, "envelope(exitlint")
		}
	}
	if !code || !env {
		t.Errorf("runtime facts: exitcode.Code enum with 14 members=%t, envelope.Envelope=%t", code, env)
	}
	// The user package reads the runtime's enum from its fact.
	if tn, e := c.Runtime(); tn == nil || e.Source != "exitlint" || len(e.Members) != 14 || e.Member(5) != "NotFound" {
		t.Errorf("Contract.Runtime() = %v, %+v; want exitcode.Code with its 14 members", tn, e)
	}
}
