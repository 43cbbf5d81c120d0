package terminal

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// findSpans returns the stretches of the body that run only at a
// terminal, as far as the variables known so far tell:
//
//   - the body of an if whose condition requires a terminal test to be
//     true (if term.IsTerminal(fd) && !quiet { … }), and the else of one
//     whose condition requires it to be false (if !isTTY { … } else { … });
//   - a case of a tagless switch each of whose expressions requires one;
//   - the rest of a block after an if whose condition requires a terminal
//     test to be false and whose body leaves the block (if !isTTY {
//     return }): what follows runs only when the test was true. Not in a
//     function with a goto, which might jump past the if.
//
// A function literal inside a span is in it: it is made, and so called,
// only at a terminal.
func (fs *funcState) findSpans() []span {
	var out []span
	add := func(pos, end token.Pos, test string) {
		out = append(out, span{pos: pos, end: end, test: test})
	}
	ast.Inspect(fs.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IfStmt:
			if t, ok := fs.requires(n.Cond); ok {
				add(n.Body.Pos(), n.Body.End(), t)
			}
			if t, ok := fs.requiresNot(n.Cond); ok && n.Else != nil {
				add(n.Else.Pos(), n.Else.End(), t)
			}
		case *ast.SwitchStmt:
			if n.Tag == nil {
				fs.caseSpans(n, add)
			}
		case *ast.BlockStmt:
			fs.restSpans(n.List, add)
		case *ast.CaseClause:
			fs.restSpans(n.Body, add)
		case *ast.CommClause:
			fs.restSpans(n.Body, add)
		}
		return true
	})
	return out
}

// caseSpans adds the clauses of a tagless switch whose every expression
// requires a terminal, unless the clause before falls through into it.
func (fs *funcState) caseSpans(sw *ast.SwitchStmt, add func(pos, end token.Pos, test string)) {
	for i, s := range sw.Body.List {
		cc := s.(*ast.CaseClause)
		if len(cc.List) == 0 || len(cc.Body) == 0 || i > 0 && fallsThrough(sw.Body.List[i-1].(*ast.CaseClause)) {
			continue
		}
		test := ""
		for _, e := range cc.List {
			t, ok := fs.requires(e)
			if !ok {
				test = ""
				break
			}
			test = t
		}
		if test != "" {
			add(cc.Colon+1, cc.End(), test)
		}
	}
}

// fallsThrough reports whether a case clause ends with fallthrough.
func fallsThrough(cc *ast.CaseClause) bool {
	if len(cc.Body) == 0 {
		return false
	}
	b, ok := cc.Body[len(cc.Body)-1].(*ast.BranchStmt)
	return ok && b.Tok == token.FALLTHROUGH
}

// restSpans adds the rest of a statement list after each if that leaves
// it unless a terminal test was true.
func (fs *funcState) restSpans(list []ast.Stmt, add func(pos, end token.Pos, test string)) {
	if fs.jumps {
		return
	}
	for i, s := range list {
		ifs, ok := s.(*ast.IfStmt)
		if !ok || i == len(list)-1 {
			continue
		}
		if t, ok := fs.passedOnlyUnder(ifs); ok {
			add(ifs.End(), list[len(list)-1].End(), t)
			return
		}
	}
}

// passedOnlyUnder returns the test under which control passes an if
// statement to the statement after it: the if's body leaves the block and
// its condition requires the test to be false (if !isTTY { return }), or
// every branch that falls through is taken only under a test (if worker {
// … } else if manPage { … } else { exit }), each branch of an else-if
// chain judged by its own condition.
func (fs *funcState) passedOnlyUnder(ifs *ast.IfStmt) (string, bool) {
	bodyLeaves := fs.leaves(ifs.Body)
	if bodyLeaves {
		if t, ok := fs.requiresNot(ifs.Cond); ok {
			return t, true
		}
	}
	test := ""
	if !bodyLeaves {
		t, ok := fs.requires(ifs.Cond)
		if !ok {
			return "", false
		}
		test = t
	}
	switch e := ifs.Else.(type) {
	case nil:
		return "", false // the condition false falls through too
	case *ast.IfStmt:
		t, ok := fs.passedOnlyUnder(e)
		if !ok {
			return "", false
		}
		if test == "" {
			test = t
		}
	case *ast.BlockStmt:
		if !fs.leaves(e) {
			return "", false // the condition false falls through too
		}
	}
	return test, test != ""
}

// noReturns are the calls that end the process or the goroutine, by
// types.Func.FullName: an if whose body ends with one leaves its block.
var noReturns = map[string]bool{
	"os.Exit": true, "syscall.Exit": true, "runtime.Goexit": true,
	"log.Fatal": true, "log.Fatalf": true, "log.Fatalln": true,
	"log.Panic": true, "log.Panicf": true, "log.Panicln": true,
	// urfave/cli's help that ends the process (v3's through its OsExiter,
	// os.Exit unless a test replaces it).
	"github.com/urfave/cli.ShowAppHelpAndExit": true, "github.com/urfave/cli.ShowCommandHelpAndExit": true,
	"github.com/urfave/cli/v2.ShowAppHelpAndExit": true, "github.com/urfave/cli/v2.ShowCommandHelpAndExit": true,
	"github.com/urfave/cli/v3.ShowRootCommandHelpAndExit": true, "github.com/urfave/cli/v3.ShowCommandHelpAndExit": true,
	"github.com/urfave/cli/v3.ShowSubcommandHelpAndExit": true,
}

// noReturnVars are the package-level variables holding such a function,
// by package path and name: v3's ShowAppHelpAndExit is
// ShowRootCommandHelpAndExit under its earlier name.
var noReturnVars = map[string]bool{
	"github.com/urfave/cli/v3.ShowAppHelpAndExit": true,
}

// leaves reports whether a block never falls through to the statement
// after it: it ends with a return, a break or a continue (each leaves the
// enclosing block too), a panic, or a call that ends the process.
func (fs *funcState) leaves(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	switch s := b.List[len(b.List)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return s.Tok == token.BREAK || s.Tok == token.CONTINUE
	case *ast.ExprStmt:
		call, ok := ast.Unparen(s.X).(*ast.CallExpr)
		if !ok {
			return false
		}
		switch fn := typeutil.Callee(fs.c.info, call).(type) {
		case *types.Builtin:
			return fn.Name() == "panic"
		case *types.Func:
			return noReturns[fn.FullName()]
		case *types.Var:
			return fn.Pkg() != nil && fn.Parent() == fn.Pkg().Scope() && noReturnVars[fn.Pkg().Path()+"."+fn.Name()]
		}
	}
	return false
}
