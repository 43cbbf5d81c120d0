package argphase

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/passes/argerror"
	"github.com/exitlint/exitlint/passes/config"
	"github.com/exitlint/exitlint/passes/contract"
	"github.com/exitlint/exitlint/passes/exits"
	"github.com/exitlint/exitlint/passes/sideeffects"
	"github.com/exitlint/exitlint/passes/suppress"
)

//go:embed doc.go
var doc string

// Analyzer reports ARG_ERROR emitted after a side effect.
var Analyzer = &analysis.Analyzer{
	Name:     "argphase",
	Doc:      analyzerutil.Doc(doc, "argphase"),
	URL:      analyzerutil.URL("argphase"),
	Run:      analyzerutil.Guard(run),
	Requires: []*analysis.Analyzer{contract.Analyzer, exits.Analyzer, sideeffects.Analyzer, argerror.Analyzer, suppress.Analyzer},
}

func init() {
	config.AddAlias(Analyzer, "sideeffects")
}

type checker struct {
	pass *analysis.Pass
	ex   *exits.Exits
	se   *sideeffects.SideEffects
	ae   *argerror.ArgErrors
	sup  *suppress.Suppressions
	anon map[*ssa.Function]*sideeffects.Effect // side effects of function literals, memoized
	// codeReturns are the return statements whose integer result becomes
	// the process's exit code, by position, with how (exits.CodeSite).
	codeReturns map[token.Pos]string
	ssaPkg      *ssa.Package
	// calls and escaped index, on first need, the static calls of the
	// package's functions and the functions used as values (callers).
	calls   map[*ssa.Function][]ssa.CallInstruction
	escaped map[*ssa.Function]bool
}

func run(pass *analysis.Pass) (any, error) {
	ch := &checker{
		pass: pass,
		ex:   pass.ResultOf[exits.Analyzer].(*exits.Exits),
		se:   pass.ResultOf[sideeffects.Analyzer].(*sideeffects.SideEffects),
		ae:   pass.ResultOf[argerror.Analyzer].(*argerror.ArgErrors),
		sup:  pass.ResultOf[suppress.Analyzer].(*suppress.Suppressions),
		anon: map[*ssa.Function]*sideeffects.Effect{},

		codeReturns: map[token.Pos]string{},
	}
	if !ch.ae.Any {
		return nil, nil // nothing here can emit ARG_ERROR: no SSA
	}
	for _, site := range ch.ex.Sites() {
		if site.Return != nil {
			ch.codeReturns[site.Return.Return] = site.Via
		}
	}
	for _, fn := range ch.buildSSA() {
		ch.function(fn)
	}
	return nil, nil
}

// buildSSA builds the package's SSA form, as buildssa does, with the exits
// pass's knowledge of calls that never return; it returns the source
// functions and their literals.
func (ch *checker) buildSSA() []*ssa.Function {
	pass := ch.pass
	prog := ssa.NewProgram(pass.Fset, ssa.BuilderMode(0))
	prog.SetNoReturn(ch.ex.NoReturn)
	for _, p := range pass.Pkg.Imports() {
		prog.CreatePackage(p, nil, nil, true)
	}
	pkg := prog.CreatePackage(pass.Pkg, pass.Files, pass.TypesInfo, false)
	pkg.Build()
	ch.ssaPkg = pkg
	var out []*ssa.Function
	var add func(f *ssa.Function)
	add = func(f *ssa.Function) {
		out = append(out, f)
		for _, a := range f.AnonFuncs {
			add(a)
		}
	}
	// Function literals in package-level initializers belong to init.
	if init := pkg.Func("init"); init != nil {
		for _, a := range init.AnonFuncs {
			if !analyzerutil.InTestFile(pass.Fset, a.Pos()) {
				add(a)
			}
		}
	}
	for _, file := range pass.Files {
		if analyzerutil.InTestFile(pass.Fset, file.Pos()) {
			continue
		}
		for _, d := range file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					if f := prog.FuncValue(fn); f != nil {
						add(f)
					}
				}
			}
		}
	}
	return out
}

// effect is a side-effecting call in a function.
type effect struct {
	instr ssa.CallInstruction
	what  sideeffects.Effect
	// allOrNothing: a call that returned an error changed nothing
	// (sideeffects.Rule.AllOrNothing).
	allOrNothing bool
}

// emission is a place that emits ARG_ERROR.
type emission struct {
	instr ssa.Instruction
	pos   token.Pos
	how   string             // "returns ARG_ERROR (exitcode.New)"
	from  map[ssa.Value]bool // the calls the emitted value comes from
}

func (ch *checker) function(fn *ssa.Function) {
	if fn.Blocks == nil {
		return
	}
	var effects []effect
	var emissions []emission
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case *ssa.Call:
				if e, rule, ok := ch.callEffect(in.Common(), 0); ok {
					effects = append(effects, effect{in, e, rule.AllOrNothing})
				}
				from := map[ssa.Value]bool{}
				if how, ok := ch.exitEmission(in.Common(), from); ok {
					emissions = append(emissions, emission{instr: in, pos: in.Pos(), how: how, from: from})
				}
			case *ssa.Go:
				if e, _, ok := ch.callEffect(in.Common(), 0); ok {
					effects = append(effects, effect{instr: in, what: e})
				}
			case *ssa.Return:
				if em, ok := ch.returnEmission(in); ok {
					emissions = append(emissions, em)
				}
			case *ssa.Store:
				if em, ok := ch.statusEmission(in); ok {
					emissions = append(emissions, em)
				}
			}
		}
	}
	if len(effects) == 0 || len(emissions) == 0 {
		return
	}
	for _, em := range emissions {
		if !em.pos.IsValid() {
			continue
		}
		for _, ef := range effects {
			if v, ok := ef.instr.(ssa.Value); ok && em.from[v] {
				// The call that produces the emitted value checks its own
				// order, unless it runs again after it succeeded: in a loop,
				// an earlier iteration's side effect precedes a later
				// iteration's ARG_ERROR.
				if repeatsAfterSuccess(ef.instr) {
					ch.report(em, ef, true)
					break
				}
				continue
			}
			if ef.allOrNothing && onlyIfFailed(ef, em.instr) {
				continue // the call failed on the way here, and changed nothing
			}
			if before(ef.instr, em.instr) {
				ch.report(em, ef, false)
				break
			}
		}
	}
}

// returnEmission reports whether a return statement emits ARG_ERROR: it
// returns an error that carries it, or it returns 3 from a function whose
// result becomes the exit code (exits.CodeSite).
func (ch *checker) returnEmission(ret *ssa.Return) (emission, bool) {
	for _, r := range ret.Results {
		from := map[ssa.Value]bool{}
		if via := ch.carries(r, from, 0); via != "" {
			return emission{instr: ret, pos: ret.Pos(), how: "returned (" + via + ")", from: from}, true
		}
	}
	via, ok := ch.codeReturns[ret.Pos()]
	if !ok {
		return emission{}, false
	}
	for _, r := range ret.Results {
		if !analyzerutil.IsInteger(r.Type()) {
			continue
		}
		from := map[ssa.Value]bool{}
		if _, ok := ch.codeArg(r, from, 0); ok {
			return emission{instr: ret, pos: ret.Pos(), how: "returned as the exit code (" + via + ")", from: from}, true
		}
	}
	return emission{}, false
}

// onlyIfFailed reports whether instr runs only after the effect's call
// failed: it lies on the branch where the call's error result is not nil,
// a branch the call reaches first.
func onlyIfFailed(ef effect, instr ssa.Instruction) bool {
	call, ok := ef.instr.(*ssa.Call)
	if !ok {
		return false
	}
	errVal := errorResult(call)
	if errVal == nil {
		return false
	}
	for _, ref := range *errVal.Referrers() {
		cmp, ok := ref.(*ssa.BinOp)
		if !ok || (cmp.Op != token.NEQ && cmp.Op != token.EQL) || !isNil(otherOperand(cmp, errVal)) {
			continue
		}
		for _, cref := range *cmp.Referrers() {
			br, ok := cref.(*ssa.If)
			if !ok || br.Cond != ssa.Value(cmp) {
				continue
			}
			b := br.Block()
			failed := b.Succs[0] // err != nil
			if cmp.Op == token.EQL {
				failed = b.Succs[1]
			}
			if len(failed.Preds) == 1 && call.Block().Dominates(b) && failed.Dominates(instr.Block()) {
				return true
			}
		}
	}
	return false
}

// repeatsAfterSuccess reports whether a call can run again after it
// succeeded: a path leads from it back to itself that does not pass the
// branch where its error result is not nil (a loop over entries, not a
// retry that loops only on failure).
func repeatsAfterSuccess(instr ssa.Instruction) bool {
	failed := map[*ssa.BasicBlock]bool{}
	if call, ok := instr.(*ssa.Call); ok {
		if errVal := errorResult(call); errVal != nil {
			for _, ref := range *errVal.Referrers() {
				cmp, ok := ref.(*ssa.BinOp)
				if !ok || (cmp.Op != token.NEQ && cmp.Op != token.EQL) || !isNil(otherOperand(cmp, errVal)) {
					continue
				}
				for _, cref := range *cmp.Referrers() {
					if br, ok := cref.(*ssa.If); ok && br.Cond == ssa.Value(cmp) {
						if cmp.Op == token.NEQ {
							failed[br.Block().Succs[0]] = true
						} else {
							failed[br.Block().Succs[1]] = true
						}
					}
				}
			}
		}
	}
	return reaches(instr.Block(), instr.Block(), failed)
}

// reaches reports whether a path of one or more edges leads from block
// from to block to, entering none of the blocks in avoid.
func reaches(from, to *ssa.BasicBlock, avoid map[*ssa.BasicBlock]bool) bool {
	seen := map[*ssa.BasicBlock]bool{}
	queue := append([]*ssa.BasicBlock(nil), from.Succs...)
	for len(queue) > 0 {
		blk := queue[0]
		queue = queue[1:]
		if seen[blk] || avoid[blk] {
			continue
		}
		seen[blk] = true
		if blk == to {
			return true
		}
		queue = append(queue, blk.Succs...)
	}
	return false
}

// errorResult returns the value of a call's error result: the call itself
// when it has only that, the extraction of its last result otherwise.
func errorResult(call *ssa.Call) ssa.Value {
	res := call.Common().Signature().Results()
	if res.Len() == 0 || !analyzerutil.IsError(res.At(res.Len()-1).Type()) {
		return nil
	}
	if res.Len() == 1 {
		return call
	}
	for _, ref := range *call.Referrers() {
		if x, ok := ref.(*ssa.Extract); ok && x.Index == res.Len()-1 {
			return x
		}
	}
	return nil
}

func otherOperand(cmp *ssa.BinOp, v ssa.Value) ssa.Value {
	if cmp.X == v {
		return cmp.Y
	}
	return cmp.X
}

func isNil(v ssa.Value) bool {
	k, ok := v.(*ssa.Const)
	return ok && k.IsNil()
}

// before reports whether some path of the control-flow graph runs a before
// b.
func before(a, b ssa.Instruction) bool {
	if a.Block() == b.Block() && index(a) < index(b) {
		return true
	}
	return reaches(a.Block(), b.Block(), nil)
}

func index(in ssa.Instruction) int {
	for i, x := range in.Block().Instrs {
		if x == in {
			return i
		}
	}
	return -1
}

// report reports an emission after a side effect; earlier says the side
// effect is the same call's in an earlier iteration of a loop.
func (ch *checker) report(em emission, ef effect, earlier bool) {
	posn := ch.pass.Fset.Position(ef.instr.Pos())
	where := fmt.Sprintf("line %d", posn.Line)
	if earlier {
		where += ", in an earlier iteration"
	}
	msg := fmt.Sprintf("ARG_ERROR %s after a side effect: %s (%s); ARG_ERROR promises the agent zero side effects, so validate before the first side effect, or emit PARTIAL_FAILURE once one has happened",
		em.how, ef.what, where)
	category := "returned"
	switch em.instr.(type) {
	case *ssa.Call:
		category = "exited"
	case *ssa.Store:
		category = "status"
	}
	ch.sup.Report(ch.pass, analysis.Diagnostic{
		Pos:      em.pos,
		Category: category,
		Message:  msg,
		Related:  []analysis.RelatedInformation{{Pos: ef.instr.Pos(), Message: "side effect: " + ef.what.String()}},
	})
}

// callEffect returns the side effect of a call and the rule that narrowed
// it, if it has one.
func (ch *checker) callEffect(c *ssa.CallCommon, depth int) (sideeffects.Effect, sideeffects.Rule, bool) {
	var fn *types.Func
	recvArg := 0
	switch {
	case c.IsInvoke():
		fn = c.Method
		if m := concreteMethod(c); m != nil {
			// var out Store = diskStore{…}; out.Save(…) calls diskStore's
			// Save: its effect, or none.
			if e, rule, ok := ch.se.Func(m); ok && rule.Kind == sideeffects.Always {
				return e, rule, true
			}
			if _, _, marked := ch.se.Func(fn); !marked {
				return ch.callbackEffect(c, depth)
			}
		}
	default:
		callee := c.StaticCallee()
		if callee == nil {
			return sideeffects.Effect{}, sideeffects.Rule{}, false
		}
		if callee.Object() == nil || callee.Parent() != nil {
			e, ok := ch.literalEffect(callee, depth)
			return e, sideeffects.Rule{}, ok
		}
		fn, _ = callee.Object().(*types.Func)
		if fn == nil {
			return sideeffects.Effect{}, sideeffects.Rule{}, false
		}
		if fn.Signature().Recv() != nil {
			recvArg = 1
		}
	}
	e, rule, ok := ch.se.Func(fn)
	if !ok {
		return ch.callbackEffect(c, depth)
	}
	if !rule.Applies(ssaCall{ch, c, recvArg}) {
		return sideeffects.Effect{}, sideeffects.Rule{}, false
	}
	return e, rule, true
}

// concreteMethod returns the method an interface call runs when the
// function itself put the concrete value into the interface
// (var out Store = diskStore{…}), or nil.
func concreteMethod(c *ssa.CallCommon) *types.Func {
	v := c.Value
	for {
		ci, ok := v.(*ssa.ChangeInterface)
		if !ok {
			break
		}
		v = ci.X
	}
	mi, ok := v.(*ssa.MakeInterface)
	if !ok {
		return nil
	}
	obj, _, _ := types.LookupFieldOrMethod(mi.X.Type(), true, c.Method.Pkg(), c.Method.Name())
	m, _ := obj.(*types.Func)
	return m
}

// ssaCall answers a side-effect rule's questions from a call in SSA form,
// whose arguments start with the receiver of a static method call.
type ssaCall struct {
	ch      *checker
	c       *ssa.CallCommon
	recvArg int
}

// arg returns argument i (sideeffects.Recv: the receiver), or nil.
func (s ssaCall) arg(i int) ssa.Value {
	if i == sideeffects.Recv {
		if s.recvArg == 1 && len(s.c.Args) > 0 {
			return s.c.Args[0]
		}
		return nil
	}
	i += s.recvArg
	if i < 0 || i >= len(s.c.Args) {
		return nil
	}
	return s.c.Args[i]
}

func (s ssaCall) Const(i int) constant.Value {
	if k, ok := s.arg(i).(*ssa.Const); ok {
		return k.Value
	}
	return nil
}

func (s ssaCall) FileArg(i int) bool {
	v := s.arg(i)
	if v == nil {
		return false
	}
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	return sideeffects.IsFile(v.Type()) && !s.ch.all(v, isStdio) && !s.ch.all(v, s.ch.tempFile)
}

func (s ssaCall) InTempDir(i int) bool {
	v := s.arg(i)
	return v != nil && s.ch.all(v, s.ch.tempPath)
}

func (s ssaCall) OwnPid(i int) bool {
	call, ok := s.arg(i).(*ssa.Call)
	return ok && sideeffects.IsOwnPid(staticFunc(call.Common()))
}

func (s ssaCall) RequestMethod(i int) (string, bool) {
	v := s.arg(i)
	if v == nil {
		return "", false
	}
	return s.ch.requestMethod(v, 0)
}

// all reports whether every value v may hold (sources) satisfies pred.
func (ch *checker) all(v ssa.Value, pred func(ssa.Value) bool) bool {
	srcs, ok := ch.sources(v, map[ssa.Value]bool{}, 0)
	if !ok || len(srcs) == 0 {
		return false
	}
	for _, src := range srcs {
		if !pred(src) {
			return false
		}
	}
	return true
}

// sources returns the values v may hold, where they are made: through phis,
// the variables a function literal captures (what is stored into them),
// and the parameters of the package's unexported functions that only its
// own calls call (what every call gives). ok is false when some value
// cannot be told: a parameter of an exported function or of a function
// used as a value, a variable whose address is taken.
func (ch *checker) sources(v ssa.Value, seen map[ssa.Value]bool, depth int) ([]ssa.Value, bool) {
	if seen[v] {
		return nil, true // a cycle adds nothing
	}
	seen[v] = true
	if depth > 8 {
		return nil, false
	}
	var from []ssa.Value
	switch x := v.(type) {
	case *ssa.Phi:
		from = x.Edges
	case *ssa.Parameter:
		calls, ok := ch.callers(x.Parent())
		if !ok {
			return nil, false
		}
		i := slices.Index(x.Parent().Params, x)
		for _, call := range calls {
			from = append(from, call.Common().Args[i])
		}
	case *ssa.UnOp:
		switch x.X.(type) {
		case *ssa.FreeVar, *ssa.Alloc:
			if x.Op == token.MUL {
				var ok bool
				if from, ok = capturedStores(x.X); !ok {
					return nil, false
				}
			}
		}
	}
	if from == nil {
		return []ssa.Value{v}, true
	}
	var out []ssa.Value
	for _, f := range from {
		srcs, ok := ch.sources(f, seen, depth+1)
		if !ok {
			return nil, false
		}
		out = append(out, srcs...)
	}
	return out, true
}

// capturedStores returns the values stored into a variable a function
// literal captures, when addr is the literal's free variable for it or the
// variable itself: every store, in the enclosing function and in the
// literals that capture it. ok is false for any other address, or a
// variable whose address goes anywhere else.
func capturedStores(addr ssa.Value) ([]ssa.Value, bool) {
	if fv, ok := addr.(*ssa.FreeVar); ok {
		addr = binding(fv)
	}
	alloc, ok := addr.(*ssa.Alloc)
	if !ok || !alloc.Heap || !wholeValue(alloc) {
		return nil, false
	}
	var out []ssa.Value
	for _, ref := range *alloc.Referrers() {
		switch r := ref.(type) {
		case *ssa.Store:
			out = append(out, r.Val)
		case *ssa.MakeClosure:
			fn := r.Fn.(*ssa.Function)
			for i, b := range r.Bindings {
				if b != ssa.Value(alloc) || i >= len(fn.FreeVars) {
					continue
				}
				for _, fref := range *fn.FreeVars[i].Referrers() {
					switch fr := fref.(type) {
					case *ssa.Store:
						out = append(out, fr.Val)
					case *ssa.UnOp, *ssa.DebugRef:
					default:
						return nil, false // captured again, or its address taken
					}
				}
			}
		}
	}
	return out, true
}

// binding returns the value the enclosing function binds to a function
// literal's free variable, or nil.
func binding(fv *ssa.FreeVar) ssa.Value {
	lit := fv.Parent()
	i := slices.Index(lit.FreeVars, fv)
	if lit.Parent() == nil || i < 0 {
		return nil
	}
	for _, b := range lit.Parent().Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == ssa.Value(lit) && i < len(mc.Bindings) {
				return mc.Bindings[i]
			}
		}
	}
	return nil
}

// callers returns the calls of fn when they are all there is: fn is an
// unexported function of the package (no method, no generic), and every use
// of it in the package calls it.
func (ch *checker) callers(fn *ssa.Function) ([]ssa.CallInstruction, bool) {
	obj, _ := fn.Object().(*types.Func)
	if obj == nil || obj.Exported() || obj.Pkg() != ch.pass.Pkg || fn.Parent() != nil || obj.Signature().Recv() != nil || fn.TypeParams().Len() > 0 {
		return nil, false
	}
	if ch.calls == nil {
		ch.indexCalls()
	}
	if ch.escaped[fn] {
		return nil, false
	}
	return ch.calls[fn], len(ch.calls[fn]) > 0
}

// indexCalls finds, in every function of the package (test files and
// package initializers included), the static calls of its functions, and
// the functions used otherwise: as a value, whose callers are unknown.
func (ch *checker) indexCalls() {
	ch.calls = map[*ssa.Function][]ssa.CallInstruction{}
	ch.escaped = map[*ssa.Function]bool{}
	var visit func(f *ssa.Function)
	visit = func(f *ssa.Function) {
		var ops []*ssa.Value
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				ops = instr.Operands(ops[:0])
				call, isCall := instr.(ssa.CallInstruction)
				for _, op := range ops {
					g, ok := (*op).(*ssa.Function)
					if !ok {
						continue
					}
					if isCall && op == &call.Common().Value {
						ch.calls[g] = append(ch.calls[g], call)
					} else {
						ch.escaped[g] = true
					}
				}
			}
		}
		for _, a := range f.AnonFuncs {
			visit(a)
		}
	}
	if init := ch.ssaPkg.Func("init"); init != nil {
		visit(init)
	}
	for _, obj := range ch.pass.TypesInfo.Defs {
		if fn, ok := obj.(*types.Func); ok && fn.Pkg() == ch.pass.Pkg {
			if f := ch.ssaPkg.Prog.FuncValue(fn); f != nil {
				visit(f)
			}
		}
	}
}

// tempPath reports whether a path value is temporary: os.MkdirTemp's first
// result, or a join whose first element is.
func (ch *checker) tempPath(v ssa.Value) bool {
	switch x := v.(type) {
	case *ssa.Extract:
		if call, ok := x.Tuple.(*ssa.Call); ok && x.Index == 0 {
			return sideeffects.PathFuncOf(staticFunc(call.Common())) == sideeffects.TempDir
		}
	case *ssa.Call:
		if sideeffects.PathFuncOf(staticFunc(x.Common())) == sideeffects.Join && len(x.Common().Args) == 1 {
			elems := sliceElems(x.Common().Args[0])
			return len(elems) > 0 && elems[0] != nil && ch.all(elems[0], ch.tempPath)
		}
	}
	return false
}

// tempFile reports whether a file value is temporary: os.CreateTemp's
// first result, or os.Create's or os.OpenFile's at a temporary path.
func (ch *checker) tempFile(v ssa.Value) bool {
	x, ok := v.(*ssa.Extract)
	if !ok || x.Index != 0 {
		return false
	}
	call, ok := x.Tuple.(*ssa.Call)
	if !ok {
		return false
	}
	switch sideeffects.PathFuncOf(staticFunc(call.Common())) {
	case sideeffects.TempFile:
		return true
	case sideeffects.OpenPath:
		return len(call.Common().Args) > 0 && ch.all(call.Common().Args[0], ch.tempPath)
	}
	return false
}

// requestMethod follows a request value to the calls that built it:
// http.NewRequest(WithContext) with a constant method, through copies
// (WithContext, Clone) and sources; every one must agree.
func (ch *checker) requestMethod(v ssa.Value, depth int) (string, bool) {
	srcs, ok := ch.sources(v, map[ssa.Value]bool{}, 0)
	if !ok || len(srcs) == 0 || depth > 3 {
		return "", false
	}
	method := ""
	for j, src := range srcs {
		m, ok := ch.builtMethod(src, depth)
		if !ok || (j > 0 && m != method) {
			return "", false
		}
		method = m
	}
	return method, true
}

// builtMethod returns the constant method of the request one call built.
func (ch *checker) builtMethod(v ssa.Value, depth int) (string, bool) {
	if call, ok := v.(*ssa.Call); ok {
		if sideeffects.IsRequestCopy(staticFunc(call.Common())) && len(call.Common().Args) > 0 {
			return ch.requestMethod(call.Common().Args[0], depth+1)
		}
		return "", false
	}
	x, ok := v.(*ssa.Extract)
	if !ok || x.Index != 0 {
		return "", false
	}
	call, ok := x.Tuple.(*ssa.Call)
	if !ok {
		return "", false
	}
	fn := staticFunc(call.Common())
	if fn == nil {
		return "", false
	}
	i, ok := sideeffects.RequestMethodArg(fn)
	if !ok || i >= len(call.Common().Args) {
		return "", false
	}
	k, ok := call.Common().Args[i].(*ssa.Const)
	if !ok || k.Value == nil || k.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(k.Value), true
}

func isStdio(v ssa.Value) bool {
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		if g, ok := u.X.(*ssa.Global); ok {
			return sideeffects.IsStdio(g.Object())
		}
	}
	return false
}

// callbackEffect returns the side effect of a function literal the call is
// given (filepath.WalkDir's callback, sync.Once.Do's, errgroup.Go's): the
// callee runs it while the call does.
func (ch *checker) callbackEffect(c *ssa.CallCommon, depth int) (sideeffects.Effect, sideeffects.Rule, bool) {
	for _, arg := range c.Args {
		var lit *ssa.Function
		switch a := unconvert(arg).(type) {
		case *ssa.Function:
			lit = a
		case *ssa.MakeClosure:
			lit, _ = a.Fn.(*ssa.Function)
		}
		if lit == nil || lit.Parent() == nil {
			continue
		}
		if e, ok := ch.literalEffect(lit, depth); ok {
			return sideeffects.Effect{Chain: append([]string{"callback"}, e.Chain...), What: e.What}, sideeffects.Rule{}, true
		}
	}
	return sideeffects.Effect{}, sideeffects.Rule{}, false
}

// literalEffect returns the first side effect a function literal (or other
// function without an object) makes when called.
func (ch *checker) literalEffect(f *ssa.Function, depth int) (sideeffects.Effect, bool) {
	if e, ok := ch.anon[f]; ok {
		if e == nil {
			return sideeffects.Effect{}, false
		}
		return *e, true
	}
	ch.anon[f] = nil // cycles and depth end here
	if depth > 4 {
		return sideeffects.Effect{}, false
	}
	for _, b := range f.Blocks {
		for _, instr := range b.Instrs {
			var c *ssa.CallCommon
			switch in := instr.(type) {
			case *ssa.Call:
				c = in.Common()
			case *ssa.Go:
				c = in.Common()
			case *ssa.Defer:
				c = in.Common()
			default:
				continue
			}
			if e, _, ok := ch.callEffect(c, depth+1); ok {
				e = sideeffects.Effect{Chain: append([]string{"func literal"}, e.Chain...), What: e.What}
				ch.anon[f] = &e
				return e, true
			}
		}
	}
	return sideeffects.Effect{}, false
}

// exitEmission reports whether a call exits with ARG_ERROR, recording in
// from the calls the code comes from: an exit function given 3 (or a code
// that may be 3), a helper whose summary says it may exit with 3, or a helper
// that exits with a parameter (exits.CodeParams) given 3.
func (ch *checker) exitEmission(c *ssa.CallCommon, from map[ssa.Value]bool) (string, bool) {
	fn := ch.calledFunc(c)
	if fn == nil {
		return "", false
	}
	if exits.IsExit(fn) {
		if len(c.Args) != 1 {
			return "", false
		}
		how, ok := ch.codeArg(c.Args[0], from, 0)
		if !ok {
			return "", false
		}
		if how != "" {
			return "emitted by " + analyzerutil.CallName(fn) + " (" + how + ")", true
		}
		return "emitted by " + analyzerutil.CallName(fn), true
	}
	if f := ch.ex.Func(fn); f != nil && f.Has(argerror.ArgCode) && !ch.cannotMatch(f, c) {
		return "emitted by " + analyzerutil.CallName(fn) + " (which may exit with it, via " + f.ViaFor(argerror.ArgCode) + ")", true
	}
	if f := ch.ex.Code(fn); f != nil {
		for _, j := range f.Exits {
			if j < len(c.Args) {
				if _, ok := ch.codeArg(c.Args[j], from, 0); ok {
					return "emitted by " + analyzerutil.CallName(fn) + " (it exits with the code it is given)", true
				}
			}
		}
		for _, j := range f.Sets {
			if j < len(c.Args) {
				if _, ok := ch.codeArg(c.Args[j], from, 0); ok {
					return "emitted by " + analyzerutil.CallName(fn) + " (it sets the exit status the process ends with)", true
				}
			}
		}
	}
	return "", false
}

// statusEmission reports whether a store puts 3 into an exit-status
// variable (exitStatus = 3, then os.Exit(exitStatus)).
func (ch *checker) statusEmission(st *ssa.Store) (emission, bool) {
	g, ok := st.Addr.(*ssa.Global)
	if !ok {
		return emission{}, false
	}
	v, ok := g.Object().(*types.Var)
	if !ok || !ch.ex.IsStatus(v) {
		return emission{}, false
	}
	from := map[ssa.Value]bool{}
	if _, ok := ch.codeArg(st.Val, from, 0); !ok {
		return emission{}, false
	}
	return emission{instr: st, pos: st.Pos(), how: "stored in the exit status " + v.Name(), from: from}, true
}

// calledFunc returns the function a call calls: its static callee, or the
// exit function a package-level variable holds (var osExit = os.Exit).
func (ch *checker) calledFunc(c *ssa.CallCommon) *types.Func {
	if fn := staticFunc(c); fn != nil {
		return fn
	}
	if load, ok := c.Value.(*ssa.UnOp); ok && load.Op == token.MUL {
		if g, ok := load.X.(*ssa.Global); ok {
			if v, ok := g.Object().(*types.Var); ok {
				return ch.ex.ExitVar(v)
			}
		}
	}
	return nil
}

// codeArg reports whether the exit code v may be 3, ARG_ERROR, and how
// ("" for the constant itself): a constant, an edge of a phi, a local
// variable's stored value, the code a helper returns from a parameter
// (exits.CodeParams: report(err, 3)), or exitcode.FromError of an error that
// carries ARG_ERROR.
func (ch *checker) codeArg(v ssa.Value, from map[ssa.Value]bool, depth int) (string, bool) {
	if depth > 8 || from[v] {
		return "", false
	}
	switch x := unconvert(v).(type) {
	case *ssa.Const:
		return "", argerror.IsArgCode(x.Value)
	case *ssa.Phi:
		from[x] = true
		for _, e := range x.Edges {
			if how, ok := ch.codeArg(e, from, depth+1); ok {
				return how, true
			}
		}
	case *ssa.UnOp:
		if alloc, ok := x.X.(*ssa.Alloc); ok && x.Op == token.MUL && wholeValue(alloc) {
			for _, st := range reachingStores(x, alloc) {
				if how, ok := ch.codeArg(st, from, depth+1); ok {
					return how, true
				}
			}
		}
	case *ssa.Call:
		fn := staticFunc(x.Common())
		if fn == nil {
			return "", false
		}
		args := x.Common().Args
		if exits.IsFromError(fn) && len(args) == 1 {
			if via := ch.carries(args[0], from, depth+1); via != "" {
				from[x] = true
				return analyzerutil.CallName(fn) + " of " + via, true
			}
			return "", false
		}
		if f := ch.ex.Code(fn); f != nil {
			for _, j := range f.Returns {
				if j < len(args) {
					if _, ok := ch.codeArg(args[j], from, depth+1); ok {
						return analyzerutil.CallName(fn) + " returns the code it is given", true
					}
				}
			}
		}
	}
	return "", false
}

// cannotMatch reports whether a helper that exits with ARG_ERROR only when
// a parameter matches a sentinel error (errors.Is) is given, there, an error
// that cannot: nil, a new error, an error of the standard library (which
// knows no sentinel of the program), or fmt.Errorf wrapping only such with
// %w.
func (ch *checker) cannotMatch(f *exits.Summary, c *ssa.CallCommon) bool {
	g, ok := f.Guard(argerror.ArgCode)
	if !ok || g.IsStd || g.Param >= len(c.Args) {
		return false
	}
	return !ch.mayWrap(c.Args[g.Param], map[ssa.Value]bool{}, 0)
}

// mayWrap reports whether the error value v may be, or wrap, a sentinel
// error of the program.
func (ch *checker) mayWrap(v ssa.Value, seen map[ssa.Value]bool, depth int) bool {
	if seen[v] || depth > 6 {
		return !seen[v]
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.Const:
		return false // nil
	case *ssa.MakeInterface:
		return ch.mayWrap(x.X, seen, depth+1)
	case *ssa.ChangeInterface:
		return ch.mayWrap(x.X, seen, depth+1)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if ch.mayWrap(e, seen, depth+1) {
				return true
			}
		}
		return false
	case *ssa.Extract:
		if call, ok := x.Tuple.(*ssa.Call); ok {
			return ch.callMayWrap(call, seen, depth)
		}
	case *ssa.Call:
		return ch.callMayWrap(x, seen, depth)
	}
	return true
}

func (ch *checker) callMayWrap(call *ssa.Call, seen map[ssa.Value]bool, depth int) bool {
	fn := staticFunc(call.Common())
	if fn == nil || fn.Pkg() == nil {
		return true
	}
	args := call.Common().Args
	switch name := fn.FullName(); {
	case name == "errors.New":
		return false
	case name == "fmt.Errorf" && len(args) == 2:
		var format constant.Value
		if k, ok := args[0].(*ssa.Const); ok {
			format = k.Value
		}
		wrapped, known := analyzerutil.WrappedArgs(format)
		for i, el := range sliceElems(args[1]) {
			if el != nil && (!known || slices.Contains(wrapped, i)) && ch.mayWrap(el, seen, depth+1) {
				return true
			}
		}
		return false
	}
	// The standard library returns none of the program's sentinels.
	return !analyzerutil.StdPackage(fn.Pkg().Path())
}

func unconvert(v ssa.Value) ssa.Value {
	for i := 0; i < 4; i++ {
		switch x := v.(type) {
		case *ssa.Convert:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		default:
			return v
		}
	}
	return v
}

// carries reports how v may carry ARG_ERROR ("" if not), recording in from
// the calls it comes from.
func (ch *checker) carries(v ssa.Value, from map[ssa.Value]bool, depth int) string {
	if depth > 8 {
		return ""
	}
	switch x := v.(type) {
	case *ssa.Const:
		if ch.ae.IsArgConst(x.Type(), x.Value) {
			return "ArgError"
		}
	case *ssa.MakeInterface:
		return ch.carries(x.X, from, depth+1)
	case *ssa.ChangeType:
		return ch.carries(x.X, from, depth+1)
	case *ssa.Convert:
		return ch.carries(x.X, from, depth+1)
	case *ssa.ChangeInterface:
		return ch.carries(x.X, from, depth+1)
	case *ssa.TypeAssert:
		return ch.carries(x.X, from, depth+1)
	case *ssa.Phi:
		if from[x] {
			return ""
		}
		from[x] = true
		for _, e := range x.Edges {
			if via := ch.carries(e, from, depth+1); via != "" {
				return via
			}
		}
	case *ssa.Extract:
		if call, ok := x.Tuple.(*ssa.Call); ok {
			if lit := literalCallee(call.Common()); lit != nil {
				if ch.literalCarries(lit, x.Index, from, depth) {
					from[call] = true
					return "func literal"
				}
				return ""
			}
			if fn := staticFunc(call.Common()); fn != nil {
				if f := ch.ae.Func(fn); f != nil && f.Has(x.Index) {
					from[call] = true
					return analyzerutil.CallName(fn)
				}
			}
		}
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return ""
		}
		alloc, ok := x.X.(*ssa.Alloc)
		if !ok || !wholeValue(alloc) {
			return ch.carries(x.X, from, depth+1)
		}
		// A load of a local variable, the result slot of a function with
		// defers included: what the stores that reach this load put there,
		// not every value the variable ever holds.
		for _, v := range reachingStores(x, alloc) {
			if via := ch.carries(v, from, depth+1); via != "" {
				return via
			}
		}
	case *ssa.Global:
		// A package-level sentinel: var errNoArgs = exitcode.New(…).
		if v, ok := x.Object().(*types.Var); ok {
			return ch.ae.Sentinel(v)
		}
	case *ssa.Alloc:
		// A composite literal or a spilled local: what is stored into it.
		for _, ref := range *x.Referrers() {
			switch r := ref.(type) {
			case *ssa.Store:
				if r.Addr == x {
					if via := ch.carries(r.Val, from, depth+1); via != "" {
						return via
					}
				}
			case *ssa.FieldAddr:
				for _, ref2 := range *r.Referrers() {
					if st, ok := ref2.(*ssa.Store); ok && st.Addr == r {
						if via := ch.carries(st.Val, from, depth+1); via != "" {
							return via
						}
					}
				}
			}
		}
	case *ssa.Slice:
		// A slice of errors (errors.Join(errs...)): what its elements carry.
		for _, el := range sliceElems(x) {
			if el != nil {
				if via := ch.carries(el, from, depth+1); via != "" {
					return via
				}
			}
		}
	case *ssa.Call:
		if b, ok := x.Common().Value.(*ssa.Builtin); ok {
			if b.Name() != "append" {
				return ""
			}
			// append(errs, e) or append(errs, more...): the slice and the
			// elements appended.
			for _, a := range x.Common().Args {
				for _, el := range sliceElems(a) {
					if el != nil {
						if via := ch.carries(el, from, depth+1); via != "" {
							return via
						}
					}
				}
			}
			return ""
		}
		if lit := literalCallee(x.Common()); lit != nil {
			if ch.literalCarries(lit, 0, from, depth) {
				from[x] = true
				return "func literal"
			}
			return ""
		}
		fn := staticFunc(x.Common())
		if fn == nil {
			return ""
		}
		args := x.Common().Args
		switch argerror.CarrierOf(fn) {
		case argerror.CarrierExitCoder:
			if i := argerror.ExitCoderArg(fn); i < len(args) {
				if k, ok := unconvert(args[i]).(*ssa.Const); ok && argerror.IsArgCode(k.Value) {
					from[x] = true
					return analyzerutil.CallName(fn)
				}
			}
			return ""
		case argerror.CarrierCode:
			if len(args) > 0 && ch.carries(args[0], from, depth+1) != "" {
				from[x] = true
				return "exitcode.New"
			}
			return ""
		case argerror.CarrierRecv:
			if len(args) > 0 {
				return ch.carries(args[0], from, depth+1)
			}
			return ""
		case argerror.CarrierArgs:
			for _, a := range args {
				for _, el := range sliceElems(a) {
					if via := ch.carries(el, from, depth+1); via != "" {
						return via
					}
				}
			}
			return ""
		case argerror.CarrierWrap:
			if len(args) < 2 {
				return ""
			}
			var format constant.Value
			if k, ok := args[0].(*ssa.Const); ok {
				format = k.Value
			}
			wrapped, known := analyzerutil.WrappedArgs(format)
			for i, el := range sliceElems(args[1]) {
				if known && !slices.Contains(wrapped, i) {
					continue
				}
				if via := ch.carries(el, from, depth+1); via != "" {
					return via
				}
			}
			return ""
		}
		if f := ch.ae.Func(fn); f != nil && f.Has(0) && fn.Signature().Results().Len() == 1 {
			from[x] = true
			return analyzerutil.CallName(fn)
		}
	}
	return ""
}

// wholeValue reports whether the variable is only ever stored and loaded
// whole: no field or element address is taken, so the stores that reach a
// load say what it reads.
func wholeValue(alloc *ssa.Alloc) bool {
	for _, ref := range *alloc.Referrers() {
		switch r := ref.(type) {
		case *ssa.Store:
			if r.Val == ssa.Value(alloc) {
				return false // its address is stored somewhere
			}
		case *ssa.UnOp, *ssa.DebugRef:
		case *ssa.MakeClosure:
			// A closure that captures the variable (a deferred function
			// that sets a named result) may store into it: its stores
			// reach every load after the closure runs, which
			// reachingStores adds.
		default:
			return false
		}
	}
	return true
}

// reachingStores returns the values the stores into alloc that reach the
// load put there: walking back from the load, the last store on each path,
// and every store a closure capturing the variable makes. A path that
// reaches the function's entry with no store reads the zero value, which
// carries nothing.
func reachingStores(load *ssa.UnOp, alloc *ssa.Alloc) []ssa.Value {
	var out []ssa.Value
	seen := map[*ssa.BasicBlock]bool{}
	var walk func(b *ssa.BasicBlock, before int)
	walk = func(b *ssa.BasicBlock, before int) {
		for i := before - 1; i >= 0; i-- {
			if st, ok := b.Instrs[i].(*ssa.Store); ok && st.Addr == ssa.Value(alloc) {
				out = append(out, st.Val)
				return
			}
		}
		for _, p := range b.Preds {
			if !seen[p] {
				seen[p] = true
				walk(p, len(p.Instrs))
			}
		}
	}
	walk(load.Block(), index(load))
	for _, ref := range *alloc.Referrers() {
		mc, ok := ref.(*ssa.MakeClosure)
		if !ok {
			continue
		}
		fn := mc.Fn.(*ssa.Function)
		for i, b := range mc.Bindings {
			if b != ssa.Value(alloc) || i >= len(fn.FreeVars) {
				continue
			}
			for _, fref := range *fn.FreeVars[i].Referrers() {
				if st, ok := fref.(*ssa.Store); ok && st.Addr == ssa.Value(fn.FreeVars[i]) {
					out = append(out, st.Val)
				}
			}
		}
	}
	return out
}

// sliceElems returns the values stored into the array behind a variadic
// argument slice, or v itself.
func sliceElems(v ssa.Value) []ssa.Value {
	s, ok := v.(*ssa.Slice)
	if !ok {
		return []ssa.Value{v}
	}
	alloc, ok := s.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	// In the order of their indexes: fmt.Errorf's verbs name arguments by
	// position.
	n := 0
	if arr, ok := alloc.Type().Underlying().(*types.Pointer); ok {
		if a, ok := arr.Elem().Underlying().(*types.Array); ok {
			n = int(a.Len())
		}
	}
	out := make([]ssa.Value, n)
	for _, ref := range *alloc.Referrers() {
		ia, ok := ref.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		k, ok := ia.Index.(*ssa.Const)
		if !ok {
			continue
		}
		i, exact := constant.Int64Val(constant.ToInt(k.Value))
		if !exact || i < 0 || int(i) >= n {
			continue
		}
		for _, ref2 := range *ia.Referrers() {
			if st, ok := ref2.(*ssa.Store); ok && st.Addr == ia {
				out[i] = st.Val
			}
		}
	}
	return out // a nil element, never stored, carries nothing
}

func staticFunc(c *ssa.CallCommon) *types.Func {
	if c.IsInvoke() {
		return nil
	}
	if callee := c.StaticCallee(); callee != nil {
		fn, _ := callee.Object().(*types.Func)
		return fn
	}
	return nil
}

// literalCallee returns the function literal a call calls, if it calls one
// statically (check := func() error {…}; check(), or on the spot).
func literalCallee(c *ssa.CallCommon) *ssa.Function {
	if c.IsInvoke() {
		return nil
	}
	if callee := c.StaticCallee(); callee != nil && callee.Parent() != nil {
		return callee
	}
	return nil
}

// literalCarries reports whether result i of a function literal may carry
// ARG_ERROR: what its return statements return there.
func (ch *checker) literalCarries(lit *ssa.Function, i int, from map[ssa.Value]bool, depth int) bool {
	if from[lit] || depth > 6 {
		return false
	}
	from[lit] = true
	for _, b := range lit.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && i < len(ret.Results) {
			if ch.carries(ret.Results[i], map[ssa.Value]bool{lit: true}, depth+1) != "" {
				return true
			}
		}
	}
	return false
}
