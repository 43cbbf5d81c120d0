package argphase

import (
	"go/ast"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/internal/ssavalue"
)

// otherMeaning: the 3 an origin chooses is not reported when the program
// spells it only as a member of its own exit table named for another
// outcome than a bad argument (argerror's MeantOther). The fault is the
// member's value, one fault in one place: barecode reports it at the
// declaration, where renumbering the member ends both the wrong meaning
// and the broken side-effect promise; a finding at each exit after a side
// effect would name the same fault again, with advice (validate earlier,
// emit PARTIAL_FAILURE) that does not fit a code that never meant a bad
// argument.

// otherMeaning reports whether the origin o chooses its 3 only through
// members of the program's own exit tables named for another outcome. An
// origin is a call's argument, a returned or stored value, spelled at
// o's instruction. An origin that is a call's result was judged in the
// callee already (argerror's facts leave out the returns that spell a 3
// so); one where the value flows along an edge into a phi has no
// instruction to read the spelling from, and keeps its finding.
func (ch *checker) otherMeaning(o ssavalue.Origin) bool {
	if o.Call != nil || o.Index >= len(o.Block.Instrs) {
		return false
	}
	instr := o.Block.Instrs[o.Index]
	pos := instr.Pos()
	if !pos.IsValid() {
		return false
	}
	file := analyzerutil.FileOf(ch.pass, pos)
	if file == nil {
		return false
	}
	var node ast.Node
	path, _ := astutil.PathEnclosingInterval(file, pos, pos)
	for _, n := range path {
		switch n := n.(type) {
		case *ast.CallExpr:
			if _, ok := instr.(ssa.CallInstruction); ok && n.Lparen == pos {
				node = n
			}
		case *ast.ReturnStmt, *ast.AssignStmt, *ast.ValueSpec:
			if node == nil {
				node = n
			}
		case *ast.FuncDecl, *ast.FuncLit:
			if node == nil {
				return false
			}
		}
		if node != nil {
			break
		}
	}
	if node == nil {
		return false
	}
	return ch.argErrs.MeantOther(node)
}
