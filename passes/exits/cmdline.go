package exits

import (
	"go/ast"
	"go/constant"
	"go/types"

	"github.com/exitlint/exitlint/internal/analyzerutil"
)

// A library that parses the process's command line itself (kingpin's
// Parse) answers a command line it refuses by ending
// the process: with 1, through its own fatal. The call looks like any
// other — it is given no error, and it returns the parsed value — so the
// pass marks the functions that read os.Args beyond the program's name,
// directly or through a function of their package (an entry point that
// calls its package's parser with no arguments, which then reads
// os.Args), and whose exit fact
// it exports: Summary.ParsesArgs. fallback then reports the call, where
// the program's author chooses the parser's form that returns the error.
// A function that reads only os.Args[0] (a usage line, a logger's prefix)
// parses nothing.
//
// Evidence: kingpin.Parse() ends a bad flag with 1 through MustParse and
// Fatalf in ghz, golines, prom2json and speedtest-go (all four judged as
// misses before this rule). docopt-go's ParseDoc is not seen: it returns
// an error, and exits through an exported function field
// (HelpHandler), which the pass does not follow.

// readsCommandLine reports whether body, outside its function literals,
// reads os.Args other than as os.Args[0].
func readsCommandLine(info *types.Info, body *ast.BlockStmt) bool {
	if body == nil {
		return false
	}
	name := map[ast.Expr]bool{} // os.Args of an os.Args[0]
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IndexExpr:
			if tv, ok := info.Types[n.Index]; ok && tv.Value != nil && tv.Value.Kind() == constant.Int {
				if v, exact := constant.Int64Val(tv.Value); exact && v == 0 {
					name[ast.Unparen(n.X)] = true
				}
			}
		case *ast.SelectorExpr:
			if !name[n] && analyzerutil.IsOSArgs(info.Uses[n.Sel]) {
				found = true
			}
		}
		return true
	})
	return found
}
