package barecode

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"strconv"

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
	if !ok {
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
			d.Message = fmt.Sprintf("exit code %s is %d, which the contract calls %s, and its name does not say so (%s): give it the contract's code for what it means", name, n, code, evidence)
		default:
			return d, meant, false
		}
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
