package exits

import (
	"cmp"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"iter"
	"maps"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/internal/summary"
	"github.com/exitlint/exitlint/passes/suppress"
)

// CodeParams are the parameters of a function that carry exit codes.
type CodeParams struct {
	// Exits are the parameters whose value the function ends the process
	// with: die(c) that calls os.Exit(c).
	Exits []int
	// Returns are the parameters the function's exit-code result may be:
	// a printer that returns the code it was given, so that
	// os.Exit(report(err, 5)) exits with 5.
	Returns []int
	// Sets are the parameters the function stores as the process's exit
	// status, a variable that a later exit passes on:
	// SetExitStatus(n) { exitStatus = n }, then os.Exit(exitStatus).
	Sets []int
	// Fields are the parameters the function stores into fields that may
	// hold exit codes (codeLike): a constructor NewExitError(code, msg)
	// that builds &ExitError{Code: code}.
	Fields []FieldParam
}

// codeFact marks a function whose parameters carry exit codes.
type codeFact struct{ CodeParams }

func (*codeFact) AFact() {}

func (f *codeFact) String() string {
	var parts []string
	if len(f.Exits) > 0 {
		parts = append(parts, "exits"+ints(f.Exits))
	}
	if len(f.Returns) > 0 {
		parts = append(parts, "returns"+ints(f.Returns))
	}
	if len(f.Sets) > 0 {
		parts = append(parts, "sets"+ints(f.Sets))
	}
	for _, fp := range f.Fields {
		parts = append(parts, "field("+strconv.Itoa(fp.Param)+"→"+fieldDisplay(fp.Field)+")")
	}
	return "code(" + strings.Join(parts, " ") + ")"
}

func ints(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return "(" + strings.Join(s, ",") + ")"
}

// A CodeSite is a constant of the package being analyzed that becomes the
// process's exit code: the argument of an exit call, or a constant that
// reaches one through a local variable, a function's result (os.Exit(run())
// makes every constant run returns an exit code), or a parameter
// (die(3) when die calls os.Exit with its parameter).
type CodeSite struct {
	Expr ast.Expr // the constant expression
	// Via says how the constant reaches the exit, for messages: "os.Exit",
	// "run's result → os.Exit", "die exits with it".
	Via string
	// Direct marks the argument of the exit call itself (through
	// parentheses and conversions), which the exit call's own check sees.
	Direct bool
	// Return is the return statement that yields the constant as a
	// function's result, nil otherwise.
	Return *ast.ReturnStmt
}

// codeResult returns the index of fn's only integer result, or -1.
func codeResult(sig *types.Signature) int {
	idx := -1
	res := sig.Results()
	for i := range res.Len() {
		if analyzerutil.IsInteger(res.At(i).Type()) {
			if idx >= 0 {
				return -1
			}
			idx = i
		}
	}
	return idx
}

// flow follows exit codes through a package: which constants become exit
// codes, and which parameters of its functions carry them.
type flow struct {
	pass  *analysis.Pass
	e     *Exits
	funcs []summary.Func
	decl  map[*types.Func]summary.Func
	facts *summary.Table[codeFact, *codeFact]
	// status are the package's exit-status variables: package-level
	// integers an exit call of the package passes on, with how
	// ("exitStatus → os.Exit").
	status map[*types.Var]string
	// results are the result facts of the package's functions and of the
	// other packages' functions it calls (forward.go).
	results *summary.Table[resultFact, *resultFact]
	// fwd memoizes forward: the sources of a function's integer result.
	fwd map[*types.Func]forwardResult
	sup *suppress.Suppressions
	// siteExprs are the package's own code sites' constants.
	siteExprs map[ast.Expr]bool
	// foreign are the constants of other packages that become this
	// package's exit codes, found by sites.
	foreign []ForeignSite
	// numberUse marks the functions whose result the package uses as a
	// number of another kind (otherUse), once asked.
	numberUse map[*types.Func]bool
	// calls indexes the package's calls of its functions (callsIndex).
	calls map[*types.Func][]callAt
	// byKey, closure and allStores serve fields of other packages
	// (fields.go); owners are the struct types the fields stores names
	// belong to.
	byKey         map[string]*types.Var
	closure       map[string]*types.Package
	allStores     map[string][]Source
	owners        map[*types.Var]types.Type
	knownCodeLike map[*types.Var]bool
	// carriers are the stand-in fields of integer error types, and
	// carried their types (interrors.go).
	carriers map[*types.TypeName]*types.Var
	carried  map[*types.Var]*types.TypeName
	// impls are the implementations of interface methods, once asked.
	impls map[implKey]impls
	// storeIndex holds, for each variable or field, the values the
	// package's functions outside tests store into it, found in one walk
	// when first asked (storesInto).
	storeIndex map[*types.Var][]storeAt
	keys       map[*types.Var]string // fieldKey's, once asked
	// inits are the package-level initializers, as functions of no
	// parameters (initFuncs).
	inits []summary.Func
	// argCalls and codeReturns hold, for each body, what exitArgs and
	// returns read of it that no fact changes, found in one walk: the
	// facts' rounds (solveFacts) and the sites ask of each body again.
	argCalls    map[*ast.BlockStmt][]argCall
	codeReturns map[returnsKey][]codeReturn
	// errorReturns holds, for each function asked, its returns beside an
	// error that is never nil (errorReturn).
	errorReturns map[*ast.FuncDecl]map[*ast.ReturnStmt]bool
}

// storeAt is a value a function stores into a variable or field.
type storeAt struct {
	fn  summary.Func
	val ast.Expr
}

// storesInto returns the values the package's functions outside tests
// and its package-level initializers store into v. The index is built once: asking every function for each
// field an exit reads was quadratic in the package's size (a 5-package
// program took over 20 minutes).
func (fl *flow) storesInto(v *types.Var) []storeAt {
	if fl.storeIndex == nil {
		fl.storeIndex = map[*types.Var][]storeAt{}
		for g := range fl.bodies() {
			fl.stores(g, func(*types.Var) bool { return true }, func(val ast.Expr, w *types.Var) {
				fl.storeIndex[w] = append(fl.storeIndex[w], storeAt{g, val})
			})
		}
	}
	return fl.storeIndex[v]
}

func newFlow(pass *analysis.Pass, e *Exits, funcs []summary.Func) *flow {
	fl := &flow{pass: pass, e: e, funcs: funcs, decl: map[*types.Func]summary.Func{}, facts: summary.NewTable[codeFact](pass), status: map[*types.Var]string{}, results: summary.NewTable[resultFact](pass),
		byKey: map[string]*types.Var{}, owners: map[*types.Var]types.Type{}, knownCodeLike: map[*types.Var]bool{}, carriers: map[*types.TypeName]*types.Var{}, carried: map[*types.Var]*types.TypeName{}, impls: map[implKey]impls{}, keys: map[*types.Var]string{}}
	for _, fn := range funcs {
		fl.decl[fn.Obj] = fn
	}
	fl.inits = initFuncs(pass)
	fl.findStatus()
	return fl
}

// findStatus finds the package's exit-status variables: those an exit
// call's code comes from (os.Exit(exitStatus), directly or through a
// local), outside tests.
func (fl *flow) findStatus() {
	for fn := range fl.bodies() {
		for _, c := range fl.argCallsOf(fn.Decl.Body) {
			if !c.exit {
				continue
			}
			fl.origins(fn, c.arg, func(o origin) {
				if o.status != nil && fl.status[o.status] == "" {
					fl.status[o.status] = fl.statusVia(o.status, c.via)
				}
			})
		}
	}
}

// codeTypes returns the types whose values become exit codes though no
// constant of theirs is seen to: the type of an exit-status variable, and
// the type of a parameter a function of the package exits with or stores
// as the exit status (SetExitStatus(n StatusCode), called from other
// packages). The package's own named types are keyed by
// their name; a basic type (int) by nil.
func (fl *flow) codeTypes() map[*types.TypeName]string {
	out := map[*types.TypeName]string{}
	add := func(t types.Type, why string) {
		tn := localNamed(fl.pass, t)
		if tn == nil && !analyzerutil.IsInteger(t) {
			return
		}
		if out[tn] == "" {
			out[tn] = why
		}
	}
	// In source order: the first variable of a type gives the type's
	// evidence, the same on every run (map order is not).
	for _, v := range slices.SortedFunc(maps.Keys(fl.status), func(a, b *types.Var) int { return cmp.Compare(a.Pos(), b.Pos()) }) {
		add(v.Type(), "its type "+typeName(v.Type())+" is that of "+fl.status[v])
	}
	for _, fn := range fl.funcs {
		f := fl.facts.Local(fn.Obj)
		if f == nil || fl.inTest(fn.Decl) {
			continue
		}
		params := fn.Obj.Signature().Params()
		// Returned parameters are left out: a function that returns what it
		// is given (a parser's state) says nothing of exit codes unless its
		// result reaches an exit, and then its constants are code sites.
		for _, list := range [][]int{f.Exits, f.Sets} {
			for _, j := range list {
				if j < params.Len() {
					add(params.At(j).Type(), "its type "+typeName(params.At(j).Type())+" is the exit code "+fl.name(fn.Obj)+" is given")
				}
			}
		}
	}
	return out
}

func typeName(t types.Type) string {
	if n, ok := t.(*types.Named); ok {
		return n.Obj().Name()
	}
	return t.String()
}

// statusStores yields the values fn's body (its function literals
// included) assigns to an exit-status variable or field, with how it
// reaches the exit.
func (fl *flow) statusStores(fn summary.Func, yield func(val ast.Expr, via string)) {
	if len(fl.status) == 0 {
		return
	}
	fl.stores(fn, func(v *types.Var) bool { return fl.status[v] != "" }, func(val ast.Expr, v *types.Var) {
		yield(val, fl.status[v])
	})
}

// stores yields the values fn's body assigns to the variables or fields
// want picks: `v = …`, `x.f = …`, and the field's element in a composite
// literal (`&codeError{code: 6}`).
func (fl *flow) stores(fn summary.Func, want func(*types.Var) bool, yield func(val ast.Expr, v *types.Var)) {
	info := fl.pass.TypesInfo
	target := func(lhs ast.Expr) *types.Var {
		switch x := ast.Unparen(lhs).(type) {
		case *ast.Ident:
			v, _ := info.Uses[x].(*types.Var)
			return v
		case *ast.SelectorExpr:
			v := fl.codeField(x)
			if v != nil {
				fl.owners[v] = fieldOwner(info, x.X)
			}
			return v
		}
		return nil
	}
	ast.Inspect(fn.Decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if to, operand, ok := analyzerutil.Conversion(info, n); ok {
				// A conversion to an integer error type stores its
				// operand into the type's carrier.
				if tn := intErrorType(to); tn != nil {
					if v := fl.carrier(tn); want(v) {
						yield(operand, v)
					}
				}
				return true
			}
			fl.constructorStores(n, func(arg ast.Expr, v *types.Var) {
				if want(v) {
					yield(arg, v)
				}
			})
		case *ast.AssignStmt:
			if n.Tok != token.ASSIGN || len(n.Lhs) != len(n.Rhs) {
				return true
			}
			for i, lhs := range n.Lhs {
				if v := target(lhs); v != nil && want(v) {
					yield(n.Rhs[i], v)
				}
			}
		case *ast.CompositeLit:
			st, ok := info.TypeOf(n).Underlying().(*types.Struct)
			if !ok {
				return true
			}
			for i := range st.NumFields() {
				fl.owners[st.Field(i)] = info.TypeOf(n)
			}
			for i, elt := range n.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok {
						if v, ok := info.Uses[id].(*types.Var); ok && v.IsField() && want(v) {
							yield(kv.Value, v)
						}
					}
				} else if i < st.NumFields() && want(st.Field(i)) {
					yield(elt, st.Field(i))
				}
			}
		}
		return true
	})
}

// codeField returns the field a selector names when it is an integer
// field of a struct type, which may hold an exit code: of the package, or
// of another package outside the standard library (an error type of a
// cli package whose field main exits with).
func (fl *flow) codeField(sel *ast.SelectorExpr) *types.Var {
	s, ok := fl.pass.TypesInfo.Selections[sel]
	if !ok || s.Kind() != types.FieldVal {
		return nil
	}
	v, ok := s.Obj().(*types.Var)
	if !ok || v.Pkg() == nil || !analyzerutil.IsInteger(v.Type()) {
		return nil
	}
	if v.Pkg() != fl.pass.Pkg && analyzerutil.StdPackage(v.Pkg().Path()) {
		return nil
	}
	return v
}

// origin is where an expression's value comes from: a constant, a
// parameter of the function it is in, or the result of a function of the
// package.
type origin struct {
	konst  ast.Expr
	param  int // -1 unless a parameter
	result *types.Func
	call   *ast.CallExpr // the call whose result it is
	// status is a package-level integer variable of the package whose
	// value is the exit code (os.Exit(exitStatus)).
	status *types.Var
	// foreign is the result fact of callee, a function of another package
	// whose result it is (at call).
	foreign *resultFact
	callee  *types.Func
	// okOnly says the caller reads the result only where the call's error
	// is nil (errorGated): the returns beside a non-nil error are not
	// followed.
	okOnly bool
}

// origins yields where e's value, in function fn, may come from. It looks
// through parentheses, conversions and local variables (every value
// assigned to one), and through calls of functions whose result is one of
// their parameters.
func (fl *flow) origins(fn summary.Func, e ast.Expr, yield func(origin)) {
	seen := map[*types.Var]bool{}
	gated := map[*ast.CallExpr]bool{} // calls whose code is read only where their error is nil
	var visit func(e ast.Expr)
	visit = func(e ast.Expr) {
		info := fl.pass.TypesInfo
		e = ast.Unparen(e)
		if tv, ok := info.Types[e]; ok && tv.Value != nil {
			if tv.Value.Kind() == constant.Int {
				yield(origin{konst: e, param: -1})
			}
			return
		}
		if tn := intErrorType(info.TypeOf(e)); tn != nil {
			if _, _, conv := analyzerutil.Conversion(info, e); !conv {
				// A value of an integer error type: every conversion
				// to the type is where it may come from (interrors.go).
				yield(origin{param: -1, status: fl.carrier(tn)})
				return
			}
		}
		switch x := e.(type) {
		case *ast.Ident:
			// ObjectOf, not Uses: a bare return yields the named result's
			// declaring identifier (returns).
			v, ok := info.ObjectOf(x).(*types.Var)
			if ok && v.Pkg() == fl.pass.Pkg && v.Parent() == fl.pass.Pkg.Scope() && analyzerutil.IsInteger(v.Type()) {
				yield(origin{param: -1, status: v})
				return
			}
			if !ok || seen[v] || v.Parent() == nil || v.Parent() == fl.pass.Pkg.Scope() || v.Pkg() != fl.pass.Pkg {
				return
			}
			seen[v] = true
			params := fn.Obj.Signature().Params()
			for i := range params.Len() {
				if params.At(i) == v {
					yield(origin{param: i})
				}
			}
			gate := func(e ast.Expr) {
				if call, ok := ast.Unparen(e).(*ast.CallExpr); ok && errorGated(info, v, call, fn.Decl.Body) {
					gated[call] = true
				}
			}
			values, _ := analyzerutil.AssignedValues(info, v, fn.Decl.Body)
			for _, val := range values {
				gate(val)
				visit(val)
			}
			if !sentinelTested(info, v, fn.Decl.Body) {
				for call := range codeResultCalls(info, v, fn.Decl.Body) {
					gate(call)
					visit(call)
				}
			}
		case *ast.SelectorExpr:
			// A field of a struct type of the package: what the package
			// stores in it is the code (a reporter's exitCode, an error's
			// code).
			if v := fl.codeField(x); v != nil {
				fl.owners[v] = fieldOwner(info, x.X)
				yield(origin{param: -1, status: v})
			}
		case *ast.CallExpr:
			if tv, ok := info.Types[x.Fun]; ok && tv.IsType() {
				if len(x.Args) == 1 {
					visit(x.Args[0])
				}
				return
			}
			callee, ok := typeutil.Callee(info, x).(*types.Func)
			if !ok {
				return
			}
			if f := fl.facts.Of(callee); f != nil {
				for _, j := range f.Returns {
					if j < len(x.Args) && !variadicAt(callee, j) {
						visit(x.Args[j])
					}
				}
			}
			if _, local := fl.decl[callee.Origin()]; local && codeResult(callee.Signature()) >= 0 {
				yield(origin{param: -1, result: callee.Origin(), call: x, okOnly: gated[x]})
			}
			if callee.Pkg() != fl.pass.Pkg {
				if f := fl.results.Of(callee); f != nil {
					yield(origin{param: -1, foreign: f, callee: callee, call: x, okOnly: gated[x]})
					return
				}
			}
			if abstract(callee) && codeResult(callee.Signature()) >= 0 {
				// An interface method no fact describes (an interface of
				// this package, or err.(interface{ ExitCode() int })): its
				// result is what the methods that implement it return.
				sel, _ := ast.Unparen(x.Fun).(*ast.SelectorExpr)
				impls := fl.implementations(callee, sel != nil && fl.holdsError(fn, sel.X))
				for _, m := range impls.local {
					yield(origin{param: -1, result: m, call: x})
				}
				if impls.foreign != nil {
					yield(origin{param: -1, foreign: impls.foreign, callee: callee, call: x})
				}
			}
		}
	}
	visit(e)
}

// variadicAt reports whether parameter j of fn is its variadic one, whose
// argument at j is not the parameter's whole value.
func variadicAt(fn *types.Func, j int) bool {
	sig := fn.Signature()
	return sig.Variadic() && j == sig.Params().Len()-1
}

// returns yields the expressions fn returns as its code result (index
// res), with their return statements: the explicit ones, and for a bare
// return the named result itself. Returns inside function literals are the
// literals'.
func (fl *flow) returns(fn summary.Func, res int, yield func(ast.Expr, *ast.ReturnStmt)) {
	key := returnsKey{fn.Decl.Body, res}
	list, ok := fl.codeReturns[key]
	if !ok {
		walkReturns(fn, res, func(e ast.Expr, ret *ast.ReturnStmt) {
			list = append(list, codeReturn{e, ret})
		})
		if fl.codeReturns == nil {
			fl.codeReturns = map[returnsKey][]codeReturn{}
		}
		fl.codeReturns[key] = list
	}
	for _, r := range list {
		yield(r.e, r.ret)
	}
}

type returnsKey struct {
	body *ast.BlockStmt
	res  int
}

// codeReturn is an expression a function returns as its code result, and
// its return statement.
type codeReturn struct {
	e   ast.Expr
	ret *ast.ReturnStmt
}

// walkReturns is returns, walking the body.
func walkReturns(fn summary.Func, res int, yield func(ast.Expr, *ast.ReturnStmt)) {
	ast.Inspect(fn.Decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			switch {
			case len(n.Results) == fn.Obj.Signature().Results().Len():
				yield(n.Results[res], n)
			case len(n.Results) == 0 && fn.Decl.Type.Results != nil:
				if id := resultIdent(fn.Decl.Type.Results, res); id != nil {
					yield(id, n)
				}
			}
		}
		return true
	})
}

// codeResultCalls yields the calls of several results whose code result
// body assigns to the local v beside the others: `out, code = process(f)`
// or `d, c := process(f)`, where process returns (diagnostics, int). The
// first of the variables is AssignedValues' (it yields the call for it).
func codeResultCalls(info *types.Info, v *types.Var, body *ast.BlockStmt) iter.Seq[*ast.CallExpr] {
	return func(yield func(*ast.CallExpr) bool) {
		done := false
		is := func(e ast.Expr) bool {
			id, ok := ast.Unparen(e).(*ast.Ident)
			return ok && (info.Defs[id] == v || info.Uses[id] == v)
		}
		check := func(lhs []ast.Expr, rhs ast.Expr) bool {
			call, ok := ast.Unparen(rhs).(*ast.CallExpr)
			if !ok {
				return true
			}
			t := info.TypeOf(call.Fun)
			if t == nil {
				return true
			}
			sig, ok := t.Underlying().(*types.Signature)
			if !ok {
				return true
			}
			if i := codeResult(sig); i > 0 && i < len(lhs) && is(lhs[i]) {
				done = !yield(call)
			}
			return !done
		}
		ast.Inspect(body, func(n ast.Node) bool {
			if done {
				return false
			}
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Rhs) == 1 && len(n.Lhs) > 1 {
					return check(n.Lhs, n.Rhs[0])
				}
			case *ast.ValueSpec:
				if len(n.Values) == 1 && len(n.Names) > 1 {
					lhs := make([]ast.Expr, len(n.Names))
					for i, id := range n.Names {
						lhs[i] = id
					}
					return check(lhs, n.Values[0])
				}
			}
			return true
		})
	}
}

// sentinelTested reports whether body tests the local v for being a code
// at all: compares it with a negative constant, or bounds it at zero (v >=
// 0, v < 0, v > -1). Such a result carries a sentinel beside the code (svc,
// code := initOrFail(); if code >= 0 { return code }, with -1 for "go on"),
// and which of the call's constants reach the exit is the test's to say:
// its results are not followed through v.
func sentinelTested(info *types.Info, v *types.Var, body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		b, ok := n.(*ast.BinaryExpr)
		if found || !ok {
			return !found
		}
		x, y, op := b.X, b.Y, b.Op
		if id, ok := ast.Unparen(y).(*ast.Ident); ok && info.Uses[id] == v {
			x, y = y, x
			switch op {
			case token.LSS:
				op = token.GTR
			case token.GTR:
				op = token.LSS
			case token.LEQ:
				op = token.GEQ
			case token.GEQ:
				op = token.LEQ
			}
		}
		id, ok := ast.Unparen(x).(*ast.Ident)
		if !ok || info.Uses[id] != v {
			return true
		}
		tv, ok := info.Types[y]
		if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
			return true
		}
		c, exact := constant.Int64Val(tv.Value)
		if !exact {
			return true
		}
		switch {
		case c < 0:
			found = true
		case c == 0 && (op == token.GEQ || op == token.LSS):
			found = true
		}
		return !found
	})
	return found
}

// resultIdent returns the name of result res in a result list, nil if
// results are unnamed.
func resultIdent(fl *ast.FieldList, res int) *ast.Ident {
	i := 0
	for _, f := range fl.List {
		if len(f.Names) == 0 {
			return nil
		}
		for _, name := range f.Names {
			if i == res {
				return name
			}
			i++
		}
	}
	return nil
}

// exitArgs yields, for fn's body (its function literals included, which
// close over its variables), the arguments that become an exit code: the
// code of an exit call, the arguments at a callee's exit parameters, and
// (with sets) those at a callee's exit-status parameters.
func (fl *flow) exitArgs(fn summary.Func, yield func(arg ast.Expr, via string, sets bool)) {
	for _, c := range fl.argCallsOf(fn.Decl.Body) {
		if c.callee == nil {
			yield(c.arg, c.via, false)
			continue
		}
		// The callee's code fact, which grows during solveFacts.
		if f := fl.facts.Of(c.callee); f != nil {
			for _, j := range f.Exits {
				if j < len(c.call.Args) && !variadicAt(c.callee, j) {
					yield(c.call.Args[j], fl.name(c.callee)+paramExit, false)
				}
			}
			for _, j := range f.Sets {
				if j < len(c.call.Args) && !variadicAt(c.callee, j) {
					yield(c.call.Args[j], fl.name(c.callee)+paramSets, true)
				}
			}
		}
	}
}

// argCall is a call of a body as exitArgs reads it: an exit call (exit)
// or a framework's exit-code constructor, with its code argument and the
// callee's name (via); or a call of another function (callee), whose code
// fact says which arguments.
type argCall struct {
	call   *ast.CallExpr
	arg    ast.Expr
	via    string
	exit   bool
	callee *types.Func
}

// argCallsOf returns the calls of body (its function literals included)
// that exitArgs reads, in source order, found once.
func (fl *flow) argCallsOf(body *ast.BlockStmt) []argCall {
	if list, ok := fl.argCalls[body]; ok {
		return list
	}
	info := fl.pass.TypesInfo
	var list []argCall
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if ex, ok := fl.e.Call(call); ok && ex.Kind == KindExit {
			list = append(list, argCall{call: call, arg: ex.Arg, via: analyzerutil.CallName(ex.Callee), exit: true})
			return true
		}
		callee, ok := typeutil.Callee(info, call).(*types.Func)
		if !ok {
			return true
		}
		if j, ok := ExitCoderArg(callee); ok && j < len(call.Args) {
			list = append(list, argCall{call: call, arg: call.Args[j], via: analyzerutil.CallName(callee) + frameworkExit})
			return true
		}
		list = append(list, argCall{call: call, callee: callee})
		return true
	})
	if fl.argCalls == nil {
		fl.argCalls = map[*ast.BlockStmt][]argCall{}
	}
	fl.argCalls[body] = list
	return list
}

// solveFacts computes the package's code facts to a fixed point.
func (fl *flow) solveFacts() {
	summary.Solve(fl.facts, fl.funcs, func(fn summary.Func, cur *codeFact) (*codeFact, bool) {
		next := &codeFact{}
		if cur != nil {
			next = &codeFact{CodeParams{Exits: slices.Clone(cur.Exits), Returns: slices.Clone(cur.Returns), Sets: slices.Clone(cur.Sets), Fields: slices.Clone(cur.Fields)}}
		}
		if !fl.inTest(fn.Decl) && !fl.runtime() {
			fl.stores(fn, fl.isCodeLike, func(val ast.Expr, v *types.Var) {
				key := fl.fieldKey(v)
				fl.origins(fn, val, func(o origin) {
					if o.param >= 0 && key != "" {
						next.Fields = addField(next.Fields, FieldParam{Param: o.param, Field: key})
					}
				})
			})
		}
		fl.exitArgs(fn, func(arg ast.Expr, _ string, sets bool) {
			fl.origins(fn, arg, func(o origin) {
				switch {
				case o.param < 0:
				case sets:
					next.Sets = addCode(next.Sets, o.param)
				default:
					next.Exits = addCode(next.Exits, o.param)
				}
			})
		})
		fl.statusStores(fn, func(val ast.Expr, _ string) {
			fl.origins(fn, val, func(o origin) {
				if o.param >= 0 {
					next.Sets = addCode(next.Sets, o.param)
				}
			})
		})
		if res := codeResult(fn.Obj.Signature()); res >= 0 {
			fl.returns(fn, res, func(e ast.Expr, _ *ast.ReturnStmt) {
				fl.origins(fn, e, func(o origin) {
					if o.param >= 0 {
						next.Returns = addCode(next.Returns, o.param)
					}
				})
			})
		}
		if len(next.Exits) == 0 && len(next.Returns) == 0 && len(next.Sets) == 0 && len(next.Fields) == 0 {
			return cur, false
		}
		changed := cur == nil || len(next.Exits) != len(cur.Exits) || len(next.Returns) != len(cur.Returns) || len(next.Sets) != len(cur.Sets) || len(next.Fields) != len(cur.Fields)
		return next, changed
	})
	fl.facts.Export(fl.pass)
}

// name spells fn for a message about the package: without its package's
// name when it is the package's own.
func (fl *flow) name(fn *types.Func) string {
	if fn.Pkg() == fl.pass.Pkg {
		name, _ := analyzerutil.FuncName(fn)
		return name
	}
	return analyzerutil.CallName(fn)
}

// runtime reports whether the package is exitlint's runtime or the
// standard library, whose codes the contract and the catalogues already
// know: no fields are followed out of them.
func (fl *flow) runtime() bool {
	return analyzerutil.InStd(fl.pass) || fl.pass.Pkg.Path() == analyzerutil.ExitcodePath
}

func (fl *flow) inTest(n ast.Node) bool { return analyzerutil.InTestFile(fl.pass.Fset, n.Pos()) }

// conventional reports whether fn follows the convention that makes its
// result an exit code by name: a method ExitCode() int of an error type,
// or a function that maps an error to an exit code (ExitCode(err) int,
// ExitCodeFor(err) int), and reads no child process's status.
func conventional(info *types.Info, fn summary.Func) bool {
	sig := fn.Obj.Signature()
	if sig.Results().Len() != 1 || codeResult(sig) != 0 {
		return false
	}
	words := analyzerutil.Words(fn.Obj.Name())
	at := slices.Index(words, "exit")
	if at < 0 || at+1 >= len(words) || words[at+1] != "code" {
		return false
	}
	errorType := types.Universe.Lookup("error").Type()
	switch {
	case sig.Recv() != nil:
		if sig.Params().Len() != 0 || fn.Obj.Name() != "ExitCode" || !types.Implements(sig.Recv().Type(), errorType.Underlying().(*types.Interface)) {
			return false
		}
	case sig.Params().Len() != 1 || !analyzerutil.IsError(sig.Params().At(0).Type()):
		return false
	}
	return !readsChildStatus(info, fn.Decl.Body)
}

// readsChildStatus reports whether body refers to a child process's exit
// status (os/exec's ExitError, os.ProcessState, syscall.WaitStatus): a
// function that reports another program's code, not its own.
func readsChildStatus(info *types.Info, body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || found {
			return !found
		}
		obj := info.Uses[id]
		if obj == nil || obj.Pkg() == nil {
			return true
		}
		switch obj.Pkg().Path() + "." + obj.Name() {
		case "os/exec.ExitError", "os.ProcessState", "syscall.WaitStatus":
			found = true
		}
		if fn, ok := obj.(*types.Func); ok {
			if recv := fn.Signature().Recv(); recv != nil {
				t := recv.Type()
				if p, ok := t.(*types.Pointer); ok {
					t = p.Elem()
				}
				if n, ok := t.(*types.Named); ok && n.Obj().Pkg() != nil {
					switch n.Obj().Pkg().Path() + "." + n.Obj().Name() {
					case "os.ProcessState", "syscall.WaitStatus", "os/exec.ExitError":
						found = true
					}
				}
			}
		}
		return true
	})
	return found
}
