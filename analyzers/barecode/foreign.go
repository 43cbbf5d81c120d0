package barecode

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/passes/exits"
)

// foreignSites checks the constants of other packages that become this
// package's exit code through their functions' results
// (os.Exit(cli.Main()) with a return 2 in package cli). They are reported
// where they are written, which only this package can tell is an exit
// code: a literal at the return, a named constant at its declaration, as a
// member of the exit table its use makes it.
func (ch *checker) foreignSites() {
	judged := ch.judged
	for _, s := range ch.ex.ForeignSites() {
		if s.Reported || slices.Contains(s.Ignored, ch.pass.Analyzer.Name) || s.Value == int64(exitcode.GeneralError) || s.Value == int64(exitcode.Success) {
			continue // a 1 is the fallback check's; a bare 0 misleads no agent (bareZero)
		}
		if s.Const == "" && exits.KindSays(s.Kinds, s.Value) {
			continue // kindAgrees
		}
		if k := ch.ex.Const(s.Source); k != nil {
			if !judged[k] && !ch.memberOrEnumConst(k) {
				judged[k] = true
				ch.foreignMember(k, s.Via)
			}
			continue
		}
		if s.Const != "" {
			continue // a constant of a package this one does not see
		}
		pos, end := analyzerutil.PosOf(ch.pass.Fset, s.Pos, s.End)
		if !pos.IsValid() {
			continue
		}
		msg := message("", s.Value, ch.spelled(s.Value)) + " (it becomes the exit code: " + s.Via + ")" + readsAs("", s.Value)
		ch.s.Report(ch.pass, analysis.Diagnostic{Pos: pos, End: end, Category: category("", s.Value), Message: msg})
	}
}

// foreignMembers returns the named constants of other packages among the
// foreign sites: foreignSites judges each at its declaration.
func foreignMembers(ex *exits.Exits) map[*types.Const]bool {
	out := map[*types.Const]bool{}
	for _, s := range ex.ForeignSites() {
		if k := ex.Const(s.Source); k != nil {
			out[k] = true
		}
	}
	return out
}

// foreignMember judges a named constant of another package that becomes
// this package's exit code, at its declaration, as a member of an exit
// table: its package's own analysis cannot see that it is one.
func (ch *checker) foreignMember(k *types.Const, via string) {
	if ch.ex.Ignored(k, ch.pass.Analyzer.Name) {
		return // a directive at the declaration, or a generated file
	}
	evidence := fmt.Sprintf("%s reaches the exit: %s", k.Name(), via)
	d, _, ok := memberFinding(k.Name(), k.Val(), evidence)
	if !ok {
		return
	}
	d.Pos = k.Pos()
	d.End = k.Pos() + token.Pos(len(k.Name()))
	if !d.Pos.IsValid() {
		return
	}
	ch.s.Report(ch.pass, d)
}

// spelled returns the member of exitlint's enum that spells the table code
// n, "" when there is none to name.
func (ch *checker) spelled(n int64) string {
	if exitcode.Classify(int(n)) != exitcode.RangeTable {
		return ""
	}
	tn, f := ch.c.Runtime()
	if tn == nil {
		return ""
	}
	if m := f.Member(n); m != "" {
		return fmt.Sprintf("%s.%s", tn.Pkg().Name(), m)
	}
	return ""
}

// moduleConst returns the constant of another package of the module that e
// names, nil if it names none.
func (ch *checker) moduleConst(e ast.Expr) *types.Const {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	k, ok := ch.pass.TypesInfo.Uses[sel.Sel].(*types.Const)
	if !ok || k.Pkg() == nil || k.Pkg() == ch.pass.Pkg || !analyzerutil.InModule(k.Pkg().Path(), analyzerutil.ModulePath(ch.pass)) {
		return nil
	}
	return k
}

// atDeclaration: a constant of another package of the module that this
// package exits with directly (os.Exit(code.FailedLint), return
// code.FailedFmt from the function main exits with) is judged at its
// declaration, as a member of the exit table its use makes it, and not at
// each use: its value is chosen where it is declared, and a fix there
// mends every use. Its own package's analysis cannot tell it is an exit
// code when nothing there exits, which is the common layout of a table kept
// in a package of its own under a name that does not say so (code,
// status, errs). A constant of a dependency outside the module is judged
// where it is used: its declaration is no file the user can change. On
// real CLIs a table of nine constants in such a package was reported at
// each of its ten uses in main, where every judge put the fault at the
// member's value (judged FP at the uses, and FN at the declarations).
