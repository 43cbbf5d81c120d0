package barecode

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/passes/exits"
)

// tables checks the members of the program's own exit tables at their
// declarations: a value in a reserved range, a value whose name says
// another of the contract's codes, and a failure code (2–13) whose name
// does not say what the contract calls it.
func (ch *checker) tables() {
	for _, tab := range ch.ex.Tables().List() {
		for _, m := range tab.Members {
			ch.member(tab, m)
		}
	}
}

func (ch *checker) member(tab *exits.Table, m exits.Member) {
	d, meant, ok := memberFinding(m.Const.Name(), m.Const.Val(), m.Evidence)
	if !ok || ch.neverUsed(m.Const) {
		return
	}
	d.Pos, d.End = m.Name.Pos(), m.Name.End()
	if d.Category == "table-name" {
		if fix, ok := changeValue(tab, m, meant); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
	}
	ch.s.Report(ch.pass, d)
}

// memberFinding judges a member of an exit table, named name with value
// val, at its declaration: a value in a reserved range, a value whose name
// says another of the contract's codes (meant), a failure code whose name
// does not say what the contract calls it. evidence says why the constant
// is an exit code.
func memberFinding(name string, val constant.Value, evidence string) (d analysis.Diagnostic, meant exitcode.Code, ok bool) {
	n, exact := constant.Int64Val(val)
	if !exact {
		return d, meant, false
	}
	switch r := exitcode.Classify(int(n)); r {
	case exitcode.RangeFramework, exitcode.RangeShell, exitcode.RangeInvalid:
		d.Category = category(name, n)
		d.Message = message(name, n, "") + " (" + evidence + ")"
	case exitcode.RangeTable:
		code := exitcode.Code(n)
		meant, ok := exits.Meaning(name)
		switch {
		case ok && meant != code:
			d.Category = "table-name"
			d.Message = fmt.Sprintf("exit code %s is %d, which the contract calls %s; %s is %d (%s): an agent acts on the number, not the name", name, n, code, meant, int(meant), evidence)
			return d, meant, true
		case !ok && code >= exitcode.PartialFailure:
			d.Category = "table-value"
			d.Message = fmt.Sprintf("exit code %s is %d, which an agent reads as %s (%s), and its name does not say so (%s): if that is what it means, keep it; else give it the table code that does, or a command-specific code (%s) declared for an outcome of the program's own", name, n, code, agentAction(code), evidence, exitcode.RangeCommand.Span())
		default:
			return d, meant, false
		}
	case exitcode.RangeCommand:
		// A program's own code for an outcome the table already has: an
		// agent that has not read the program's declaration cannot act on
		// it, and the table's code says the same to every agent.
		meant, ok := exits.Meaning(name)
		if !ok || meant <= exitcode.GeneralError {
			return d, meant, false
		}
		d.Category = "command-name"
		d.Message = fmt.Sprintf("exit code %s is %d, a command-specific code, but its name says %s, which the contract numbers %d (%s): an agent acts on the number, and reads %d only from the program's declaration; use %d, or keep %d declared for an outcome that is more than %s", name, n, meant, int(meant), evidence, n, int(meant), n, meant)
		return d, meant, true
	default:
		return d, meant, false
	}
	return d, meant, true
}

// changeValue offers to give m the value of the code its name means, when
// it is declared with an integer literal and no other member of its table
// has that value.
func changeValue(tab *exits.Table, m exits.Member, meant exitcode.Code) (analysis.SuggestedFix, bool) {
	lit, ok := m.Value.(*ast.BasicLit)
	if !ok || lit.Kind != token.INT {
		return analysis.SuggestedFix{}, false
	}
	for _, o := range tab.Members {
		if v, exact := constant.Int64Val(o.Const.Val()); exact && v == int64(meant) {
			return analysis.SuggestedFix{}, false
		}
	}
	text := strconv.Itoa(int(meant))
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Give %s the value %s (%s)", m.Const.Name(), text, meant),
		TextEdits: []analysis.TextEdit{{Pos: lit.Pos(), End: lit.End(), NewText: []byte(text)}},
	}, true
}

// agentAction is what the contract tells an agent to do on code c,
// lower-cased for a message: "fix the input, retry immediately — zero side
// effects guaranteed".
func agentAction(c exitcode.Code) string {
	e, ok := exitcode.Lookup(c)
	if !ok || e.Action == "" {
		return "no action the table gives"
	}
	return strings.ToLower(e.Action[:1]) + e.Action[1:]
}

// neverUsed reports whether a member of an exit table is used nowhere:
// nothing in its package names it, and nothing outside can (it is
// unexported, or its package is a main). No run ends with such a code, and
// no agent meets it: its value tells no one anything until a use is
// written, which is where the check looks again. On real CLIs the members
// declared beside a table and never returned (ghr's ExitCodeInvalidURL
// and ExitCodeReleaseError, consul-template's ExitCodeError in main) were
// judged not worth a user's time. An exported member of another package may
// be used by an importer this package cannot see, and is judged as before.
func (ch *checker) neverUsed(k *types.Const) bool {
	if k.Exported() && ch.pass.Pkg.Name() != "main" {
		return false
	}
	if ch.usedConsts == nil {
		ch.usedConsts = map[*types.Const]bool{}
		for _, obj := range ch.pass.TypesInfo.Uses {
			if c, ok := obj.(*types.Const); ok {
				ch.usedConsts[c] = true
			}
		}
	}
	return !ch.usedConsts[k]
}
