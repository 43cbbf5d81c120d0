package exits

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/internal/ssavalue"
)

// maxCodeDepth is how many steps (a phi's edge, a local variable's store,
// a helper's parameter, exitcode.FromError's error) the SSA view follows an
// exit code back to where it is chosen: as many as ssavalue follows a value.
const maxCodeDepth = ssavalue.MaxSourceDepth

// maxWrapDepth is how many steps (a conversion, a phi's edge, an argument
// fmt.Errorf wraps) the SSA view follows an error to tell whether it may
// wrap one of the program's sentinel errors.
const maxWrapDepth = 6

// SSACodes answers, over SSA, where the process may end with one exit
// code: the syntax side's code sites (Sites, through origins) and helper
// summaries (Func, Code) applied to the SSA form of a function.
//
// Each answer follows the code back along every path, recording in a
// ssavalue.Trace each origin of the code (where the constant is chosen, the
// call whose result carries it), so that a check can tell which side
// effects lie on the path of each.
type SSACodes struct {
	e    *Exits
	code int
	// carries reports how an error value carries the code, for
	// exitcode.FromError's argument ("" if it does not), recording its
	// origins in tr; at is where the error is used.
	carries func(err ssa.Value, tr *ssavalue.Trace, at ssavalue.Point, depth int) string
	// returns are the return statements whose integer result becomes the
	// exit code, by position, with how (CodeSite.Via).
	returns map[token.Pos]string
}

// SSA returns the SSA view of where the package's code may end the process
// with exit code code; carries tells which errors carry it.
func (e *Exits) SSA(code int, carries func(err ssa.Value, tr *ssavalue.Trace, at ssavalue.Point, depth int) string) *SSACodes {
	s := &SSACodes{e: e, code: code, carries: carries, returns: map[token.Pos]string{}}
	for _, site := range e.sites {
		if site.Return != nil {
			s.returns[site.Return.Return] = site.Via
		}
	}
	return s
}

// Exit reports whether a call ends the process with the code, and how,
// recording the code's origins in tr: an exit function given the code (or
// a value that may be it), a helper whose summary says it may exit with it
// (the call is the origin), or a helper that exits with a parameter
// (CodeParams) given it.
func (s *SSACodes) Exit(call ssa.CallInstruction, tr *ssavalue.Trace) (string, bool) {
	c := call.Common()
	fn := s.Callee(c)
	if fn == nil {
		return "", false
	}
	at := ssavalue.At(call)
	if IsExit(fn) {
		if len(c.Args) != 1 {
			return "", false
		}
		how, ok := s.value(c.Args[0], tr, at, 0)
		if !ok {
			return "", false
		}
		if how != "" {
			return "emitted by " + analyzerutil.CallName(fn) + " (" + how + ")", true
		}
		return "emitted by " + analyzerutil.CallName(fn), true
	}
	if f := s.e.Func(fn); f != nil && f.Has(s.code) && !s.cannotMatch(f, c) && tr.Record(at, analyzerutil.CallName(fn)) {
		return "emitted by " + analyzerutil.CallName(fn) + " (which may exit with it, via " + f.ViaFor(s.code) + ")", true
	}
	if f := s.e.Code(fn); f != nil {
		if s.anyArg(c.Args, f.Exits, tr, at) {
			return "emitted by " + analyzerutil.CallName(fn) + " (it exits with the code it is given)", true
		}
		if s.anyArg(c.Args, f.Sets, tr, at) {
			return "emitted by " + analyzerutil.CallName(fn) + " (it sets the exit status the process ends with)", true
		}
	}
	return "", false
}

// anyArg reports whether one of the arguments at indexes may be the code,
// recording the origins of each that may.
func (s *SSACodes) anyArg(args []ssa.Value, indexes []int, tr *ssavalue.Trace, at ssavalue.Point) bool {
	found := false
	for _, j := range indexes {
		if j < len(args) {
			if _, ok := s.value(args[j], tr, at, 0); ok {
				found = true
			}
		}
	}
	return found
}

// Return reports whether a return statement returns the code from a
// function whose integer result becomes the process's exit code (a code
// site: main calls os.Exit(run())), and how, recording the code's origins
// in tr.
func (s *SSACodes) Return(ret *ssa.Return, tr *ssavalue.Trace) (string, bool) {
	via, ok := s.returns[ret.Pos()]
	if !ok {
		return "", false
	}
	found := false
	for _, r := range ret.Results {
		if analyzerutil.IsInteger(r.Type()) {
			if _, ok := s.value(r, tr, ssavalue.At(ret), 0); ok {
				found = true
			}
		}
	}
	return via, found
}

// Status reports whether a store puts the code into an exit-status
// variable (exitStatus = 3, then os.Exit(exitStatus)), and which,
// recording the code's origins in tr.
func (s *SSACodes) Status(st *ssa.Store, tr *ssavalue.Trace) (*types.Var, bool) {
	g, ok := st.Addr.(*ssa.Global)
	if !ok {
		return nil, false
	}
	v, ok := g.Object().(*types.Var)
	if !ok || !s.e.IsStatus(v) {
		return nil, false
	}
	if _, ok := s.value(st.Val, tr, ssavalue.At(st), 0); !ok {
		return nil, false
	}
	return v, true
}

// Callee returns the function a call calls: its static callee, or the
// exit function a package-level variable holds (var osExit = os.Exit).
func (s *SSACodes) Callee(c *ssa.CallCommon) *types.Func {
	if fn := ssavalue.StaticFunc(c); fn != nil {
		return fn
	}
	if load, ok := c.Value.(*ssa.UnOp); ok && load.Op == token.MUL {
		switch x := load.X.(type) {
		case *ssa.Global:
			if v, ok := x.Object().(*types.Var); ok {
				return s.e.ExitVar(v)
			}
		case *ssa.FieldAddr:
			// a.terminate(1): a field that holds an exit function
			// (exitFields)
			if p, ok := x.X.Type().Underlying().(*types.Pointer); ok {
				if st, ok := p.Elem().Underlying().(*types.Struct); ok && x.Field < st.NumFields() {
					return s.e.ExitVar(st.Field(x.Field))
				}
			}
		}
	}
	return nil
}

// value reports whether the exit code v, used at at, may be the code, and
// how ("" for the constant itself): a constant, an edge of a phi, a local
// variable's stored value, the code a helper returns from a parameter
// (CodeParams: report(err, 3)), or exitcode.FromError of an error that
// carries it. Every path is followed, and each origin recorded in tr; how
// is the first's.
func (s *SSACodes) value(v ssa.Value, tr *ssavalue.Trace, at ssavalue.Point, depth int) (string, bool) {
	if depth > maxCodeDepth {
		return "", false
	}
	switch x := ssavalue.Unconvert(v).(type) {
	case *ssa.Const:
		return "", isCode(x.Value, s.code) && tr.Record(at, x.Value.ExactString())
	case *ssa.Phi:
		if !tr.Visit(x) {
			return "", false
		}
		return ssavalue.First(len(x.Edges), func(i int) (string, bool) {
			return s.value(x.Edges[i], tr, ssavalue.End(x.Block().Preds[i]), depth+1)
		})
	case *ssa.UnOp:
		if alloc, ok := x.X.(*ssa.Alloc); ok && x.Op == token.MUL && ssavalue.WholeValue(alloc) {
			stores := ssavalue.ReachingStores(x, alloc)
			return ssavalue.First(len(stores), func(i int) (string, bool) {
				return s.value(stores[i].Val, tr, ssavalue.At(stores[i]), depth+1)
			})
		}
	case *ssa.Call:
		return s.callValue(x, tr, depth)
	}
	return "", false
}

// callValue reports whether the code a call returns may be the code:
// exitcode.FromError of an error that carries it, or a helper that returns
// a parameter given it.
func (s *SSACodes) callValue(x *ssa.Call, tr *ssavalue.Trace, depth int) (string, bool) {
	fn := ssavalue.StaticFunc(x.Common())
	if fn == nil || !tr.Visit(x) {
		return "", false
	}
	args := x.Common().Args
	if IsFromError(fn) && len(args) == 1 {
		if via := s.carries(args[0], tr, ssavalue.At(x), depth+1); via != "" {
			tr.Through(x)
			return analyzerutil.CallName(fn) + " of " + via, true
		}
		return "", false
	}
	if f := s.e.Code(fn); f != nil {
		return ssavalue.First(len(f.Returns), func(i int) (string, bool) {
			if j := f.Returns[i]; j < len(args) {
				if _, ok := s.value(args[j], tr, ssavalue.At(x), depth+1); ok {
					return analyzerutil.CallName(fn) + " returns the code it is given", true
				}
			}
			return "", false
		})
	}
	return "", false
}

// isCode reports whether a constant is the integer code, whatever its
// integer type.
func isCode(v constant.Value, code int) bool {
	if v == nil || v.Kind() != constant.Int {
		return false
	}
	n, exact := constant.Int64Val(v)
	return exact && n == int64(code)
}

// cannotMatch reports whether a helper that exits with the code only when
// a parameter matches a sentinel error (errors.Is) is given, there, an
// error that cannot: nil, a new error, an error of the standard library
// (which knows no sentinel of the program), or fmt.Errorf wrapping only
// such with %w.
func (s *SSACodes) cannotMatch(f *Summary, c *ssa.CallCommon) bool {
	g, ok := f.Guard(s.code)
	if !ok || g.IsStd || g.Param >= len(c.Args) {
		return false
	}
	return !mayWrap(c.Args[g.Param], map[ssa.Value]bool{}, 0)
}

// mayWrap reports whether the error value v may be, or wrap, a sentinel
// error of the program.
func mayWrap(v ssa.Value, seen map[ssa.Value]bool, depth int) bool {
	if seen[v] || depth > maxWrapDepth {
		return !seen[v]
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.Const:
		return false // nil
	case *ssa.MakeInterface:
		return mayWrap(x.X, seen, depth+1)
	case *ssa.ChangeInterface:
		return mayWrap(x.X, seen, depth+1)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if mayWrap(e, seen, depth+1) {
				return true
			}
		}
		return false
	case *ssa.Extract:
		if call, ok := x.Tuple.(*ssa.Call); ok {
			return callMayWrap(call, seen, depth)
		}
	case *ssa.Call:
		return callMayWrap(x, seen, depth)
	case *ssa.UnOp:
		// A package-level variable of the standard library (io.EOF,
		// fs.ErrNotExist) is none of the program's sentinels.
		if g, ok := x.X.(*ssa.Global); ok && x.Op == token.MUL && g.Object() != nil && g.Object().Pkg() != nil {
			return !analyzerutil.StdPackage(g.Object().Pkg().Path())
		}
	}
	return true
}

func callMayWrap(call *ssa.Call, seen map[ssa.Value]bool, depth int) bool {
	fn := ssavalue.StaticFunc(call.Common())
	if fn == nil || fn.Pkg() == nil {
		return true
	}
	args := call.Common().Args
	switch name := fn.FullName(); {
	case name == "errors.New":
		return false
	case name == "errors.Join" && len(args) == 1:
		// It wraps every error it is given.
		for _, el := range ssavalue.SliceElems(args[0]) {
			if el != nil && mayWrap(el, seen, depth+1) {
				return true
			}
		}
		return false
	case name == "fmt.Errorf" && len(args) == 2:
		var format constant.Value
		if k, ok := args[0].(*ssa.Const); ok {
			format = k.Value
		}
		wrapped, known := analyzerutil.WrappedArgs(format)
		for i, el := range ssavalue.SliceElems(args[1]) {
			if el != nil && (!known || slices.Contains(wrapped, i)) && mayWrap(el, seen, depth+1) {
				return true
			}
		}
		return false
	}
	// The standard library returns none of the program's sentinels.
	return !analyzerutil.StdPackage(fn.Pkg().Path())
}
