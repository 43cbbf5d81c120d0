package argphase

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/internal/ssavalue"
	"github.com/exitlint/exitlint/passes/argerror"
	"github.com/exitlint/exitlint/passes/config"
	"github.com/exitlint/exitlint/passes/exits"
	"github.com/exitlint/exitlint/passes/sideeffects"
	"github.com/exitlint/exitlint/passes/suppress"
	"github.com/exitlint/exitlint/passes/terminal"
)

//go:embed doc.go
var doc string

// Analyzer reports ARG_ERROR emitted after a side effect.
var Analyzer = &analysis.Analyzer{
	Name:     "argphase",
	Doc:      analyzerutil.Doc(doc, "argphase"),
	URL:      analyzerutil.URL("argphase"),
	Run:      analyzerutil.Guard(run),
	Requires: []*analysis.Analyzer{exits.Analyzer, sideeffects.Analyzer, argerror.Analyzer, suppress.Analyzer, terminal.Analyzer},
}

func init() {
	config.AddAlias(Analyzer, "sideeffects")
}

type checker struct {
	pass    *analysis.Pass
	ex      *exits.Exits
	sup     *suppress.Suppressions
	effects *sideeffects.SSA    // which calls have side effects
	args    *argerror.SSA       // where ARG_ERROR is emitted
	argErrs *argerror.ArgErrors // what the program means by a 3 (otherMeaning)
	term    *terminal.Terminal  // the code that runs only at a terminal
	// allFuncs are the package's functions, its initializers included;
	// flagFacts what they say of the command line's flags (flags.go),
	// found on first need when the package imports cobra.
	allFuncs     []*ssa.Function
	importsCobra bool
	flagFacts    *flagFacts
}

func run(pass *analysis.Pass) (any, error) {
	ae := pass.ResultOf[argerror.Analyzer].(*argerror.ArgErrors)
	if !ae.Any {
		return nil, nil // nothing here can emit ARG_ERROR: no SSA
	}
	ch := &checker{
		pass: pass,
		ex:   pass.ResultOf[exits.Analyzer].(*exits.Exits),
		sup:  pass.ResultOf[suppress.Analyzer].(*suppress.Suppressions),
		term: pass.ResultOf[terminal.Analyzer].(*terminal.Terminal),
	}
	pkg, funcs := ch.buildSSA()
	ch.allFuncs = funcs
	if init := pkg.Func("init"); init != nil {
		ch.allFuncs = append(ch.allFuncs, init)
	}
	ch.importsCobra = analyzerutil.Imports(pass.Pkg, "github.com/spf13/cobra")
	ch.effects = pass.ResultOf[sideeffects.Analyzer].(*sideeffects.SideEffects).SSA(ssavalue.NewTracer(pkg, pass.TypesInfo))
	ch.args, ch.argErrs = ae.SSA(ch.ex), ae
	for _, fn := range funcs {
		ch.function(fn)
	}
	return nil, nil
}

// buildSSA builds the package's SSA form, as buildssa does, with the exits
// pass's knowledge of calls that never return; it returns the package and
// its source functions and their literals.
func (ch *checker) buildSSA() (*ssa.Package, []*ssa.Function) {
	pass := ch.pass
	prog := ssa.NewProgram(pass.Fset, ssa.BuilderMode(0))
	prog.SetNoReturn(ch.ex.NoReturn)
	for _, p := range pass.Pkg.Imports() {
		prog.CreatePackage(p, nil, nil, true)
	}
	pkg := prog.CreatePackage(pass.Pkg, pass.Files, pass.TypesInfo, false)
	pkg.Build()
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
	return pkg, out
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
	how   string          // "returns ARG_ERROR (exitcode.New)"
	trace *ssavalue.Trace // where the emitted ARG_ERROR comes from
	emit  emitter         // describes the emission again, for one origin
}

// emitter tells whether an instruction emits ARG_ERROR and how, recording
// the origins of the ARG_ERROR it emits in tr.
type emitter func(tr *ssavalue.Trace) (string, bool)

// emitterOf returns the emitter of an instruction that may emit ARG_ERROR.
func (ch *checker) emitterOf(instr ssa.Instruction) emitter {
	switch in := instr.(type) {
	case *ssa.Call:
		return func(tr *ssavalue.Trace) (string, bool) { return ch.args.Exit(in, tr) }
	case *ssa.Return:
		return func(tr *ssavalue.Trace) (string, bool) { return ch.args.Return(in, tr) }
	case *ssa.Store:
		return func(tr *ssavalue.Trace) (string, bool) { return ch.args.Status(in, tr) }
	}
	return nil
}

func (ch *checker) function(fn *ssa.Function) {
	if fn.Blocks == nil {
		return
	}
	var effects []effect
	var emissions []emission
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			// Housekeeping (the program's own cache or config directory
			// made, its cache written, a default config created) is no
			// side effect an agent meets: a retry repeats it identically.
			switch in := instr.(type) {
			case *ssa.Call:
				if e, rule, ok := ch.effects.Call(in.Common()); ok && !e.Housekeeping {
					effects = append(effects, effect{in, e, rule.AllOrNothing})
				}
			case *ssa.Go:
				if e, _, ok := ch.effects.Call(in.Common()); ok && !e.Housekeeping {
					effects = append(effects, effect{instr: in, what: e})
				}
			}
			if emit := ch.emitterOf(instr); emit != nil {
				tr := ssavalue.NewTrace()
				if how, ok := emit(tr); ok {
					emissions = append(emissions, emission{instr: instr, pos: instr.Pos(), how: how, trace: tr, emit: emit})
				}
			}
		}
	}
	if len(effects) == 0 || len(emissions) == 0 {
		return
	}
	for _, em := range emissions {
		// An emission that runs only at a terminal reaches no agent: its
		// streams are redirected (the terminal pass).
		if em.pos.IsValid() && !ch.term.Only(em.pos) {
			ch.check(em, effects)
		}
	}
}

// check reports an emission that follows a side effect on the path of one
// of its origins: the side effect runs before the origin, or between the
// origin and the emission. A side effect on another path (another case of
// a dispatch) precedes none of the emission's ARG_ERROR.
func (ch *checker) check(em emission, effects []effect) {
	at := ssavalue.At(em.instr)
	origins := em.trace.Origins
	if len(origins) == 0 {
		origins = []ssavalue.Origin{{Point: at}}
	}
	origins = slices.DeleteFunc(slices.Clone(origins), ch.otherMeaning)
	for _, ef := range effects {
		if ef.allOrNothing && onlyIfFailed(ef, em.instr) {
			continue // the call failed on the way here, and changed nothing
		}
		here := ssavalue.At(ef.instr)
		for _, o := range origins {
			if o.Point == here {
				// The call that produces the emitted value checks its own
				// order, unless it runs again after it succeeded: in a loop,
				// an earlier iteration's side effect precedes a later
				// iteration's ARG_ERROR.
				if repeatsAfterSuccess(ef.instr) {
					ch.report(em, o, ef, true)
					return
				}
				continue
			}
			if classifies(ef, o.Point) {
				continue // ARG_ERROR for one class of the call's errors
			}
			if ch.exclusive(here, o.Point) {
				continue // under flags that are never set together
			}
			if here.Before(o.Point) || (o.Point.Before(here) && here.Before(at)) {
				ch.report(em, o, ef, false)
				return
			}
		}
	}
}

// errorOf returns the effect's call and the call's error result; the
// error is nil when the effect is no call that returns one.
func errorOf(ef effect) (*ssa.Call, ssa.Value) {
	call, ok := ef.instr.(*ssa.Call)
	if !ok {
		return nil, nil
	}
	return call, ssavalue.ErrorResult(call)
}

// onlyIfFailed reports whether instr runs only after the effect's call
// failed: it lies on the branch where the call's error result is not nil,
// a branch the call reaches first.
func onlyIfFailed(ef effect, instr ssa.Instruction) bool {
	call, errVal := errorOf(ef)
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

// maxTestDepth is how many steps (a call's argument, a conversion, a
// negation) a branch condition is followed back to the error it tests:
// errors.As(err, &target), !isUsage(err), strings.Contains(err.Error(), …).
const maxTestDepth = 4

// classifies reports whether ARG_ERROR is chosen at p only under a test of
// what the effect call's error is, other than whether it is nil
// (errors.Is, errors.As, a type assertion, a function of the error): the
// code is for one class of the call's errors, and whether the call returns
// an error of that class after its side effect is the callee's to tell. A
// framework's run method returns its own usage errors, before any run
// function runs, beside the run functions' errors; a program that exits
// with ARG_ERROR for the usage errors alone keeps the contract.
func classifies(ef effect, p ssavalue.Point) bool {
	call, errVal := errorOf(ef)
	if errVal == nil {
		return false
	}
	b := p.Block
	if p.Index < len(b.Instrs) {
		b = b.Idom() // p's own block branches after p
	}
	for ; b != nil; b = b.Idom() {
		if br, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok && testsWhat(br.Cond, errVal, 0) {
			return true
		}
		if b == call.Block() {
			break
		}
	}
	return false
}

// testsWhat reports whether a condition is computed from err, other than
// by comparing it with nil.
func testsWhat(v, err ssa.Value, depth int) bool {
	if v == err {
		return true
	}
	if depth > maxTestDepth {
		return false
	}
	switch x := v.(type) {
	case *ssa.BinOp:
		if (x.Op == token.EQL || x.Op == token.NEQ) && (x.X == err || x.Y == err) && isNil(otherOperand(x, err)) {
			return false
		}
		return testsWhat(x.X, err, depth+1) || testsWhat(x.Y, err, depth+1)
	case *ssa.UnOp:
		return testsWhat(x.X, err, depth+1)
	case *ssa.Extract:
		return testsWhat(x.Tuple, err, depth+1)
	case *ssa.TypeAssert:
		return testsWhat(x.X, err, depth+1)
	case *ssa.MakeInterface:
		return testsWhat(x.X, err, depth+1)
	case *ssa.ChangeInterface:
		return testsWhat(x.X, err, depth+1)
	case *ssa.Call:
		c := x.Common()
		if c.IsInvoke() && testsWhat(c.Value, err, depth+1) {
			return true
		}
		for _, a := range c.Args {
			if testsWhat(a, err, depth+1) {
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
		if errVal := ssavalue.ErrorResult(call); errVal != nil {
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
	return ssavalue.Reaches(instr.Block(), instr.Block(), failed)
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

// report reports an emission after a side effect, on the path of origin o;
// earlier says the side effect is the same call's in an earlier iteration
// of a loop.
func (ch *checker) report(em emission, o ssavalue.Origin, ef effect, earlier bool) {
	posn := ch.pass.Fset.Position(ef.instr.Pos())
	where := fmt.Sprintf("line %d", posn.Line)
	if earlier {
		where += ", in an earlier iteration"
	}
	how := em.how
	if len(em.trace.Origins) > 1 {
		// Name the ARG_ERROR of this origin, not the first one found.
		if h, ok := em.emit(ssavalue.Only(o.Point)); ok {
			how = h
		}
	}
	msg := fmt.Sprintf("ARG_ERROR %s after a side effect: %s (%s); ARG_ERROR promises the agent zero side effects, so validate before the first side effect, or emit PARTIAL_FAILURE once one has happened",
		how, ef.what, where)
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
