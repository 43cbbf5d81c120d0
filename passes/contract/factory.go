package contract

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/internal/analyzerutil"
)

// builder is a function of the envelope's package that builds values of
// it.
type builder struct {
	name string // as factories are listed: "Name" or "Recv.Name"
	// derives reports that the function uses a value of an exit-code enum
	// type: a factory that derives ok from the code.
	derives bool
}

type builders []builder

func (b builders) names() []string {
	var out []string
	for _, x := range b {
		out = append(out, x.name)
	}
	return out
}

func (b builders) deriving() builders {
	var out builders
	for _, x := range b {
		if x.derives {
			out = append(out, x)
		}
	}
	return out
}

// findBuilders finds, for each envelope type the package declares, the
// functions outside test files that build its values: a composite literal
// of the type (or of a pointer to it) or new of it, function literals
// counting as the function that holds them.
func findBuilders(pass *analysis.Pass, c *Contract) map[*types.TypeName]builders {
	out := map[*types.TypeName]builders{}
	if len(c.envelopes) == 0 {
		return out // nothing to build: most packages declare no envelope
	}
	local := func(t types.Type) *types.TypeName {
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			t = p.Elem()
		}
		tn := typeName(t)
		if tn == nil || tn.Pkg() != pass.Pkg || c.envelopes[tn] == nil {
			return nil
		}
		return tn
	}
	for fd, fn := range analyzerutil.FuncDecls(pass) {
		if fd.Body == nil || analyzerutil.InTestFile(pass.Fset, fd.Pos()) {
			continue
		}
		var built []*types.TypeName
		derives := false
		ast.Inspect(fd, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				if tn := local(pass.TypesInfo.TypeOf(n)); tn != nil && !slices.Contains(built, tn) {
					built = append(built, tn)
				}
			case *ast.CallExpr:
				if b, ok := pass.TypesInfo.Uses[analyzerutil.NameIdent(n.Fun)].(*types.Builtin); ok && b.Name() == "new" && len(n.Args) == 1 {
					if tn := local(pass.TypesInfo.TypeOf(n.Args[0])); tn != nil && !slices.Contains(built, tn) {
						built = append(built, tn)
					}
				}
			case ast.Expr:
				if t := pass.TypesInfo.TypeOf(n); t != nil && c.enums[typeName(t)] != nil {
					derives = true
				}
			}
			return true
		})
		for _, tn := range built {
			out[tn] = append(out[tn], builder{name: funcKey(fn), derives: derives})
		}
	}
	for tn := range out {
		slices.SortFunc(out[tn], func(a, b builder) int {
			if a.name < b.name {
				return -1
			}
			if a.name > b.name {
				return 1
			}
			return 0
		})
	}
	return out
}
