package barecode

import (
	"fmt"
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
	judged := map[*types.Const]bool{}
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
				ch.foreignMember(k, s)
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
func (ch *checker) foreignMember(k *types.Const, s exits.ForeignSite) {
	evidence := fmt.Sprintf("%s reaches the exit: %s", k.Name(), s.Via)
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
