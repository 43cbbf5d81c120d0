package exits

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"iter"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/passes/terminal"
)

// Exemptions decides when an exit or a code with GENERAL_ERROR (1) is the
// contract's last resort rather than a catch-all: the last branch of a
// classification, after a failed write to the output stream, or on a path
// that never runs. The fallback check asks it of the exits and codes of
// its own package; the exits pass asks it of the returns a resultFact
// carries to importing packages, so that a 1 is judged the same way in the
// package that writes it and in the one that exits with it.
type Exemptions struct {
	fset  *token.FileSet
	info  *types.Info
	pkg   *types.Package
	files []*ast.File
	ex    *Exits
	ins   *inspector.Inspector // the inspect pass's, shared with the checks
	term  *terminal.Terminal   // the code that runs only at a terminal
	// decls indexes the package's function declarations, with their
	// cursors, once asked: finding one by walking the files for each
	// function the no-fail rule decides was quadratic in the package.
	decls map[*types.Func]inspector.Cursor
	// lastResort memoizes LastResort: a constant is asked about once per
	// path that reaches it, and finding its node is linear in the files.
	lastResort map[[2]ast.Node]bool
	signals    *signalSources // the termination-signal sources, once asked (signal.go)
	nf         *noFail        // the calls that have no failure a code could describe (nofail.go)
	// protocolBlocks are the blocks that serve a protocol over the
	// standard streams, once asked (protocol.go).
	protocolBlocks map[ast.Node]bool
	// noReturnBodies memoizes bodyNeverReturns (noreturn.go).
	noReturnBodies map[*ast.BlockStmt]bool
	// streams indexes the calls of the package's functions, and
	// streamParams memoizes streamParam, once asked (streams.go).
	streams      *streamCalls
	streamParams map[*types.Var]bool
}

// newExemptions returns the exemptions of the pass's package; ex is its
// exits result (the classification reads which calls exit with which
// codes).
func newExemptions(pass *analysis.Pass, ex *Exits) *Exemptions {
	ins, _ := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	term, _ := pass.ResultOf[terminal.Analyzer].(*terminal.Terminal)
	return &Exemptions{fset: pass.Fset, info: pass.TypesInfo, pkg: pass.Pkg, files: pass.Files, ex: ex, ins: ins, term: term}
}

// Exit reports whether the exit call at cur is the contract's last resort:
// the last branch of a classification whose other branches exit with
// specific codes, or moot (Moot).
func (x *Exemptions) Exit(cur inspector.Cursor) bool {
	return x.classification(x.classifies(nil), cur) || x.Moot(cur)
}

// ReturnAt reports the same of a return of a code (a function whose
// result becomes the exit code): codes gives, for a return statement of
// the package, the constants it returns that become exit codes. A return
// of 1 that guards a computed code (if e.Code <= 0 { return 1 };
// return e.Code) is one too.
func (x *Exemptions) ReturnAt(cur inspector.Cursor, codes func(*ast.ReturnStmt) []int) bool {
	specific := func(n ast.Node) bool { return x.specificReturn(codes, n) }
	return x.classification(specific, cur) || x.guardsComputed(cur) || x.Moot(cur)
}

// CodeAt reports the same of a code at cur that becomes an exit code
// however it travels (assigned, stored, passed to a helper): the
// catch-all a classification overwrites (AssignedAt), the last branch of
// a classification (SiteAt, codes as for ReturnAt), or moot (Moot).
func (x *Exemptions) CodeAt(cur inspector.Cursor, codes func(*ast.ReturnStmt) []int) bool {
	return x.AssignedAt(cur) || x.SiteAt(cur, codes) || x.Moot(cur)
}

// Moot reports whether an exit or a code at cur, however it is spelled,
// tells no agent anything a specific code would: it runs only when
// nothing an agent could act on went wrong (unreached: a failed write to
// the output stream, a call with no failure a code describes, a panic),
// or where no agent reads the code (notForAgents: a termination signal, a
// prompt the user aborted, code that runs only at a terminal).
func (x *Exemptions) Moot(cur inspector.Cursor) bool {
	return x.unreached(cur) || x.notForAgents(cur)
}

// Unmet reports whether no agent meets the exit or the code at cur,
// whatever the code is: it runs only when nothing an agent could act on
// went wrong (unreached: a failed write to the output stream, a call with
// no failure a code describes, a panic), only at a terminal, or in a block
// that serves a protocol over the standard streams. Moot's other cases
// are not among them: the code of an exit on a termination signal or an
// aborted prompt is read, by whoever sent the signal, and a value in a
// reserved range misleads it as much there.
func (x *Exemptions) Unmet(cur inspector.Cursor) bool {
	return x.unreached(cur) || x.term.Only(cur.Node().Pos()) || x.servesProtocol(cur)
}

// LastResort reports whether the constant e of the package's files, which
// the return statement ret (nil when none) passes on, is the contract's
// last resort: ret is exempt (ReturnAt, with the constants the function's
// returns spell as its codes), or e is the catch-all assigned to a variable
// that a classification overwrites (AssignedAt).
func (x *Exemptions) LastResort(e ast.Expr, ret *ast.ReturnStmt) bool {
	key := [2]ast.Node{e, ret}
	if ret == nil {
		key[1] = nil // a typed nil is no nil interface
	}
	if v, ok := x.lastResort[key]; ok {
		return v
	}
	v := x.lastResortOf(e, ret)
	if x.lastResort == nil {
		x.lastResort = map[[2]ast.Node]bool{}
	}
	x.lastResort[key] = v
	return v
}

// inspector returns the package's inspector: the inspect pass's, or one
// made once when the pass ran without it.
func (x *Exemptions) inspector() *inspector.Inspector {
	if x.ins == nil {
		x.ins = inspector.New(x.files)
	}
	return x.ins
}

// lastResortOf is LastResort, computed.
func (x *Exemptions) lastResortOf(e ast.Expr, ret *ast.ReturnStmt) bool {
	root := x.inspector().Root()
	if ret != nil {
		if cur, ok := root.FindNode(ret); ok && x.ReturnAt(cur, x.spelledCodes) {
			return true
		}
	}
	cur, ok := root.FindNode(e)
	return ok && x.CodeAt(cur, x.spelledCodes)
}

// spelledCodes returns the integer constants a return statement's results
// spell.
func (x *Exemptions) spelledCodes(ret *ast.ReturnStmt) []int {
	var out []int
	for _, r := range ret.Results {
		if tv, ok := x.info.Types[r]; ok && tv.Value != nil && tv.Value.Kind() == constant.Int {
			if n, exact := constant.Int64Val(tv.Value); exact {
				out = append(out, int(n))
			}
		}
	}
	return out
}

// classification reports whether cur is in the last branch of a
// classification: another branch beside or before it is specific (ends the
// process, or returns, with a specific failure code).
func (x *Exemptions) classification(specific func(ast.Node) bool, cur inspector.Cursor) bool {
	// Find the statement list holding cur's statement.
	for stmt := cur; ; stmt = stmt.Parent() {
		list := stmt.Parent()
		switch list.Node().(type) {
		case *ast.FuncLit, *ast.FuncDecl, *ast.File:
			return false
		}
		stmts, ok := stmtList(list.Node())
		if !ok {
			continue
		}
		return x.specificBefore(specific, stmts, stmt.Node()) || x.specificBranch(specific, list) || x.guardFirst(specific, list)
	}
}

// guardFirst reports whether block is the body of a guard that keeps the
// values a later classification does not know out of it: if !errors.As(err,
// &e) { return 1 }, or if !ok after e, ok := err.(*kindError), followed in
// the same list by a specific classification that tests e. The guard's
// branch is that classification's catch-all written first, as the default
// after it would be; a guard followed by no classification of e (nothing,
// or one of another value) is a plain catch-all.
func (x *Exemptions) guardFirst(specific func(ast.Node) bool, block inspector.Cursor) bool {
	ifc := block.Parent()
	ifs, ok := ifc.Node().(*ast.IfStmt)
	if !ok || ifs.Body != block.Node() {
		return false
	}
	stmts, _ := stmtList(ifc.Parent().Node())
	i := slices.Index(stmts, ast.Stmt(ifs))
	if i < 0 {
		return false
	}
	var prev ast.Stmt
	if i > 0 {
		prev = stmts[i-1]
	}
	target := x.narrowed(ifs, prev)
	if target == nil {
		return false
	}
	for _, s := range stmts[i+1:] {
		switch s.(type) {
		case *ast.IfStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt:
			if specific(s) && x.testsWhatWentWrong(s) && slices.ContainsFunc(tested(s), func(n ast.Node) bool { return slices.Contains(slices.Collect(varsIn(x.info, n)), target) }) {
				return true
			}
		}
	}
	return false
}

// narrowed returns the variable a guard's failing condition leaves
// unset: e of !errors.As(err, &e), or of !ok where ok comes from e, ok :=
// x.(T) in the guard's init or the statement before it (prev).
func (x *Exemptions) narrowed(ifs *ast.IfStmt, prev ast.Stmt) *types.Var {
	not, ok := ast.Unparen(ifs.Cond).(*ast.UnaryExpr)
	if !ok || not.Op != token.NOT {
		return nil
	}
	tt, ok := analyzerutil.TypeTestOf(x.info, not.X, ifs.Init, prev)
	if !ok {
		return nil
	}
	return tt.Var
}

// stmtList returns the statements n holds as a list: a block's, a case
// clause's.
func stmtList(n ast.Node) ([]ast.Stmt, bool) {
	switch n := n.(type) {
	case *ast.BlockStmt:
		return n.List, true
	case *ast.CaseClause:
		return n.Body, true
	}
	return nil, false
}

// testsWhatWentWrong reports whether an if or switch statement tests what
// went wrong: an error, an integer code, a value computed from an error,
// or the dynamic type of a value (err, errors.Is(err, ErrX), a type switch
// on err, switch status, strings.Contains(msg, "auth") after
// msg := err.Error(), obj.(map[string]any)). One that tests a mode or an
// option (if jsonMode) classifies nothing: a 1 after it is a catch-all.
//
// A switch that is a table of codes (codeTable) tests what went wrong
// whatever its value's type: the value is a category of failure.
func (x *Exemptions) testsWhatWentWrong(s ast.Stmt) bool {
	if sw, ok := s.(*ast.SwitchStmt); ok && x.codeTable(sw) {
		return true
	}
	found := false
	for _, n := range tested(s) {
		ast.Inspect(n, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.Ident:
				if v, ok := x.info.Uses[m].(*types.Var); ok && (analyzerutil.IsError(v.Type()) || analyzerutil.IsInteger(v.Type()) || x.fromError(v)) {
					found = true
				}
			case *ast.TypeAssertExpr:
				_, isVar := ast.Unparen(m.X).(*ast.Ident)
				found = isVar
			}
			return !found
		})
	}
	return found
}

// codeTable reports whether sw is a table from a value to exit codes: a
// switch on a value that is no boolean, whose every clause only returns a
// constant code, two of its cases at least a specific one. A function that
// is such a table maps what went wrong to codes, whatever the value's type
// (a category string of the program's errors, switch kind { case
// KindNotFound: return 5; … }); a switch whose clauses do the program's
// work is no table, and a mode it tests classifies nothing.
func (x *Exemptions) codeTable(sw *ast.SwitchStmt) bool {
	if sw.Tag == nil {
		return false
	}
	t := x.info.TypeOf(sw.Tag)
	if t == nil {
		return false
	}
	if b, ok := t.Underlying().(*types.Basic); !ok || b.Info()&types.IsBoolean != 0 {
		return false
	}
	specific := 0
	for _, st := range sw.Body.List {
		cl := st.(*ast.CaseClause)
		if len(cl.Body) != 1 {
			return false
		}
		ret, ok := cl.Body[0].(*ast.ReturnStmt)
		if !ok {
			return false
		}
		codes := x.spelledCodes(ret)
		if len(codes) == 0 {
			return false
		}
		if cl.List != nil && slices.ContainsFunc(codes, SpecificCode) {
			specific++
		}
	}
	return specific >= 2
}

// specificBefore reports whether an if or switch statement of list before
// stmt is specific and tests a value stmt is about: a catch-all that names
// a variable (dep.Must(err)) follows a classification only of that
// variable, not an earlier check of another value (if *version == "").
func (x *Exemptions) specificBefore(specific func(ast.Node) bool, list []ast.Stmt, stmt ast.Node) bool {
	for _, s := range list {
		if s == stmt {
			break
		}
		switch s.(type) {
		case *ast.IfStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt:
			if specific(s) && x.testsWhatWentWrong(s) && (!usesVars(x.info, stmt) || x.sameOutcome(stmt, tested(s))) {
				return true
			}
		}
	}
	return false
}

// tested returns what an if or switch statement tests: its init and
// condition, its tag, its cases' expressions, down an else-if chain.
func tested(s ast.Stmt) []ast.Node {
	var out []ast.Node
	add := func(n ast.Node, present bool) {
		if present {
			out = append(out, n)
		}
	}
	for s != nil {
		switch st := s.(type) {
		case *ast.IfStmt:
			add(st.Init, st.Init != nil)
			add(st.Cond, true)
			s = nil
			if elif, ok := st.Else.(*ast.IfStmt); ok {
				s = elif
			}
		case *ast.SwitchStmt:
			add(st.Init, st.Init != nil)
			add(st.Tag, st.Tag != nil)
			for _, cl := range st.Body.List {
				for _, e := range cl.(*ast.CaseClause).List {
					add(e, true)
				}
			}
			s = nil
		case *ast.TypeSwitchStmt:
			add(st.Init, st.Init != nil)
			add(st.Assign, true)
			s = nil
		default:
			s = nil
		}
	}
	return out
}

// usesVars reports whether n uses a variable. A field is none: the key of
// a composite literal (failure{Exit: 1}) names no value, and a selector's
// value is its base's variable.
func usesVars(info *types.Info, n ast.Node) bool {
	for v := range varsIn(info, n) {
		if !v.IsField() {
			return true
		}
	}
	return false
}

// specificBranch reports whether list is a last branch whose earlier
// branches are specific: the default clause of a switch with a specific
// case, or the final else of an if chain with a specific branch.
func (x *Exemptions) specificBranch(specific func(ast.Node) bool, list inspector.Cursor) bool {
	switch l := list.Node().(type) {
	case *ast.CaseClause:
		// The clause's parent is the switch's body, whose parent is the switch.
		sw, _ := list.Parent().Parent().Node().(ast.Stmt)
		return l.List == nil && specific(list.Parent().Node()) && sw != nil && x.testsWhatWentWrong(sw)
	case *ast.BlockStmt:
		// else if err != nil { … } at the end of a chain tests only that
		// something failed: the final else of the errors the chain knows.
		if list.ParentEdgeKind() == edge.IfStmt_Body {
			if ifs := list.Parent().Node().(*ast.IfStmt); ifs.Else == nil && ifs.Init == nil && errNotNil(x.info, ifs.Cond) != nil {
				list = list.Parent()
				// A lone `if err != nil { … }` right after an if or switch
				// that classified the same error is that classification's
				// last branch, as a bare exit there is (`if es, ok :=
				// errors.AsType[ExitStatus](err); ok { os.Exit(int(es)) };
				// if err != nil { os.Exit(1) }`).
				if x.classifiedJustBefore(specific, list, errNotNil(x.info, ifs.Cond)) {
					return true
				}
			}
		}
		for ; list.ParentEdgeKind() == edge.IfStmt_Else; list = list.Parent() {
			ifs := list.Parent().Node().(*ast.IfStmt)
			if specific(ifs.Body) && x.testsWhatWentWrong(ifs) {
				return true
			}
		}
	}
	return false
}

// specificExit reports whether n holds (outside function literals) a call
// that ends the process directly with a specific failure code: one of the
// table's 2–13, a command-specific code, or a code computed from what went
// wrong. Success and a helper that might exit somewhere below make no
// classification.
func (x *Exemptions) specificExit(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			// A code computed from what went wrong (os.Exit(ce.code)) is a
			// branch of a classification too, as in the return form.
			if e, ok := x.ex.Call(n); ok && e.Kind == KindExit && (SpecificCode(e.Code) || e.Code == Computed && x.computedSpecific(e.Arg)) {
				found = true
			}
		}
		return true
	})
	return found
}

// SpecificCode reports whether c is a failure code that says what went
// wrong: any code but SUCCESS and GENERAL_ERROR (2–13, a command-specific
// code, and a code the contract reserves, which barecode reports on its
// own: a program that gives a conflict 20 classifies all the same).
func SpecificCode(c int) bool {
	return c != Computed && c > generalErrorCode
}

// specificReturn reports whether n holds (outside function literals) a
// return that is a branch of a classification: of a constant that becomes
// a specific failure code, or of a code computed from what went wrong
// (apiErr.ExitCode(), exitErr.Code).
func (x *Exemptions) specificReturn(codes func(*ast.ReturnStmt) []int, n ast.Node) bool {
	return anyOutsideLits(n, func(m ast.Node) bool {
		ret, ok := m.(*ast.ReturnStmt)
		return ok && (slices.ContainsFunc(codes(ret), SpecificCode) || x.returnsComputed(ret))
	})
}

// guardsComputed reports whether the return at ret is the body of an if
// whose next statement returns a computed code that the if tests:
// if e.Code <= 0 { return 1 }; return e.Code passes a code on and keeps 1
// for what has none. An if that tests something else
// (if err != nil { return 1 }; return classify(x)) guards nothing.
func (x *Exemptions) guardsComputed(ret inspector.Cursor) bool {
	if ret.ParentEdgeKind() != edge.BlockStmt_List || ret.Parent().ParentEdgeKind() != edge.IfStmt_Body {
		return false
	}
	ifCur := ret.Parent().Parent()
	ifs := ifCur.Node().(*ast.IfStmt)
	if ifs.Else != nil || len(ifs.Body.List) != 1 || ifCur.ParentEdgeKind() != edge.BlockStmt_List {
		return false
	}
	next, ok := ifCur.NextSibling()
	if !ok {
		return false
	}
	computed, ok := next.Node().(*ast.ReturnStmt)
	return ok && x.returnsComputed(computed) && sharesVar(x.info, computed, ifs.Cond)
}

// sharesVar reports whether b uses a variable that one of as uses (fields
// aside, as for usesVars).
func sharesVar(info *types.Info, b ast.Node, as ...ast.Node) bool {
	vars := map[*types.Var]bool{}
	for _, a := range as {
		for v := range varsIn(info, a) {
			if !v.IsField() {
				vars[v] = true
			}
		}
	}
	for v := range varsIn(info, b) {
		if vars[v] {
			return true
		}
	}
	return false
}

// sameOutcome reports whether b uses a variable that one of tested uses,
// or another result of the call that assigned it: the results of one
// call are one outcome, so a catch-all that names the error
// (return "", 1, err) follows a classification of the status the same
// call returned (body, status, err := client.Delete(); if status == 404).
func (x *Exemptions) sameOutcome(b ast.Node, tested []ast.Node) bool {
	vars := map[*types.Var]bool{}
	for _, a := range tested {
		for v := range varsIn(x.info, a) {
			if v.IsField() {
				continue
			}
			vars[v] = true
			for _, w := range x.siblingResults(v) {
				vars[w] = true
			}
		}
	}
	for v := range varsIn(x.info, b) {
		if vars[v] {
			return true
		}
	}
	return false
}

// siblingResults returns the variables that the statement declaring the
// local variable v assigns beside it from one call's results
// (body, status, err := client.Delete(), err declared before or not).
func (x *Exemptions) siblingResults(v *types.Var) []*types.Var {
	as, ok := x.declaringStmt(v).(*ast.AssignStmt)
	if !ok || len(as.Lhs) < 2 || len(as.Rhs) != 1 {
		return nil
	}
	if _, call := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); !call {
		return nil
	}
	var out []*types.Var
	for _, l := range as.Lhs {
		id, ok := l.(*ast.Ident)
		if !ok {
			continue
		}
		obj := x.info.Defs[id]
		if obj == nil {
			obj = x.info.Uses[id]
		}
		if w, ok := obj.(*types.Var); ok && w != v {
			out = append(out, w)
		}
	}
	return out
}

// declaringStmt returns the node that declares the local variable v (an
// assignment, a value spec, a range statement), nil for a package-level
// variable, a field or a variable the package's files do not declare.
func (x *Exemptions) declaringStmt(v *types.Var) ast.Node {
	if v.Parent() == nil || v.Parent() == x.pkg.Scope() || v.IsField() {
		return nil
	}
	cur, ok := x.inspector().Root().FindByPos(v.Pos(), v.Pos()+1)
	if !ok {
		return nil
	}
	return cur.Parent().Node()
}

// varsIn yields the variables n uses, in order, once per use.
func varsIn(info *types.Info, n ast.Node) iter.Seq[*types.Var] {
	return func(yield func(*types.Var) bool) {
		stop := false
		ast.Inspect(n, func(m ast.Node) bool {
			if id, ok := m.(*ast.Ident); ok && !stop {
				if v, ok := info.Uses[id].(*types.Var); ok && !yield(v) {
					stop = true
				}
			}
			return !stop
		})
	}
}

// returnsComputed reports whether a return statement returns an integer
// that is no constant.
func (x *Exemptions) returnsComputed(ret *ast.ReturnStmt) bool {
	for _, r := range ret.Results {
		tv, ok := x.info.Types[r]
		if !ok || tv.Value != nil {
			continue
		}
		if analyzerutil.IsInteger(tv.Type) {
			return true
		}
	}
	return false
}

// stdioWriteFailed reports whether cur lies in the body of an
// `if err != nil` whose err is the error of a write to os.Stdout or
// os.Stderr (json.NewEncoder(os.Stdout).Encode(v), fmt.Fprintln(os.Stdout,
// …), the Flush of a bufio.Writer over it): with the output stream broken,
// the envelope that would explain any other code is lost too, and
// GENERAL_ERROR is the last resort the contract keeps it for. The same for
// a failed io.ReadAll of os.Stdin: no code 3–13 names a broken input
// stream.
func (x *Exemptions) stdioWriteFailed(cur inspector.Cursor) bool {
	return x.errorOf(cur, func(call *ast.CallExpr, body *ast.BlockStmt) bool {
		return kongPrintsUsage(x.info, call) || writesStream(x.info, call, body, x.isStream)
	})
}

// cannotFail reports whether cur lies in the body of an `if err != nil`
// whose err is the error result of a call that cannot fail: a function of
// the package that returns nil for it on every path, or encoding/json's
// Marshal or MarshalIndent of a value whose type it always encodes
// (encodesAlways), or any other call noSpecificFailure accepts (nofail.go).
// The exit there never happens, or no specific code describes it.
func (x *Exemptions) cannotFail(cur inspector.Cursor) bool {
	return x.errorOf(cur, func(call *ast.CallExpr, body *ast.BlockStmt) bool {
		fn := typeutil.StaticCallee(x.info, call)
		if fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "encoding/json" && fn.Signature().Recv() == nil && (fn.Name() == "Marshal" || fn.Name() == "MarshalIndent") {
			return len(call.Args) > 0 && encodesAlways(x.info.TypeOf(call.Args[0]), map[types.Type]bool{}) || x.noSpecificFailure(call, body)
		}
		return x.noSpecificFailure(call, body) // the package's functions among them (nofail.go)
	})
}

// encodesAlways reports whether encoding/json encodes every value of type
// t without an error. Booleans, integers and strings always encode, and so
// do pointers, arrays, slices and maps with string or integer keys of such
// types, and structs whose encoded fields are. Everything else may fail or
// cannot be known from the type: a float (NaN and ±Inf are refused), a
// type with its own MarshalJSON or MarshalText (time.Time's refuses years
// past 9999), an interface (it may hold a channel), a channel, a function,
// a complex number, and a type that contains itself (a cycle of pointers is
// refused). seen holds the types being checked.
func encodesAlways(t types.Type, seen map[types.Type]bool) bool {
	if t == nil || seen[t] {
		return false
	}
	if hasMarshaler(t) {
		return false
	}
	seen[t] = true
	defer delete(seen, t)
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&(types.IsBoolean|types.IsInteger|types.IsString) != 0 && u.Kind() != types.UnsafePointer
	case *types.Pointer:
		return encodesAlways(u.Elem(), seen)
	case *types.Slice:
		return encodesAlways(u.Elem(), seen)
	case *types.Array:
		return encodesAlways(u.Elem(), seen)
	case *types.Map:
		k, ok := u.Key().Underlying().(*types.Basic)
		return ok && !hasMarshaler(u.Key()) && k.Info()&(types.IsInteger|types.IsString) != 0 && encodesAlways(u.Elem(), seen)
	case *types.Struct:
		for i := range u.NumFields() {
			f := u.Field(i)
			if name, _, _ := strings.Cut(reflect.StructTag(u.Tag(i)).Get("json"), ","); name == "-" && !strings.Contains(u.Tag(i), `json:"-,`) {
				continue // never encoded
			}
			if !f.Exported() && !f.Embedded() {
				continue
			}
			if !encodesAlways(f.Type(), seen) {
				return false
			}
		}
		return true
	}
	return false
}

// hasMarshaler reports whether t or *t has a MarshalJSON or MarshalText
// method, code of its own that encoding/json runs and whose error it
// returns.
func hasMarshaler(t types.Type) bool { return marshaler(t) != nil }

// errorOf reports whether cur lies in the body of an `if err != nil` whose
// err comes from a call for which is returns true (is is given the body of
// the function the if is in).
func (x *Exemptions) errorOf(cur inspector.Cursor, is func(call *ast.CallExpr, body *ast.BlockStmt) bool) bool {
	body, _ := analyzerutil.EnclosingFunc(x.info, cur)
	if body == nil {
		return false
	}
	if call := x.checkedErrorSource(cur); call != nil && is(call, body) {
		return true
	}
	for ifCur := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil), (*ast.IfStmt)(nil)) {
		ifs, ok := ifCur.Node().(*ast.IfStmt)
		if !ok {
			return false // an if outside the function tests none of its errors
		}
		if !ifCur.Child(ifs.Body).Contains(cur) {
			continue
		}
		errVar := errNotNil(x.info, ifs.Cond)
		if errVar == nil {
			continue
		}
		if call := errSource(x.info, ifCur, errVar); call != nil && is(call, body) {
			return true
		}
	}
	return false
}

// checkedErrorSource returns, when cur is a call of a fatal function that
// takes the error itself and exits only when it is not nil (kong's
// FatalIfErrorf, cobra.CheckErr), the call that error comes from: the
// argument itself (ctx.FatalIfErrorf(f())), or the call the statement just
// before assigns to the argument's variable (err := f();
// ctx.FatalIfErrorf(err)). Such an exit is judged by its error's source, as
// `if err != nil { os.Exit(1) }` is.
func (x *Exemptions) checkedErrorSource(cur inspector.Cursor) *ast.CallExpr {
	call, ok := cur.Node().(*ast.CallExpr)
	if !ok || len(call.Args) == 0 {
		return nil
	}
	fn, ok := typeutil.Callee(x.info, call).(*types.Func)
	if !ok || !OnlyOnError(fn) {
		return nil
	}
	switch arg := ast.Unparen(call.Args[0]).(type) {
	case *ast.CallExpr:
		return arg
	case *ast.Ident:
		v, ok := x.info.Uses[arg].(*types.Var)
		if !ok {
			return nil
		}
		stmt := cur.Parent()
		if _, ok := stmt.Node().(*ast.ExprStmt); !ok || !inStatementList(stmt) {
			return nil
		}
		if prev, ok := stmt.PrevSibling(); ok {
			return assignedCall(x.info, prev.Node().(ast.Stmt), v)
		}
	}
	return nil
}

// funcDecl returns the declaration of fn among the package's files.
func (x *Exemptions) funcDecl(fn *types.Func) *ast.FuncDecl {
	if cur, ok := x.declCursor(fn); ok {
		return cur.Node().(*ast.FuncDecl)
	}
	return nil
}

// declCursor returns the cursor of fn's declaration in the package.
func (x *Exemptions) declCursor(fn *types.Func) (inspector.Cursor, bool) {
	if x.decls == nil {
		x.decls = map[*types.Func]inspector.Cursor{}
		if x.ins == nil {
			x.ins = inspector.New(x.files)
		}
		for cur := range x.ins.Root().Preorder((*ast.FuncDecl)(nil)) {
			if f, ok := x.info.Defs[cur.Node().(*ast.FuncDecl).Name].(*types.Func); ok {
				x.decls[f] = cur
			}
		}
	}
	cur, ok := x.decls[fn.Origin()]
	return cur, ok
}

// errNotNil returns the variable an `err != nil` condition tests, or nil.
func errNotNil(info *types.Info, cond ast.Expr) *types.Var {
	if v := notNil(info, cond); v != nil && analyzerutil.IsError(v.Type()) {
		return v
	}
	return nil
}

// errSource returns the call whose error the if at ifCur tests: the call
// its init statement assigns to v, or the one the statement just before it
// in its block does.
func errSource(info *types.Info, ifCur inspector.Cursor, v *types.Var) *ast.CallExpr {
	if init := ifCur.Node().(*ast.IfStmt).Init; init != nil {
		return assignedCall(info, init, v)
	}
	if prev, ok := ifCur.PrevSibling(); ok && inStatementList(ifCur) {
		return assignedCall(info, prev.Node().(ast.Stmt), v)
	}
	return nil
}

// assignedCall returns the call st assigns to v, if st assigns one call's
// results.
func assignedCall(info *types.Info, st ast.Stmt, v *types.Var) *ast.CallExpr {
	as, ok := st.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 {
		return nil
	}
	for _, lhs := range as.Lhs {
		if id, ok := lhs.(*ast.Ident); ok && info.ObjectOf(id) == v {
			call, _ := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
			return call
		}
	}
	return nil
}

// kongPrintsUsage reports whether call is kong's (*Context).PrintUsage,
// which renders the help into the parser's Stdout (os.Stdout unless
// kong.Writers sets another): kong's help printer fails only when that
// write does, and a printer of the program's own (kong.Help) fails only in
// rendering help, where no code 3–13 describes anything.
func kongPrintsUsage(info *types.Info, call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	return ok && fn.Pkg() != nil && fn.Pkg().Path() == kongPath && fn.Name() == "PrintUsage" && fn.Signature().Recv() != nil
}

// inStatementList reports whether the statement at cur is an element of a
// statement list: a block's, or the body of a switch's case or a select's
// clause, where the statement before it runs just before it as in a block.
func inStatementList(cur inspector.Cursor) bool {
	switch cur.ParentEdgeKind() {
	case edge.BlockStmt_List, edge.CaseClause_Body, edge.CommClause_Body:
		return true
	}
	return false
}

// writesStream reports whether a call writes to a writer is accepts
// (os.Stdout or os.Stderr, a writer parameter that stands for one), or
// reads os.Stdin whole (io.ReadAll, io.Copy into memory): fmt.Fprint*,
// io.WriteString or io.Copy given one,
// a write method of one, Encode, Write or Flush of an encoder or buffered
// writer made over one, or io.ReadAll of stdin or a bufio.Reader over it
// (in body, the function the call is in).
func writesStream(info *types.Info, call *ast.CallExpr, body *ast.BlockStmt, is func(types.Object) bool) bool {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Pkg() == nil {
		return false
	}
	if fn.Signature().Recv() == nil {
		switch fn.Pkg().Path() + "." + fn.Name() {
		case "fmt.Fprint", "fmt.Fprintf", "fmt.Fprintln", "io.WriteString":
			return len(call.Args) > 0 && writerOver(info, call.Args[0], body, is)
		case "io.Copy":
			// Copying to a stream, or stdin whole into memory: the only
			// failure is the stream's own.
			return len(call.Args) == 2 && (writerOver(info, call.Args[0], body, is) || memoryWriter(info.TypeOf(call.Args[0])) && stdinReader(info, call.Args[1], body, 0))
		case "io.ReadAll":
			// Reading stdin whole: the only failure is the stream's own.
			return len(call.Args) == 1 && stdinReader(info, call.Args[0], body, 0)
		}
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && writerOver(info, sel.X, body, is)
}

// maxStreamDepth is how many local variables deep a stream is followed
// back to os.Stdin, os.Stdout or os.Stderr.
const maxStreamDepth = 3

// writerOver reports whether e is a writer is accepts (os.Stdout or
// os.Stderr, or a parameter being summarized), an encoder or writer made
// over one (json.NewEncoder, bufio.NewWriter, a tabwriter or csv writer),
// or a local variable of body every value of which is.
func writerOver(info *types.Info, e ast.Expr, body *ast.BlockStmt, is func(types.Object) bool) bool {
	return overStream(info, e, body, 0, is, streamWrappers...)
}

// streamWrappers are the functions, by package path and name, that make a
// writer over the writer they are given first, whose errors are that
// writer's (or an encoding of the program's own value).
var streamWrappers = []string{
	"encoding/json.NewEncoder", "encoding/xml.NewEncoder", "encoding/csv.NewWriter",
	"bufio.NewWriter", "bufio.NewWriterSize", "text/tabwriter.NewWriter", "text/tabwriter.Init",
}

// stdinReader reports whether e is os.Stdin, a bufio.Reader made over it,
// or a local variable of body every value of which is: a reader whose
// bytes, read whole, can fail only with the stream itself. A decoder over
// it is none (input that does not parse is the caller's to fix).
func stdinReader(info *types.Info, e ast.Expr, body *ast.BlockStmt, depth int) bool {
	isStdin := func(obj types.Object) bool { return analyzerutil.StdStream(obj) == "Stdin" }
	return overStream(info, e, body, depth, isStdin, "bufio.NewReader", "bufio.NewReaderSize")
}

// overStream reports whether e is a standard stream that is accepts, a
// value one of the wrappers (functions by package path and name) makes
// over one, or a local variable of body every value of which is, at most
// maxStreamDepth variables deep.
func overStream(info *types.Info, e ast.Expr, body *ast.BlockStmt, depth int, is func(types.Object) bool, wrappers ...string) bool {
	if depth > maxStreamDepth {
		return false
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		return is(info.Uses[x.Sel])
	case *ast.Ident:
		if is(info.Uses[x]) {
			return true
		}
		values, ok := analyzerutil.LocalValues(info, x, body)
		if !ok {
			return false
		}
		for _, val := range values {
			if !overStream(info, val, body, depth+1, is, wrappers...) {
				return false
			}
		}
		return true
	case *ast.CallExpr:
		fn, ok := typeutil.Callee(info, x).(*types.Func)
		if !ok || fn.Pkg() == nil || len(x.Args) == 0 {
			return false
		}
		if slices.Contains(wrappers, fn.Pkg().Path()+"."+fn.Name()) {
			return overStream(info, x.Args[0], body, depth+1, is, wrappers...)
		}
	}
	return false
}

// AssignedAt reports whether the code at cur, assigned to a local
// variable (code := 1, code = 1) that later becomes the exit code, is the
// catch-all of a classification of that variable: the last branch of one
// whose other branches assign the variable specific codes (or exit or
// return with them), or the initial value that a following if or switch
// overwrites with specific codes for the cases it knows. It is the same
// rule as for an exit or a return, written as an assignment.
func (x *Exemptions) AssignedAt(cur inspector.Cursor) bool {
	v, stmt, ok := x.assignedVar(cur)
	if !ok {
		return false
	}
	specific := func(n ast.Node) bool {
		return x.assignsSpecific(v, n) || x.specificExit(n) || x.specificReturn(x.spelledCodes, n)
	}
	if x.classification(specific, stmt) {
		return true
	}
	for next, ok := stmt.NextSibling(); ok; next, ok = next.NextSibling() {
		switch next.Node().(type) {
		case *ast.IfStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt:
			if x.assignsSpecific(v, next.Node()) {
				return true
			}
		}
	}
	return false
}

// assignedVar returns the local variable the expression at cur is
// assigned to, and the cursor of the assignment or declaration statement.
func (x *Exemptions) assignedVar(cur inspector.Cursor) (*types.Var, inspector.Cursor, bool) {
	e, ok := cur.Node().(ast.Expr)
	if !ok {
		return nil, cur, false
	}
	parent := cur.Parent()
	var lhs ast.Expr
	switch p := parent.Node().(type) {
	case *ast.AssignStmt:
		if (p.Tok != token.ASSIGN && p.Tok != token.DEFINE) || len(p.Lhs) != len(p.Rhs) {
			return nil, cur, false
		}
		for i, r := range p.Rhs {
			if r == e {
				lhs = p.Lhs[i]
			}
		}
	case *ast.ValueSpec:
		if len(p.Names) != len(p.Values) {
			return nil, cur, false
		}
		for i, val := range p.Values {
			if val == e {
				lhs = p.Names[i]
			}
		}
		parent = parent.Parent() // the GenDecl, inside a DeclStmt
		if _, ok := parent.Node().(*ast.GenDecl); ok {
			parent = parent.Parent()
		}
	default:
		return nil, cur, false
	}
	id, ok := lhs.(*ast.Ident)
	if !ok {
		return nil, cur, false
	}
	v, ok := x.info.ObjectOf(id).(*types.Var)
	if !ok || v.Parent() == nil || v.Parent() == x.pkg.Scope() {
		return nil, cur, false
	}
	return v, parent, true
}

// assignsSpecific reports whether n assigns (outside function literals) a
// specific failure code, or a code computed from what went wrong, to v.
func (x *Exemptions) assignsSpecific(v *types.Var, n ast.Node) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if len(m.Lhs) != len(m.Rhs) {
				return true
			}
			for i, l := range m.Lhs {
				if id, ok := l.(*ast.Ident); !ok || x.info.ObjectOf(id) != v {
					continue
				}
				tv, ok := x.info.Types[m.Rhs[i]]
				if !ok {
					continue
				}
				if tv.Value == nil || (tv.Value.Kind() == constant.Int && SpecificCode(intOf(tv.Value))) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// intOf returns an integer constant's value, -1 when it does not fit.
func intOf(v constant.Value) int {
	n, exact := constant.Int64Val(v)
	if !exact {
		return -1
	}
	return int(n)
}

// computedSpecific reports whether an exit's computed code is computed
// from what went wrong: no constant that reaches the exit through it (a
// code site inside the argument: os.Exit(emit(msg, 1)) through a helper
// that returns the code it is given) says it is no specific code.
func (x *Exemptions) computedSpecific(arg ast.Expr) bool {
	if arg == nil {
		return false
	}
	for _, site := range x.ex.sites {
		if site.Expr.Pos() >= arg.Pos() && site.Expr.End() <= arg.End() {
			if v := x.info.Types[site.Expr].Value; v != nil && !SpecificCode(intOf(v)) {
				return false
			}
		}
	}
	return true
}

// classifiedJustBefore reports whether an if or switch before the
// statement at cur, in its statement list, gives a specific code and tests
// the value errVar holds at cur: the statements between them do not
// assign errVar. An earlier check of the same variable for another call's
// error (`if err != nil { return usage(err) }` before `out, err :=
// run()`) classifies nothing the later check is about.
func (x *Exemptions) classifiedJustBefore(specific func(ast.Node) bool, cur inspector.Cursor, errVar *types.Var) bool {
	if k := cur.ParentEdgeKind(); k != edge.BlockStmt_List && k != edge.CaseClause_Body {
		return false // an else-if: its if chain is specificBranch's
	}
	for prev, ok := cur.PrevSibling(); ok; prev, ok = prev.PrevSibling() {
		s, isStmt := prev.Node().(ast.Stmt)
		if !isStmt {
			return false
		}
		switch s.(type) {
		case *ast.IfStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt:
			if specific(s) && x.testsWhatWentWrong(s) && testsVar(x.info, errVar, tested(s)...) {
				return true
			}
		}
		if values, complete := analyzerutil.AssignedValues(x.info, errVar, s); len(values) > 0 || !complete {
			return false // errVar holds another value from here on
		}
	}
	return false
}

// testsVar reports whether one of ns uses v.
func testsVar(info *types.Info, v *types.Var, ns ...ast.Node) bool {
	for _, n := range ns {
		for u := range varsIn(info, n) {
			if u == v {
				return true
			}
		}
	}
	return false
}
