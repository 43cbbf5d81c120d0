package terminal

import (
	_ "embed"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/internal/summary"
	"github.com/exitlint/exitlint/passes/hidden"
)

//go:embed doc.go
var doc string

// Analyzer finds the code that runs only when the process's standard
// stream is a terminal, and exports a terminal fact on every function whose
// bool result is true only then.
var Analyzer = &analysis.Analyzer{
	Name:       "terminal",
	Doc:        analyzerutil.Doc(doc, "terminal"),
	URL:        analyzerutil.URL("terminal"),
	Run:        analyzerutil.Guard(run),
	Requires:   []*analysis.Analyzer{hidden.Analyzer},
	ResultType: reflect.TypeFor[*Terminal](),
	FactTypes:  []analysis.Fact{(*terminalFact)(nil)},
}

// terminalFact marks a function whose bool result is true only when a
// terminal test of the process's standard streams is true.
type terminalFact struct {
	Test string // the terminal test it rests on: "term.IsTerminal"
}

func (*terminalFact) AFact() {}

func (f *terminalFact) String() string { return "terminalOnly(" + f.Test + ")" }

// terminalTests are the functions that tell whether a file descriptor is
// a terminal, true only when it is.
var terminalTests = analyzerutil.NewFuncs([]string{
	"golang.org/x/term.IsTerminal",
	"golang.org/x/crypto/ssh/terminal.IsTerminal",
	"github.com/mattn/go-isatty.IsTerminal",
	"github.com/mattn/go-isatty.IsCygwinTerminal",
	"github.com/charmbracelet/x/term.IsTerminal",
})

// Terminal knows which code of the package no agent runs: the code that
// runs only at a terminal, and the code that runs only through a hidden
// command or flag (the hidden pass's, under the same conditions).
//
// It is a snapshot taken during the pass: spans of source, no pass.
type Terminal struct {
	spans []span
	// hidden are the spans that run only through a hidden command or
	// when a hidden flag is set.
	hidden []span
}

// span is a stretch of source that runs only where no agent is, and what
// says so: the terminal test, or the hidden command or flag.
type span struct {
	pos, end token.Pos
	test     string
}

// Only reports whether the code at pos runs only where no agent is: when
// one of the process's standard streams is a terminal, or only through a
// hidden command or when a hidden flag is set. That is inside the body of
// an if whose condition requires a terminal test (or a hidden flag) to be
// true (or the else of one that requires it false), a switch case that
// does, or after an if that leaves its block unless the test is true, in
// the same function; or in the run function of a hidden command.
func (t *Terminal) Only(pos token.Pos) bool {
	_, ok := t.Test(pos)
	return ok
}

// Test returns why the code at pos runs where no agent is, when Only
// reports it does: the terminal test it runs only under
// ("term.IsTerminal"), or the hidden command or flag ("hidden flag
// --act-as-worker").
func (t *Terminal) Test(pos token.Pos) (string, bool) {
	if t == nil || !pos.IsValid() {
		return "", false
	}
	for _, spans := range [][]span{t.spans, t.hidden} {
		for _, s := range spans {
			if s.pos <= pos && pos < s.end {
				return s.test, true
			}
		}
	}
	return "", false
}

func run(pass *analysis.Pass) (any, error) {
	t := &Terminal{}
	t.hidden = hiddenSpans(pass, pass.ResultOf[hidden.Analyzer].(*hidden.Hidden))
	c := &computer{info: pass.TypesInfo, facts: summary.NewTable[terminalFact](pass)}
	c.leaf, c.leafNot = c.terminalTest, never
	if !mayTest(pass, c) {
		return t, nil // no body can mention a terminal test (mentionsTest)
	}
	var funcs []summary.Func
	for fd, fn := range analyzerutil.FuncDecls(pass) {
		if fd.Body != nil && c.mentionsTest(fd.Body) {
			funcs = append(funcs, summary.Func{Obj: fn, Decl: fd})
		}
	}
	if len(funcs) == 0 {
		return t, nil // no terminal test here: nothing to compute
	}
	// Facts only grow: a function whose result rests on another's may
	// gain its fact once that one has it.
	for changed := true; changed; {
		changed = false
		for _, f := range funcs {
			if c.facts.Local(f.Obj) != nil {
				continue
			}
			fs := c.analyze(f.Decl.Body)
			if test, ok := fs.resultRequires(f.Decl, f.Obj); ok {
				c.facts.Set(f.Obj, &terminalFact{Test: test})
				changed = true
			}
		}
		if changed {
			funcs = c.withMentions(pass, funcs)
		}
	}
	for _, f := range funcs {
		t.spans = append(t.spans, c.analyze(f.Decl.Body).spans...)
	}
	slices.SortFunc(t.spans, func(a, b span) int { return int(a.pos - b.pos) })
	c.facts.Export(pass)
	return t, nil
}

// computer decides, function by function, what requires a terminal (or,
// over the hidden pass's flags, a hidden flag).
type computer struct {
	info  *types.Info
	facts *summary.Table[terminalFact, *terminalFact]
	// leaf returns the test an expression that is no &&, || or local
	// variable is true only under; leafNot the one it is false only
	// under.
	leaf, leafNot func(fs *funcState, e ast.Expr) (string, bool)
}

// terminalTest is the terminal pass's leaf: a call of a terminal test of
// a standard stream, or of a function with a terminal fact.
func (c *computer) terminalTest(fs *funcState, e ast.Expr) (string, bool) {
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
		if name := c.testName(call); name != "" && fs.ofStdStream(call) {
			return name, true
		}
	}
	return "", false
}

// never is the leaf of no test.
func never(*funcState, ast.Expr) (string, bool) { return "", false }

// withMentions returns funcs with the package's other functions that now
// mention a terminal test (a function that gained its fact).
func (c *computer) withMentions(pass *analysis.Pass, funcs []summary.Func) []summary.Func {
	have := map[*types.Func]bool{}
	for _, f := range funcs {
		have[f.Obj] = true
	}
	for fd, fn := range analyzerutil.FuncDecls(pass) {
		if !have[fn] && fd.Body != nil && c.mentionsTest(fd.Body) {
			funcs = append(funcs, summary.Func{Obj: fn, Decl: fd})
		}
	}
	return funcs
}

// mayTest reports whether a call of the package may be a terminal test or
// of a function with a terminal fact, before any fact of the package's own
// is known: the package refers to a terminal test or to a function with an
// imported fact (a call's callee is among the objects it refers to), or is
// a terminal test's own package.
func mayTest(pass *analysis.Pass, c *computer) bool {
	return terminalTests.Package(pass.Pkg.Path()) ||
		slices.ContainsFunc(analyzerutil.RefsOf(pass).Funcs, terminalTests.Has) ||
		c.facts.Any(func(*terminalFact) bool { return true })
}

// mentionsTest reports whether body calls a terminal test or a function
// with a terminal fact.
func (c *computer) mentionsTest(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && c.testName(call) != "" {
			found = true
		}
		return !found
	})
	return found
}

// testName returns the name of the terminal test a call is, or of the
// function with a terminal fact it calls; "" for any other call. A test
// counts only of a standard stream's descriptor.
func (c *computer) testName(call *ast.CallExpr) string {
	fn, ok := typeutil.Callee(c.info, call).(*types.Func)
	if !ok {
		return ""
	}
	if terminalTests.Has(fn) {
		return analyzerutil.CallName(fn)
	}
	if f := c.facts.Of(fn); f != nil {
		return analyzerutil.CallName(fn) + " → " + f.Test
	}
	return ""
}

// funcState is what one function's body says: its local bool variables
// true only at a terminal, and its spans.
type funcState struct {
	c     *computer
	body  *ast.BlockStmt
	vars  map[*types.Var]string
	spans []span
	// jumps: the body has a goto, which may enter a block past the if
	// that would leave it.
	jumps bool
}

// analyze computes a function body's variables and spans to a fixed point:
// a variable assigned only in a span (or only values that require a
// terminal) requires one itself, and an if that tests it makes a span.
func (c *computer) analyze(body *ast.BlockStmt) *funcState {
	fs := &funcState{c: c, body: body, vars: map[*types.Var]string{}, jumps: hasGoto(body)}
	candidates := fs.boolVars()
	for {
		fs.spans = fs.findSpans()
		added := false
		for _, v := range candidates {
			if _, ok := fs.vars[v]; ok {
				continue
			}
			if test, ok := fs.varRequires(v); ok {
				fs.vars[v] = test
				added = true
			}
		}
		if !added {
			return fs
		}
	}
}

// hasGoto reports whether body holds a goto statement.
func hasGoto(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if b, ok := n.(*ast.BranchStmt); ok && b.Tok == token.GOTO {
			found = true
		}
		return !found
	})
	return found
}

// boolVars returns the bool variables the body declares whose address is
// never taken and that no range statement assigns.
func (fs *funcState) boolVars() []*types.Var {
	var out []*types.Var
	excluded := map[*types.Var]bool{}
	ast.Inspect(fs.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			if v, ok := fs.c.info.Defs[n].(*types.Var); ok && isBool(v.Type()) {
				out = append(out, v)
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				if v := analyzerutil.IdentVar(fs.c.info, n.X); v != nil {
					excluded[v] = true
				}
			}
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{n.Key, n.Value} {
				if v := analyzerutil.IdentVar(fs.c.info, e); v != nil {
					excluded[v] = true
				}
			}
		}
		return true
	})
	return slices.DeleteFunc(out, func(v *types.Var) bool { return excluded[v] })
}

// varRequires reports whether the local variable v is true only at a
// terminal: every value the body assigns it is false, requires a
// terminal, or is assigned in a span.
func (fs *funcState) varRequires(v *types.Var) (string, bool) {
	values, complete := analyzerutil.AssignedValues(fs.c.info, v, fs.body)
	if !complete {
		return "", false
	}
	test := ""
	for _, val := range values {
		if isFalse(fs.c.info, val) {
			continue
		}
		t, ok := fs.requires(val)
		if !ok {
			t, ok = fs.inSpan(val.Pos())
		}
		if !ok {
			return "", false
		}
		test = t
	}
	return test, test != ""
}

// inSpan returns the test of the span pos lies in.
func (fs *funcState) inSpan(pos token.Pos) (string, bool) {
	return (&Terminal{spans: fs.spans}).Test(pos)
}

// resultRequires reports whether the function's one bool result is true
// only at a terminal: each return gives false, a value that requires a
// terminal, or returns from a span. A named result (which a deferred
// function may set) or a bare return is not followed.
func (fs *funcState) resultRequires(fd *ast.FuncDecl, fn *types.Func) (string, bool) {
	res := fn.Signature().Results()
	if res.Len() != 1 || !isBool(res.At(0).Type()) || res.At(0).Name() != "" {
		return "", false
	}
	test := ""
	ok := true
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) != 1 {
				ok = false
				return false
			}
			if isFalse(fs.c.info, n.Results[0]) {
				return false
			}
			t, req := fs.requires(n.Results[0])
			if !req {
				t, req = fs.inSpan(n.Pos())
			}
			if !req {
				ok = false
			}
			test = t
			return false
		}
		return ok
	})
	return test, ok && test != ""
}

// requires returns the terminal test that e is true only under.
func (fs *funcState) requires(e ast.Expr) (string, bool) { return fs.only(e, true) }

// requiresNot returns the terminal test that e is false only under.
func (fs *funcState) requiresNot(e ast.Expr) (string, bool) { return fs.only(e, false) }

// only returns the test under which e is only ever want. For want true,
// a && b is true only under a test one side requires, a || b only under a
// test both sides require (the left one's is named), and a local bool
// only under the test it was set from; for want false the operators swap
// roles, and !x is false only under what x requires. The rest is the
// computer's leaf (leafNot for false).
func (fs *funcState) only(e ast.Expr, want bool) (string, bool) {
	either, both := token.LAND, token.LOR
	if !want {
		either, both = both, either
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		if x.Op == token.NOT && !want {
			return fs.only(x.X, true)
		}
	case *ast.BinaryExpr:
		switch x.Op {
		case either:
			if t, ok := fs.only(x.X, want); ok {
				return t, true
			}
			return fs.only(x.Y, want)
		case both:
			t, ok := fs.only(x.X, want)
			if !ok {
				return "", false
			}
			_, ok = fs.only(x.Y, want)
			return t, ok
		}
	case *ast.Ident:
		if v, ok := fs.c.info.Uses[x].(*types.Var); ok && want {
			if t, ok := fs.vars[v]; ok {
				return t, true
			}
		}
	}
	if want {
		return fs.c.leaf(fs, e)
	}
	return fs.c.leafNot(fs, e)
}

// ofStdStream reports whether a call that is a terminal test (or a
// function with a terminal fact) tests a standard stream: a function with
// a fact does; a test does when its argument is the descriptor of
// os.Stdin, os.Stdout or os.Stderr.
func (fs *funcState) ofStdStream(call *ast.CallExpr) bool {
	fn, _ := typeutil.Callee(fs.c.info, call).(*types.Func)
	if fn == nil || !terminalTests.Has(fn) {
		return true
	}
	return len(call.Args) == 1 && fs.stdFd(call.Args[0], 0)
}

// maxFollowDepth is how many local variables deep a descriptor or a file
// is followed back to a standard stream (fd := int(os.Stdout.Fd())).
const maxFollowDepth = 3

// stdFd reports whether e is the file descriptor of a standard stream:
// f.Fd() of one (converted or not), the constants 0, 1 and 2, syscall's
// and x/sys/unix's Stdin, Stdout and Stderr, or a local variable every
// value of which is one of these.
func (fs *funcState) stdFd(e ast.Expr, depth int) bool {
	if depth > maxFollowDepth {
		return false
	}
	info := fs.c.info
	e = ast.Unparen(e)
	if tv, ok := info.Types[e]; ok && tv.Value != nil {
		if tv.Value.Kind() != constant.Int {
			return false
		}
		n, exact := constant.Int64Val(tv.Value)
		return exact && n >= 0 && n <= 2
	}
	switch x := e.(type) {
	case *ast.CallExpr:
		if tv, ok := info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
			return fs.stdFd(x.Args[0], depth) // int(…), uintptr(…)
		}
		fn, _ := typeutil.Callee(info, x).(*types.Func)
		sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
		return ok && fn != nil && fn.FullName() == "(*os.File).Fd" && fs.stdFile(sel.X, depth)
	case *ast.SelectorExpr:
		return stdFdVar(info.Uses[x.Sel])
	case *ast.Ident:
		if stdFdVar(info.Uses[x]) {
			return true
		}
		return fs.allLocal(x, depth, fs.stdFd)
	}
	return false
}

// stdFile reports whether e is os.Stdin, os.Stdout or os.Stderr, or a
// local variable every value of which is.
func (fs *funcState) stdFile(e ast.Expr, depth int) bool {
	if depth > maxFollowDepth {
		return false
	}
	var id *ast.Ident
	switch x := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		id = x.Sel
	case *ast.Ident:
		id = x
	default:
		return false
	}
	if analyzerutil.StdStream(fs.c.info.Uses[id]) != "" {
		return true
	}
	return fs.allLocal(id, depth, fs.stdFile)
}

// allLocal reports whether every value the body assigns the local
// variable id names satisfies is.
func (fs *funcState) allLocal(id *ast.Ident, depth int, is func(ast.Expr, int) bool) bool {
	values, ok := analyzerutil.LocalValues(fs.c.info, id, fs.body)
	if !ok {
		return false
	}
	for _, v := range values {
		if !is(v, depth+1) {
			return false
		}
	}
	return true
}

// stdFdVar reports whether obj is syscall's or x/sys/unix's Stdin, Stdout
// or Stderr.
func stdFdVar(obj types.Object) bool {
	if obj == nil || obj.Pkg() == nil {
		return false
	}
	switch obj.Pkg().Path() {
	case "syscall", "golang.org/x/sys/unix":
	default:
		return false
	}
	switch obj.Name() {
	case "Stdin", "Stdout", "Stderr":
		return obj.Parent() == obj.Pkg().Scope()
	}
	return false
}

// isBool reports whether t's underlying type is bool.
func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

// isFalse reports whether e is the constant false.
func isFalse(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.Bool && !constant.BoolVal(tv.Value)
}
