package exits

import (
	"go/ast"
	"go/types"
	"maps"
	"slices"
	"strings"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/internal/summary"
)

// paramExit ends the Via of an argument a callee exits with; paramSets that
// of an argument a callee stores as the exit status.
const (
	paramExit = " exits with it"
	paramSets = " sets the exit status to it"
	// frameworkExit ends the Via of the code given to a framework's error
	// constructor (cli.Exit), which the framework exits with.
	frameworkExit = ", whose error the framework exits with"
)

// flowItem is an expression whose value becomes an exit code, in the
// function it is in.
type flowItem struct {
	fn     summary.Func
	e      ast.Expr
	via    string
	ret    *ast.ReturnStmt
	direct bool // the argument of an exit call
	// stored marks a value stored into an exit-status variable or field:
	// a parameter of the storing function is followed back to the
	// arguments its callers give (coded(ExitGeneric, err) when coded
	// builds &codedError{code: code}).
	stored bool
}

// sites finds the constants of the package that become exit codes.
func (fl *flow) sites() []CodeSite {
	var work []flowItem
	for fn := range fl.bodies() {
		fl.exitArgs(fn, func(arg ast.Expr, via string, sets bool) {
			direct := !sets && !strings.HasSuffix(via, paramExit) && !strings.HasSuffix(via, frameworkExit)
			work = append(work, flowItem{fn: fn, e: arg, via: via, direct: direct})
		})
		fl.statusStores(fn, func(val ast.Expr, via string) {
			work = append(work, flowItem{fn: fn, e: val, via: via, stored: true})
		})
		switch sig := fn.Obj.Signature(); {
		case fl.frameworkCommandRun(fn.Obj):
			work = fl.seedReturns(work, fn, fl.name(fn.Obj)+"'s result, the exit status the command framework returns")
		case conventional(fl.pass.TypesInfo, fn) && fn.Obj.Exported():
			// An unexported function is a code function only where its
			// result reaches an exit of its package, which the flow finds
			// (hop's gitExitCode maps an error to git's own status).
			work = fl.seedReturns(work, fn, fl.name(fn.Obj)+" (an exit code by its name)")
		case codeResult(sig) >= 0:
			if tn := localNamed(fl.pass, sig.Results().At(codeResult(sig)).Type()); tn != nil && namedForCodes(tn.Name()) {
				work = fl.seedReturns(work, fn, fl.name(fn.Obj)+"'s result, of type "+tn.Name())
			}
		}
	}
	var out []CodeSite
	seen := map[ast.Expr]bool{}
	sunk := map[sinkKey]bool{}
	foreignSeen := map[analyzerutil.Loc]bool{}
	followed := map[paramAt]bool{}
	// followStored follows a variable or field first seen on the way from
	// a result to an exit (it): what the package stores in it is the code
	// too, and what the packages it imports store in a field.
	followStored := func(v *types.Var, it flowItem) {
		fl.status[v] = fl.statusVia(v, it.via)
		for g := range fl.bodies() {
			fl.stores(g, func(w *types.Var) bool { return w == v }, func(val ast.Expr, _ *types.Var) {
				work = append(work, flowItem{fn: g, e: val, via: fl.status[v], stored: true})
			})
		}
		for _, src := range fl.importedStores(v) {
			if !foreignSeen[src.Pos] {
				foreignSeen[src.Pos] = true
				fl.addForeign(ForeignSite{Source: src, Via: fl.storedVia(v, it.via), Exit: analyzerutil.LocOf(fl.pass.Fset, it.e.Pos())})
			}
		}
	}
	// The exit-status variables and fields an exit reads directly
	// (findStatus): what the packages this one imports store in a field.
	for _, v := range slices.SortedFunc(maps.Keys(fl.status), func(a, b *types.Var) int { return int(a.Pos() - b.Pos()) }) {
		for _, src := range fl.importedStores(v) {
			if !foreignSeen[src.Pos] {
				foreignSeen[src.Pos] = true
				fl.addForeign(ForeignSite{Source: src, Via: fl.storedVia(v, fl.status[v])})
			}
		}
	}
	for len(work) > 0 {
		it := work[0]
		work = work[1:]
		fl.origins(it.fn, it.e, func(o origin) {
			switch {
			case o.konst != nil:
				if seen[o.konst] {
					return
				}
				seen[o.konst] = true
				// The constant an exit call's own check sees in
				// os.Exit(int(code)); one deeper in the argument
				// (os.Exit(emit("…", 7))) is a code site of its own.
				info := fl.pass.TypesInfo
				direct := it.direct && analyzerutil.Unconvert(info, o.konst) == analyzerutil.Unconvert(info, it.e)
				out = append(out, CodeSite{Expr: o.konst, Via: it.via, Direct: direct, Return: it.ret})
			case o.status != nil && fl.status[o.status] == "":
				followStored(o.status, it)
			case o.param >= 0 && it.stored && !followed[paramAt{it.fn.Obj, o.param}]:
				followed[paramAt{it.fn.Obj, o.param}] = true
				fl.argsTo(it.fn.Obj, o.param, func(caller summary.Func, arg ast.Expr) {
					work = append(work, flowItem{fn: caller, e: arg, via: it.via, stored: true})
				})
			case o.result != nil && !sunk[sinkKey{o.result, o.okOnly}]:
				sunk[sinkKey{o.result, o.okOnly}] = true
				if g := fl.decl[o.result]; !fl.inTest(g.Decl) && !fl.otherUse(g.Obj) {
					work = fl.seedReturnsOf(work, g, g.Obj.Name()+"'s result → "+it.via, o.okOnly)
				}
			case o.foreign != nil && !o.foreign.Other:
				for _, src := range o.foreign.Sources {
					if o.okOnly && src.WithError {
						continue // errorGated
					}
					if !foreignSeen[src.Pos] {
						foreignSeen[src.Pos] = true
						fl.addForeign(fl.foreignSite(src, o.callee, it.via, o.call))
					}
				}
				for _, key := range o.foreign.Fields {
					if v := fl.fieldByKey(key); v != nil && fl.status[v] == "" {
						followStored(v, flowItem{e: o.call, via: analyzerutil.CallName(o.callee) + "'s result → " + it.via})
					}
				}
			}
		})
	}
	slices.SortFunc(out, func(a, b CodeSite) int { return int(a.Expr.Pos() - b.Expr.Pos()) })
	return out
}

// seedReturns adds the code results fn returns to the work list.
func (fl *flow) seedReturns(work []flowItem, fn summary.Func, via string) []flowItem {
	return fl.seedReturnsOf(work, fn, via, false)
}

// seedReturnsOf is seedReturns, leaving out, when okOnly, the returns
// beside an error that is never nil (errorGated).
func (fl *flow) seedReturnsOf(work []flowItem, fn summary.Func, via string, okOnly bool) []flowItem {
	res := codeResult(fn.Obj.Signature())
	if res < 0 {
		return work
	}
	fl.returns(fn, res, func(e ast.Expr, ret *ast.ReturnStmt) {
		if okOnly && fl.errorReturn(fn, ret) {
			return
		}
		work = append(work, flowItem{fn: fn, e: e, via: via, ret: ret})
	})
	return work
}

// sinkKey is a function whose code results the flow follows, all of them
// or (okOnly) those beside a nil error.
type sinkKey struct {
	fn     *types.Func
	okOnly bool
}

// errorReturn reports whether ret, a return of fn, returns an error that
// is never nil (withError), memoized per function.
func (fl *flow) errorReturn(fn summary.Func, ret *ast.ReturnStmt) bool {
	if ret == nil {
		return false
	}
	m, ok := fl.errorReturns[fn.Decl]
	if !ok {
		m = withError(fl.pass.TypesInfo, fn.Decl, fn.Obj.Signature())
		if fl.errorReturns == nil {
			fl.errorReturns = map[*ast.FuncDecl]map[*ast.ReturnStmt]bool{}
		}
		fl.errorReturns[fn.Decl] = m
	}
	return m[ret]
}

// addForeign records a site of another package's code, unless that code
// lies in a dependency (the module cache, a vendor directory): a code a
// library chooses (a command framework's 127 for an unknown subcommand)
// is the library's, and a finding at its line names code the program's
// author cannot change.
func (fl *flow) addForeign(s ForeignSite) {
	if analyzerutil.InDependency(s.Pos.File) {
		return
	}
	fl.foreign = append(fl.foreign, s)
}

// commandFrameworks are the command frameworks whose commands return their
// exit status, by the framework's path: a type that implements the
// package's Command interface has the method named here return the
// status, which the framework's dispatcher returns and the program exits
// with. mitchellh/cli and its hashicorp/cli fork: `Run(args []string)
// int`, returned by CLI.Run (HashiCorp's tools, and programs built the
// same way). google/subcommands: `Execute(ctx, f, args...) ExitStatus`,
// returned by subcommands.Execute, which main exits with
// (`os.Exit(int(subcommands.Execute(ctx)))`: wire's gen, diff, show and
// check, salesforce's bazenv, google's go-patchutils).
var commandFrameworks = map[string]string{
	"github.com/mitchellh/cli":      "Run",
	"github.com/hashicorp/cli":      "Run",
	"github.com/google/subcommands": "Execute",
}

// frameworkCommandRun reports whether fn is the method that returns the
// exit status of a type that implements a command framework's Command
// interface.
func (fl *flow) frameworkCommandRun(fn *types.Func) bool {
	sig := fn.Signature()
	if sig.Recv() == nil || sig.Results().Len() != 1 || !analyzerutil.IsInteger(sig.Results().At(0).Type()) {
		return false
	}
	for _, imp := range fl.pass.Pkg.Imports() {
		if method, ok := commandFrameworks[imp.Path()]; !ok || method != fn.Name() {
			continue
		}
		tn, ok := imp.Scope().Lookup("Command").(*types.TypeName)
		if !ok {
			continue
		}
		iface, ok := tn.Type().Underlying().(*types.Interface)
		if !ok {
			continue
		}
		recv := sig.Recv().Type()
		if types.Implements(recv, iface) {
			return true
		}
		if _, isPtr := recv.(*types.Pointer); !isPtr && types.Implements(types.NewPointer(recv), iface) {
			return true
		}
	}
	return false
}
