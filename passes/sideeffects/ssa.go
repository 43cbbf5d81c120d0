package sideeffects

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/internal/ssavalue"
)

// maxLiteralDepth is how many function literals deep the SSA view looks for
// a side effect: a literal called, started or handed to a call, inside
// another. A side effect deeper than that in nested callbacks is not seen.
const maxLiteralDepth = 4

// SSA answers, for calls in the SSA form of the package's functions, which
// have side effects: the same catalogue, facts and rules as the syntax
// side (CallIn), with what SSA adds: the values a call is given followed
// through phis, captured variables and the parameters of the package's
// unexported functions (ssavalue), and function literals followed into.
type SSA struct {
	s        *SideEffects
	tr       *ssavalue.Tracer
	literals map[*ssa.Function]*Effect // side effects of function literals, memoized; nil: none
}

// SSA returns the SSA view of the package's side effects, following values
// with tr.
func (s *SideEffects) SSA(tr *ssavalue.Tracer) *SSA {
	return &SSA{s: s, tr: tr, literals: map[*ssa.Function]*Effect{}}
}

// Call returns the side effect of a call and the rule that narrowed it, if
// it has one.
func (v *SSA) Call(c *ssa.CallCommon) (Effect, Rule, bool) { return v.call(c, 0) }

func (v *SSA) call(c *ssa.CallCommon, depth int) (Effect, Rule, bool) {
	if v.s.atTerminal(c.Pos()) {
		return Effect{}, Rule{}, false // no agent's run makes it
	}
	var fn *types.Func
	recvArg := 0
	switch {
	case c.IsInvoke():
		fn = c.Method
		if m := concreteMethod(c); m != nil {
			// var out Store = diskStore{…}; out.Save(…) calls diskStore's
			// Save: its effect, or none.
			if e, rule, ok := v.s.Func(m); ok && rule.Kind == Always {
				return e, rule, true
			}
			if _, _, marked := v.s.Func(fn); !marked {
				return v.callbackEffect(c, depth)
			}
		}
	default:
		callee := c.StaticCallee()
		if callee == nil {
			return Effect{}, Rule{}, false
		}
		if callee.Object() == nil || callee.Parent() != nil {
			e, ok := v.literalEffect(callee, depth)
			return e, Rule{}, ok
		}
		fn, _ = callee.Object().(*types.Func)
		if fn == nil {
			return Effect{}, Rule{}, false
		}
		if fn.Signature().Recv() != nil {
			recvArg = 1
		}
	}
	e, rule, ok := v.s.Func(fn)
	if !ok {
		return v.callbackEffect(c, depth)
	}
	if e, ok = judged(e, rule, ssaCall{v, c, recvArg}); !ok {
		return Effect{}, Rule{}, false
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

// callbackEffect returns the side effect of a function literal the call is
// given (filepath.WalkDir's callback, sync.Once.Do's, errgroup.Go's): the
// callee runs it while the call does.
func (v *SSA) callbackEffect(c *ssa.CallCommon, depth int) (Effect, Rule, bool) {
	for _, arg := range c.Args {
		var lit *ssa.Function
		switch a := ssavalue.Unconvert(arg).(type) {
		case *ssa.Function:
			lit = a
		case *ssa.MakeClosure:
			lit, _ = a.Fn.(*ssa.Function)
		}
		if lit == nil || lit.Parent() == nil {
			continue
		}
		if e, ok := v.literalEffect(lit, depth); ok {
			return Effect{Chain: append([]string{"callback"}, e.Chain...), What: e.What, Housekeeping: e.Housekeeping}, Rule{}, true
		}
	}
	return Effect{}, Rule{}, false
}

// literalEffect returns the first side effect a function literal (or other
// function without an object) makes when called; housekeeping only when it
// makes no other.
func (v *SSA) literalEffect(f *ssa.Function, depth int) (Effect, bool) {
	if e, ok := v.literals[f]; ok {
		if e == nil {
			return Effect{}, false
		}
		return *e, true
	}
	v.literals[f] = nil // cycles and depth end here
	if depth > maxLiteralDepth {
		return Effect{}, false
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
			if e, _, ok := v.call(c, depth+1); ok && (v.literals[f] == nil || !e.Housekeeping) {
				e = Effect{Chain: append([]string{"func literal"}, e.Chain...), What: e.What, Housekeeping: e.Housekeeping}
				v.literals[f] = &e
				if !e.Housekeeping {
					return e, true
				}
			}
		}
	}
	if e := v.literals[f]; e != nil {
		return *e, true
	}
	return Effect{}, false
}

// ssaCall answers a side-effect rule's questions from a call in SSA form,
// whose arguments start with the receiver of a static method call.
type ssaCall struct {
	v       *SSA
	c       *ssa.CallCommon
	recvArg int
}

// arg returns argument i (Recv: the receiver), or nil.
func (s ssaCall) arg(i int) ssa.Value {
	if i == Recv {
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
	tr := s.v.tr
	return IsFile(v.Type()) && !tr.All(v, isStdio) && !tr.All(v, s.v.tempFile)
}

func (s ssaCall) InTempDir(i int) bool {
	v := s.arg(i)
	return v != nil && s.v.tr.All(v, s.v.tempPath)
}

func (s ssaCall) OwnPid(i int) bool {
	call, ok := s.arg(i).(*ssa.Call)
	return ok && IsOwnPid(ssavalue.StaticFunc(call.Common()))
}

func (s ssaCall) RequestMethod(i int) (string, bool) {
	v := s.arg(i)
	if v == nil {
		return "", false
	}
	return s.v.requestMethod(v, 0)
}

// tempPath reports whether a path value is temporary: os.MkdirTemp's first
// result, or a join whose first element is.
func (v *SSA) tempPath(val ssa.Value) bool {
	switch x := val.(type) {
	case *ssa.Extract:
		if call, ok := x.Tuple.(*ssa.Call); ok && x.Index == 0 {
			return PathFuncOf(ssavalue.StaticFunc(call.Common())) == TempDir
		}
	case *ssa.Call:
		if PathFuncOf(ssavalue.StaticFunc(x.Common())) == Join && len(x.Common().Args) == 1 {
			elems := ssavalue.SliceElems(x.Common().Args[0])
			return len(elems) > 0 && elems[0] != nil && v.tr.All(elems[0], v.tempPath)
		}
	}
	return false
}

// tempFile reports whether a file value is temporary: os.CreateTemp's
// first result, or os.Create's or os.OpenFile's at a temporary path.
func (v *SSA) tempFile(val ssa.Value) bool {
	x, ok := val.(*ssa.Extract)
	if !ok || x.Index != 0 {
		return false
	}
	call, ok := x.Tuple.(*ssa.Call)
	if !ok {
		return false
	}
	switch PathFuncOf(ssavalue.StaticFunc(call.Common())) {
	case TempFile:
		return true
	case OpenPath:
		return len(call.Common().Args) > 0 && v.tr.All(call.Common().Args[0], v.tempPath)
	}
	return false
}

// requestMethod follows a request value to the calls that built it:
// http.NewRequest(WithContext) with a constant method, through copies
// (WithContext, Clone) and sources; every one must agree.
func (v *SSA) requestMethod(val ssa.Value, depth int) (string, bool) {
	srcs, ok := v.tr.Sources(val)
	if !ok || len(srcs) == 0 || depth > maxFollowDepth {
		return "", false
	}
	method := ""
	for j, src := range srcs {
		m, ok := v.builtMethod(src, depth)
		if !ok || (j > 0 && m != method) {
			return "", false
		}
		method = m
	}
	return method, true
}

// builtMethod returns the constant method of the request one call built.
func (v *SSA) builtMethod(val ssa.Value, depth int) (string, bool) {
	if call, ok := val.(*ssa.Call); ok {
		if IsRequestCopy(ssavalue.StaticFunc(call.Common())) && len(call.Common().Args) > 0 {
			return v.requestMethod(call.Common().Args[0], depth+1)
		}
		return "", false
	}
	x, ok := val.(*ssa.Extract)
	if !ok || x.Index != 0 {
		return "", false
	}
	call, ok := x.Tuple.(*ssa.Call)
	if !ok {
		return "", false
	}
	fn := ssavalue.StaticFunc(call.Common())
	if fn == nil {
		return "", false
	}
	i, ok := RequestMethodArg(fn)
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
			return analyzerutil.IsStdio(g.Object())
		}
	}
	return false
}

func (s ssaCall) Home(i int) Home {
	a := s.arg(i)
	if a == nil {
		return NoHome
	}
	if h := s.v.home(a, 0); h != userHome {
		return h
	}
	return NoHome
}

func (s ssaCall) FileHome(i int) (Home, bool) {
	a := s.arg(i)
	if a == nil {
		return NoHome, false
	}
	if mi, ok := a.(*ssa.MakeInterface); ok {
		a = mi.X
	}
	srcs, ok := s.v.tr.Sources(a)
	if !ok || len(srcs) == 0 {
		return NoHome, false
	}
	home, excl := NoHome, true
	for j, src := range srcs {
		args, ok := openedAt(src)
		if !ok {
			return NoHome, false
		}
		h := s.v.home(args[0], 0)
		if h == userHome {
			h = NoHome
		}
		if j == 0 {
			home = h
		} else {
			home = both(home, h)
		}
		if len(args) < 2 {
			excl = false
		} else if k, ok := args[1].(*ssa.Const); !ok || !exclusive(k.Value) {
			excl = false
		}
	}
	return home, excl
}

// openedAt returns the arguments of the call of os.Create or os.OpenFile
// whose file val is.
func openedAt(val ssa.Value) ([]ssa.Value, bool) {
	x, ok := val.(*ssa.Extract)
	if !ok || x.Index != 0 {
		return nil, false
	}
	call, ok := x.Tuple.(*ssa.Call)
	if !ok || PathFuncOf(ssavalue.StaticFunc(call.Common())) != OpenPath || len(call.Common().Args) == 0 {
		return nil, false
	}
	return call.Common().Args, true
}

// home follows a path value to the user's directory it lies in, as the
// syntax side does (syntaxCall.home): through phis, captured variables and
// the package's unexported functions' parameters, joins and directories,
// and the functions whose fact says they return such a path.
func (v *SSA) home(val ssa.Value, depth int) Home {
	if depth > maxHomeDepth || v.s.homes == nil {
		return NoHome
	}
	srcs, ok := v.tr.Sources(val)
	if !ok || len(srcs) == 0 {
		return NoHome
	}
	h := v.homeOne(srcs[0], depth)
	for _, src := range srcs[1:] {
		h = both(h, v.homeOne(src, depth))
	}
	return h
}

func (v *SSA) homeOne(val ssa.Value, depth int) Home {
	switch x := val.(type) {
	case *ssa.Extract:
		call, ok := x.Tuple.(*ssa.Call)
		if !ok || x.Index != 0 {
			return NoHome
		}
		return v.homeOfCall(call, depth)
	case *ssa.Call:
		return v.homeOfCall(x, depth)
	case *ssa.UnOp:
		if g, ok := x.X.(*ssa.Global); ok && x.Op == token.MUL {
			return homeVar(g.Object())
		}
	}
	return NoHome
}

func (v *SSA) homeOfCall(call *ssa.Call, depth int) Home {
	fn := ssavalue.StaticFunc(call.Common())
	if fn == nil {
		return NoHome
	}
	if h := homeSource(fn); h != NoHome {
		return h
	}
	args := call.Common().Args
	switch {
	case isGetenv(fn):
		if k, ok := args[0].(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.String {
			return homeEnv(constant.StringVal(k.Value))
		}
		return NoHome
	case isDir(fn):
		if h := v.home(args[0], depth+1); h != userHome {
			return h
		}
		return NoHome
	case PathFuncOf(fn) == Join:
		if _, ok := args[0].(*ssa.Slice); !ok {
			return NoHome // Join(parts...)
		}
		elems := ssavalue.SliceElems(args[0])
		if len(elems) == 0 || elems[0] == nil {
			return NoHome
		}
		rest := make([]elem, 0, len(elems)-1)
		for _, e := range elems[1:] {
			if k, ok := e.(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.String {
				rest = append(rest, elem{constant.StringVal(k.Value), true})
			} else {
				rest = append(rest, elem{})
			}
		}
		return joined(v.home(elems[0], depth+1), rest)
	}
	return v.s.homes.of(fn)
}
