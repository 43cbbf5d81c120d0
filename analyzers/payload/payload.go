package payload

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/passes/contract"
	"github.com/exitlint/exitlint/passes/suppress"
)

//go:embed doc.go
var doc string

// Analyzer reports error payloads that break the rules of their exit code.
var Analyzer = &analysis.Analyzer{
	Name:     "payload",
	Doc:      analyzerutil.Doc(doc, "payload"),
	URL:      analyzerutil.URL("payload"),
	Run:      analyzerutil.Guard(run),
	Requires: []*analysis.Analyzer{inspect.Analyzer, contract.Analyzer, suppress.Analyzer},
}

type checker struct {
	pass *analysis.Pass
	c    *contract.Contract
	sup  *suppress.Suppressions
	ins  *inspector.Inspector
	// retryable are the codes some exitcode.Entry of the package declares
	// retryable: a command's declaration gives its errors that
	// retryability.
	retryable map[int64]bool
}

func run(pass *analysis.Pass) (any, error) {
	c := pass.ResultOf[contract.Analyzer].(*contract.Contract)
	usesRuntime := analyzerutil.Imports(pass.Pkg, analyzerutil.ExitcodePath)
	if !usesRuntime && !c.EnvelopesInView && !c.WritesLiterals() {
		return nil, nil
	}
	ch := &checker{
		pass: pass, c: c,
		sup: pass.ResultOf[suppress.Analyzer].(*suppress.Suppressions),
		ins: pass.ResultOf[inspect.Analyzer].(*inspector.Inspector),
	}
	if usesRuntime {
		ch.retryable = ch.declaredRetryable()
	}
	errTypes := ch.errorObjects()
	for file := range analyzerutil.NonTestFiles(pass, ch.ins) {
		for cur := range file.Preorder((*ast.CallExpr)(nil), (*ast.CompositeLit)(nil), (*ast.AssignStmt)(nil)) {
			if c.OutsideRun(cur.Node().Pos()) {
				continue // a peer's reply has no exit code to answer to
			}
			switch n := cur.Node().(type) {
			case *ast.CallExpr:
				if usesRuntime && ch.isRuntime(n, "New") {
					ch.runtimeError(cur)
				}
			case *ast.CompositeLit:
				if usesRuntime && isRuntimeError(pass.TypesInfo.TypeOf(n)) {
					ch.runtimeError(cur)
					continue
				}
				ch.ownError(cur, n, errTypes)
			case *ast.AssignStmt:
				ch.assignedCode(cur, n, errTypes)
			}
		}
	}
	return nil, nil
}

// isRuntime reports whether call calls the exitcode package's function
// name.
func (ch *checker) isRuntime(call *ast.CallExpr, name string) bool {
	fn, ok := typeutil.Callee(ch.pass.TypesInfo, call).(*types.Func)
	return ok && fn.Pkg() != nil && fn.Pkg().Path() == analyzerutil.ExitcodePath && fn.Name() == name && fn.Signature().Recv() == nil
}

// isRuntimeError reports whether t is exitcode.Error or a pointer to it.
func isRuntimeError(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	return analyzerutil.IsNamedType(t, analyzerutil.ExitcodePath, "Error")
}

// errValue is what the program can be seen to give one *exitcode.Error:
// its exit code, its error.code, and the With… calls and fields that set
// its payload, on it and on the local variable it is assigned to.
type errValue struct {
	at         ast.Node // the exitcode.New call or the literal
	code       int64
	codeKnown  bool
	errCode    ast.Expr // the error.code expression, nil if none
	redirects  []ast.Node
	retryAfter []ast.Node
	retryable  []retryableAt
	// unseen marks a value that goes where the package cannot follow it (a
	// function of the program, a field): what is set there is unknown.
	unseen bool
	body   *ast.BlockStmt
	// followed are the local variables whose uses are read already (e =
	// e.WithPhase(…) assigns the variable it reads).
	followed map[*types.Var]bool
}

type retryableAt struct {
	node  ast.Node
	value constant.Value // the constant argument, nil if not constant
}

// runtimeError checks one *exitcode.Error built by exitcode.New or as a
// composite literal.
func (ch *checker) runtimeError(cur inspector.Cursor) {
	info := ch.pass.TypesInfo
	v := &errValue{at: cur.Node()}
	v.body, _ = analyzerutil.EnclosingFunc(info, cur)
	switch n := cur.Node().(type) {
	case *ast.CallExpr:
		if len(n.Args) < 2 {
			return
		}
		v.code, v.codeKnown = constInt(info, n.Args[0])
		v.errCode = n.Args[1]
	case *ast.CompositeLit:
		ch.literalFields(v, n)
	}
	outer := ch.chain(v, cur)
	ch.fate(v, outer)
	ch.checkValue(v)
}

// literalFields reads the fields of an exitcode.Error literal.
func (ch *checker) literalFields(v *errValue, lit *ast.CompositeLit) {
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		key, _ := kv.Key.(*ast.Ident)
		if key == nil {
			continue
		}
		ch.field(v, key.Name, kv.Value, kv)
	}
}

// field records one field of an *exitcode.Error set to value.
func (ch *checker) field(v *errValue, name string, value ast.Expr, at ast.Node) {
	info := ch.pass.TypesInfo
	switch name {
	case "ExitCode":
		v.code, v.codeKnown = constInt(info, value)
	case "Code":
		v.errCode = value
	case "Redirect":
		if !analyzerutil.IsNil(info, value) {
			v.redirects = append(v.redirects, at)
		}
	case "RetryAfter":
		if !analyzerutil.IsNil(info, value) {
			v.retryAfter = append(v.retryAfter, at)
		}
	}
}

// chain follows the method calls made on the value at cur
// (exitcode.New(…).WithRedirect(…).WithPhase(…)) and returns the cursor
// of the outermost.
func (ch *checker) chain(v *errValue, cur inspector.Cursor) inspector.Cursor {
	for {
		p := analyzerutil.ValueParent(cur)
		sel, ok := p.Node().(*ast.SelectorExpr)
		if !ok {
			return cur
		}
		call, ok := p.Parent().Node().(*ast.CallExpr)
		if !ok || call.Fun != ast.Expr(sel) || !ch.method(v, sel.Sel.Name, call) {
			return cur
		}
		cur = p.Parent()
	}
}

// method records a method call on the error and reports whether it is one
// of *exitcode.Error's, which return the error.
func (ch *checker) method(v *errValue, name string, call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(ch.pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Signature().Recv() == nil || !isRuntimeError(fn.Signature().Recv().Type()) {
		return false
	}
	switch name {
	case "WithRedirect":
		v.redirects = append(v.redirects, call)
	case "WithRetryAfter":
		v.retryAfter = append(v.retryAfter, call)
	case "WithRetryable":
		var val constant.Value
		if len(call.Args) == 1 {
			val = ch.pass.TypesInfo.Types[call.Args[0]].Value
		}
		v.retryable = append(v.retryable, retryableAt{call, val})
	}
	return isRuntimeError(fn.Signature().Results().At(0).Type())
}

// fate follows where the error goes: returned, or passed to the runtime,
// errors or fmt, it is seen whole; assigned to a local variable, the
// variable's uses are followed; anywhere else it is unseen.
func (ch *checker) fate(v *errValue, outer inspector.Cursor) {
	p := analyzerutil.ValueParent(outer)
	switch n := p.Node().(type) {
	case *ast.ReturnStmt, *ast.ExprStmt:
	case *ast.CallExpr:
		if !ch.seenCall(n) {
			v.unseen = true
		}
	case *ast.AssignStmt:
		obj := ch.localAssigned(n, outer.Node())
		if obj == nil {
			v.unseen = true
			return
		}
		ch.followVar(v, obj)
	case *ast.ValueSpec:
		for i, val := range n.Values {
			if val.Pos() <= outer.Node().Pos() && outer.Node().End() <= val.End() && i < len(n.Names) {
				if obj, ok := ch.pass.TypesInfo.Defs[n.Names[i]].(*types.Var); ok && v.body != nil && obj.Parent() != ch.pass.Pkg.Scope() {
					ch.followVar(v, obj)
					return
				}
			}
		}
		v.unseen = true
	default:
		v.unseen = true
	}
}

// seenCall reports whether a call the error is handed to keeps it whole
// and sets nothing on it: the runtime's functions, errors' and fmt's.
func (ch *checker) seenCall(call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(ch.pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() == nil {
		return false
	}
	switch fn.Pkg().Path() {
	case analyzerutil.ExitcodePath, analyzerutil.EnvelopePath, "errors", "fmt":
		return true
	}
	return false
}

// localAssigned returns the local variable an assignment gives value, or
// nil.
func (ch *checker) localAssigned(as *ast.AssignStmt, value ast.Node) *types.Var {
	if len(as.Lhs) != len(as.Rhs) {
		return nil
	}
	for i, r := range as.Rhs {
		if r.Pos() <= value.Pos() && value.End() <= r.End() {
			id, ok := ast.Unparen(as.Lhs[i]).(*ast.Ident)
			if !ok {
				return nil
			}
			obj, ok := ch.pass.TypesInfo.ObjectOf(id).(*types.Var)
			if !ok || obj.Parent() == ch.pass.Pkg.Scope() || obj.IsField() {
				return nil
			}
			return obj
		}
	}
	return nil
}

// followVar reads what the function sets on the error through the local
// variable obj: With… calls and field assignments, and whether it lets
// the error go where the package cannot see.
func (ch *checker) followVar(v *errValue, obj *types.Var) {
	if v.followed[obj] {
		return
	}
	if v.followed == nil {
		v.followed = map[*types.Var]bool{}
	}
	v.followed[obj] = true
	if v.body == nil {
		v.unseen = true
		return
	}
	root, ok := ch.ins.Root().FindNode(v.body)
	if !ok {
		v.unseen = true
		return
	}
	for cur := range root.Preorder((*ast.Ident)(nil)) {
		id := cur.Node().(*ast.Ident)
		if ch.pass.TypesInfo.Uses[id] != obj {
			continue
		}
		p := cur.Parent()
		switch n := p.Node().(type) {
		case *ast.SelectorExpr:
			if as, ok := p.Parent().Node().(*ast.AssignStmt); ok && len(as.Lhs) == len(as.Rhs) {
				for i, lhs := range as.Lhs {
					if lhs == ast.Expr(n) && n.Sel.Name != "Code" { // assignedCode checks the code
						ch.field(v, n.Sel.Name, as.Rhs[i], as)
					}
				}
				continue
			}
			ch.fate(v, ch.chain(v, cur))
		case *ast.AssignStmt:
			// the variable assigned again: what it holds then is another value
		case *ast.ReturnStmt, *ast.BinaryExpr, *ast.ExprStmt:
		case *ast.CallExpr:
			if !ch.seenCall(n) {
				v.unseen = true
			}
		default:
			v.unseen = true
		}
	}
}

// constInt returns the constant integer value of e.
func constInt(info *types.Info, e ast.Expr) (int64, bool) {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(tv.Value)
}

// checkValue applies the payload rules to one error.
func (ch *checker) checkValue(v *errValue) {
	if v.errCode != nil {
		ch.computedCode(v.errCode, v.body)
	}
	if !v.codeKnown {
		return
	}
	code := exitcode.Code(v.code)
	switch {
	case code == exitcode.Redirected && len(v.redirects) == 0 && !v.unseen:
		ch.report(v.at, "redirect", "REDIRECTED (13) without a redirect: an agent given REDIRECTED runs error.redirect.command verbatim and, when error.redirect.permanent is true, never calls the old form again; here it has no command to run (and the runtime refuses the envelope); add .WithRedirect(command, permanent, reason) with the replacement invocation")
	case code != exitcode.Redirected:
		for _, r := range v.redirects {
			ch.report(r, "redirect", fmt.Sprintf("a redirect on %s: error.redirect is present only when the exit code is REDIRECTED (13), and agents ignore it at any other code (the runtime refuses it), so the replacement command is lost; end with exitcode.Redirected if the command moved, or drop the redirect", analyzerutil.DescribeCode(v.code)))
		}
	}
	for _, r := range v.redirects {
		if call, ok := r.(*ast.CallExpr); ok && len(call.Args) > 0 {
			if tv := ch.pass.TypesInfo.Types[call.Args[0]]; tv.Value != nil && tv.Value.Kind() == constant.String && constant.StringVal(tv.Value) == "" {
				ch.report(call.Args[0], "redirect", "a redirect without a command: an agent runs error.redirect.command verbatim, and an empty one leaves it nothing to run; give the exact replacement invocation")
			}
		}
	}
	if code == exitcode.AuthRequired && v.errCode != nil {
		ch.tokenCode(v.errCode, v.body)
	}
	ch.retryRules(v, code)
}

// tokenCode reports an error.code at AUTH_REQUIRED that is none of the
// contract's TOKEN_ codes, when its values are known constants.
func (ch *checker) tokenCode(e ast.Expr, body *ast.BlockStmt) {
	values, known := ch.stringValues(e, body, 0)
	if !known {
		return
	}
	for _, s := range values {
		if !tokenCodes[s] {
			ch.report(e, "auth", fmt.Sprintf("error.code %q at AUTH_REQUIRED (8): the exit code does not say why authentication failed, error.code does, and an agent acts on TOKEN_EXPIRED (refresh the token and retry), TOKEN_INVALID and TOKEN_MISSING (acquire credentials) only; use the one of these that says what happened", s))
			return
		}
	}
}

// tokenCodes are the error.code values of AUTH_REQUIRED.
var tokenCodes = map[string]bool{"TOKEN_EXPIRED": true, "TOKEN_INVALID": true, "TOKEN_MISSING": true}

// stringValues returns the constant strings e may be: a constant, or a
// local variable every assignment of which is one (a constant chosen by a
// condition); known is false for anything else.
func (ch *checker) stringValues(e ast.Expr, body *ast.BlockStmt, depth int) (values []string, known bool) {
	info := ch.pass.TypesInfo
	if tv, ok := info.Types[e]; ok && tv.Value != nil {
		if tv.Value.Kind() != constant.String {
			return nil, false
		}
		return []string{constant.StringVal(tv.Value)}, true
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || body == nil || depth > 2 {
		return nil, false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.IsField() || v.Pos() < body.Pos() || v.Pos() >= body.End() {
		return nil, false
	}
	assigned, complete := analyzerutil.AssignedValues(info, v, body)
	if !complete || len(assigned) == 0 {
		return nil, false
	}
	for _, a := range assigned {
		vs, ok := ch.stringValues(a, body, depth+1)
		if !ok {
			return nil, false
		}
		values = append(values, vs...)
	}
	return values, true
}

// retryRules reports retry_after where the error is not retryable, and a
// retryable PARTIAL_FAILURE.
func (ch *checker) retryRules(v *errValue, code exitcode.Code) {
	stated, statedKnown := false, false
	for _, r := range v.retryable {
		if r.value == nil || r.value.Kind() != constant.Bool {
			statedKnown = false
			continue
		}
		stated, statedKnown = constant.BoolVal(r.value), true
		if code == exitcode.PartialFailure && stated {
			ch.report(r.node, "retry", "PARTIAL_FAILURE (2) stated retryable: PARTIAL_FAILURE is never retryable, since some writes occurred and the same call may repeat them; drop WithRetryable(true)")
		}
	}
	if len(v.retryable) > 0 && !statedKnown {
		return // retryability computed: unknown here
	}
	for _, r := range v.retryAfter {
		switch {
		case code == exitcode.PartialFailure:
			ch.report(r, "retry", "retry_after on PARTIAL_FAILURE (2): PARTIAL_FAILURE is never retryable (some writes occurred, and retrying may repeat them), so an agent must inspect state rather than wait and retry; drop the back-off")
		case statedKnown && !stated:
			ch.report(r, "retry", fmt.Sprintf("retry_after on %s stated not retryable: retry_after is given only when the error is retryable, and an agent told both to wait and not to retry has no right move (the runtime refuses the envelope); drop the back-off, or state the error retryable", analyzerutil.DescribeCode(int64(code))))
		case !statedKnown && !ch.retryableCode(code):
			ch.report(r, "retry", fmt.Sprintf("retry_after on %s, which is not retryable (%s): retry_after is given only when the error is retryable, and an agent that waits and retries a call that cannot succeed wastes its budget (the runtime refuses the envelope); drop the back-off, end with a retryable code, or state WithRetryable(true) if retrying after the wait can succeed", analyzerutil.DescribeCode(int64(code)), tableRetry(code)))
		}
	}
}

// retryableCode reports whether errors with code are retryable unless they
// say otherwise: by the table, or by a declaration of the package.
func (ch *checker) retryableCode(code exitcode.Code) bool {
	if ch.retryable[int64(code)] {
		return true
	}
	row, ok := exitcode.Lookup(code)
	return ok && (row.Retryable == exitcode.RetryYes || row.Retryable == exitcode.RetryAfterPrerequisite)
}

func tableRetry(code exitcode.Code) string {
	row, ok := exitcode.Lookup(code)
	if !ok {
		return "no retryability in the table"
	}
	if row.Retryable == exitcode.RetryDepends {
		return "its retryability depends, and the error does not state it"
	}
	return "the table says no"
}

// declaredRetryable returns the codes some exitcode.Entry literal of the
// package declares retryable.
func (ch *checker) declaredRetryable() map[int64]bool {
	out := map[int64]bool{}
	info := ch.pass.TypesInfo
	for cur := range ch.ins.Root().Preorder((*ast.CompositeLit)(nil)) {
		lit := cur.Node().(*ast.CompositeLit)
		t := info.TypeOf(lit)
		n, ok := types.Unalias(t).(*types.Named)
		if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != analyzerutil.ExitcodePath || n.Obj().Name() != "Entry" {
			continue
		}
		var code int64
		var codeOK, retry bool
		for _, elt := range lit.Elts {
			kv, ok := elt.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			switch key, _ := kv.Key.(*ast.Ident); {
			case key == nil:
			case key.Name == "Code":
				code, codeOK = constInt(info, kv.Value)
			case key.Name == "Retryable":
				r, ok := constInt(info, kv.Value)
				retry = ok && (exitcode.Retryability(r) == exitcode.RetryYes || exitcode.Retryability(r) == exitcode.RetryAfterPrerequisite)
			}
		}
		if codeOK && retry {
			out[code] = true
		}
	}
	return out
}

func (ch *checker) report(at ast.Node, category, msg string) {
	ch.sup.Report(ch.pass, analysis.Diagnostic{Pos: at.Pos(), End: at.End(), Category: category, Message: msg})
}

// computedCode reports an error.code computed from an error's message.
func (ch *checker) computedCode(e ast.Expr, body *ast.BlockStmt) {
	if from := ch.fromMessage(e, body, 0); from != nil {
		ch.report(e, "code", fmt.Sprintf("error.code computed from an error's message (%s): agents branch on error.code, a stable identifier that never changes between versions, while a message changes with its wording, its arguments and the errors it wraps; give each kind of failure a constant code (or one of a fixed set)", types.ExprString(from)))
	}
}

// fromMessage returns the part of e that reads an error's text: a call of
// an error's Error method, or fmt formatting an error, through string
// functions, concatenation, conversions and local variables; nil when e
// reads none. A call of a function of the program (a classification of
// the error) is a fixed set, and is not followed.
func (ch *checker) fromMessage(e ast.Expr, body *ast.BlockStmt, depth int) ast.Expr {
	if e == nil || depth > 4 {
		return nil
	}
	info := ch.pass.TypesInfo
	switch x := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		if x.Op == token.ADD {
			if f := ch.fromMessage(x.X, body, depth+1); f != nil {
				return f
			}
			return ch.fromMessage(x.Y, body, depth+1)
		}
	case *ast.Ident:
		v, ok := info.Uses[x].(*types.Var)
		if !ok || body == nil || v.IsField() || v.Pos() < body.Pos() || v.Pos() >= body.End() {
			return nil
		}
		values, _ := analyzerutil.AssignedValues(info, v, body)
		for _, val := range values {
			if f := ch.fromMessage(val, body, depth+1); f != nil {
				return f
			}
		}
	case *ast.CallExpr:
		return ch.callFromMessage(x, body, depth)
	}
	return nil
}

func (ch *checker) callFromMessage(x *ast.CallExpr, body *ast.BlockStmt, depth int) ast.Expr {
	info := ch.pass.TypesInfo
	if tv, ok := info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
		return ch.fromMessage(x.Args[0], body, depth+1)
	}
	fn, ok := typeutil.Callee(info, x).(*types.Func)
	if !ok {
		return nil
	}
	if fn.Name() == "Error" && len(x.Args) == 0 && fn.Signature().Recv() != nil {
		if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok && implementsError(info.TypeOf(sel.X)) {
			return x
		}
	}
	if fn.Pkg() == nil {
		return nil
	}
	switch path := fn.Pkg().Path(); {
	case path == "fmt" && strings.HasPrefix(fn.Name(), "Sprint"):
		for _, a := range x.Args {
			if implementsError(info.TypeOf(a)) {
				return x
			}
			if f := ch.fromMessage(a, body, depth+1); f != nil {
				return f
			}
		}
	case path == "strings" || path == "strconv" || path == "unicode":
		for _, a := range x.Args {
			if f := ch.fromMessage(a, body, depth+1); f != nil {
				return f
			}
		}
	}
	return nil
}

var errorType = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)

func implementsError(t types.Type) bool {
	return t != nil && types.Implements(t, errorType)
}
