package argerror

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"reflect"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/internal/summary"
	"github.com/exitlint/exitlint/passes/contract"
	"github.com/exitlint/exitlint/passes/errcodes"
	"github.com/exitlint/exitlint/passes/exits"
)

//go:embed doc.go
var doc string

// Analyzer exports an argFact on every function that may return ARG_ERROR.
var Analyzer = &analysis.Analyzer{
	Name:       "argerror",
	Doc:        analyzerutil.Doc(doc, "argerror"),
	URL:        analyzerutil.URL("argerror"),
	Run:        analyzerutil.Guard(run),
	Requires:   []*analysis.Analyzer{contract.Analyzer, exits.Analyzer, errcodes.Analyzer},
	ResultType: reflect.TypeFor[*ArgErrors](),
	FactTypes:  []analysis.Fact{(*argFact)(nil), (*exitFieldFact)(nil), (*errTypesFact)(nil)},
}

// ArgCode is ARG_ERROR's value in the table.
const ArgCode = int(exitcode.ArgError)

// argCode is ArgCode as errcodes' sets key it.
const argCode = int64(ArgCode)

// Returns says which results of a function may carry ARG_ERROR, and how.
type Returns struct {
	Results []int  // indexes of the results that may carry ARG_ERROR
	Via     string // how: "exitcode.New", "ArgError", "validate"
	// Guard, when set, says the function returns ARG_ERROR only for an
	// error of one type given as a parameter (errtypes.go).
	Guard *Guard
}

// Has reports whether result i may carry ARG_ERROR.
func (f *Returns) Has(i int) bool {
	for _, r := range f.Results {
		if r == i {
			return true
		}
	}
	return false
}

// argFact marks a function that may return ARG_ERROR in some results.
type argFact struct{ Returns }

func (*argFact) AFact() {}

func (f *argFact) String() string {
	var idx []string
	for _, i := range f.Results {
		idx = append(idx, fmt.Sprint(i))
	}
	s := "argError(results " + strings.Join(idx, ",") + " via " + f.Via
	if f.Guard != nil {
		s += fmt.Sprintf(" if parameter %d is %s", f.Guard.Param, f.Guard.Type)
	}
	return s + ")"
}

// ArgErrors answers, for the package being analyzed, which functions may
// return ARG_ERROR.
//
// It is a snapshot taken during the pass: it holds the package's type
// information and the facts its code can ask about, never the pass.
type ArgErrors struct {
	info *types.Info
	pkg  *types.Package
	// module is the analyzed module's path ("" when unknown): its
	// constants are the program's own (MeantOther).
	module string
	c      *contract.Contract
	codes  *errcodes.Codes
	// rules are errcodes' rules, with the ExitCode() field rule, over this
	// pass's facts (argSource): ARG_ERROR is their code 3.
	rules *errcodes.Rules
	facts *summary.Table[argFact, *argFact]
	// sentinels are the package-level variables, this package's and those
	// of other packages it refers to, whose value carries ARG_ERROR
	// (var errNoArgs = exitcode.New(exitcode.ArgError, …)), with how.
	sentinels map[*types.Var]string
	// errTypes are the error types the package's functions, and those of
	// other packages it calls, may return.
	errTypes *summary.Table[errTypesFact, *errTypesFact]
	// Any reports whether the package can emit ARG_ERROR: it mentions the
	// value 3 of an exit-code enum, calls a function with an argFact, or
	// exits with 3 (os.Exit(3), a helper that may). Only then can a check
	// find an emission in it.
	Any bool
}

// Func returns which results of fn may carry ARG_ERROR, from this package
// or a dependency, or nil.
func (a *ArgErrors) Func(fn *types.Func) *Returns {
	if f := a.facts.Of(fn); f != nil {
		return &f.Returns
	}
	return nil
}

// Sentinel returns how the package-level variable v carries ARG_ERROR, or
// "" if it does not.
func (a *ArgErrors) Sentinel(v *types.Var) string { return a.sentinels[v] }

// IsArgConst reports whether a constant of type t with value v is ARG_ERROR:
// the value 3 of an exit-code enum.
func (a *ArgErrors) IsArgConst(t types.Type, v constant.Value) bool {
	code, ok := a.codes.IsCode(t, v)
	return ok && code == argCode
}

// Carries reports how e may carry ARG_ERROR ("" if it does not): code 3 of
// errcodes' rules. body is the enclosing function's body, for local
// variables.
func (a *ArgErrors) Carries(e ast.Expr, body *ast.BlockStmt) string {
	return a.rules.Of(e, body)[argCode]
}

// argSource is what errcodes' rules read of functions and sentinels when
// this pass asks them: code 3 where this pass's facts have ARG_ERROR. The
// pass keeps facts of its own, rather than reading code 3 of errcodes'
// codes facts, for three reasons: a function's Guard depends on the guards
// of the functions it returns the result of, known as the facts are
// solved; the ExitCode() field rule, which errcodes' codes facts leave out,
// applies here; and a package where ARG_ERROR cannot be (run's shortcut)
// exports no ARG_ERROR facts for the packages that import it.
type argSource struct{ a *ArgErrors }

func (s argSource) Func(fn *types.Func) map[int]errcodes.Set {
	f := s.a.facts.Of(fn)
	if f == nil {
		return nil
	}
	out := map[int]errcodes.Set{}
	for _, i := range f.Results {
		out[i] = errcodes.Set{argCode: f.Via}
	}
	return out
}

func (s argSource) Sentinel(v *types.Var) errcodes.Set {
	if via := s.a.sentinels[v]; via != "" {
		return errcodes.Set{argCode: via}
	}
	return nil
}

func run(pass *analysis.Pass) (any, error) {
	a := &ArgErrors{
		info:      pass.TypesInfo,
		c:         pass.ResultOf[contract.Analyzer].(*contract.Contract),
		codes:     pass.ResultOf[errcodes.Analyzer].(*errcodes.Codes),
		facts:     summary.NewTable[argFact](pass),
		sentinels: importedSentinels(pass),
		errTypes:  errorTypes(pass),
	}
	ex := pass.ResultOf[exits.Analyzer].(*exits.Exits)
	a.pkg, a.module = pass.Pkg, ex.Module()
	a.rules = a.codes.WithExitFields(argSource{a}, ex)
	exportExitFields(pass, a.rules)
	if !a.c.EnumsInView && !a.facts.Any(func(*argFact) bool { return true }) && !errcodes.RefersToExitCoder(pass) && !a.rules.HasExitFields() {
		// No exit-code enum, no error that takes a code, and no
		// dependency's function that returns ARG_ERROR: no value is
		// ARG_ERROR, but an exit may be.
		a.Any = exitsWithArgError(pass, ex)
		return a, nil
	}
	a.findSentinels(pass)
	funcs := summary.Funcs(pass)
	summary.Solve(a.facts, funcs, func(fn summary.Func, old *argFact) (*argFact, bool) {
		f := a.returns(fn.Obj, fn.Decl.Body)
		// A guard only goes: a new return that carries ARG_ERROR without
		// it takes it away.
		return f, f != nil && (old == nil || len(f.Results) != len(old.Results) || (old.Guard != nil && f.Guard == nil))
	})
	a.facts.Export(pass)
	a.Any = a.facts.HasLocal() || len(a.sentinels) > 0 || a.mentions() || exitsWithArgError(pass, ex)
	return a, nil
}

// exitFieldFact marks an integer field that an error type's ExitCode
// method returns, as errcodes' fact of the same name does: this pass
// exported it when the rule was its own, and still does, but reads the
// fields from errcodes (whose fact other packages read).
type exitFieldFact struct{}

func (*exitFieldFact) AFact() {}

func (*exitFieldFact) String() string { return "exitCodeField" }

// exportExitFields marks the package's exit-code fields that errcodes
// found.
func exportExitFields(pass *analysis.Pass, rules *errcodes.Rules) {
	if analyzerutil.InStd(pass) {
		return
	}
	for _, obj := range pass.TypesInfo.Defs {
		if v, ok := obj.(*types.Var); ok && v.IsField() && v.Pkg() == pass.Pkg && rules.IsExitField(v) {
			pass.ExportObjectFact(v, &exitFieldFact{})
		}
	}
}

// findSentinels records the package-level variables of the package whose
// initial value carries ARG_ERROR, and exports an argFact on each (result 0:
// the variable's value) for the packages that import it.
func (a *ArgErrors) findSentinels(pass *analysis.Pass) {
	for v, value := range analyzerutil.VarValues(pass) {
		if via := a.Carries(value, nil); via != "" {
			a.sentinels[v] = via
			if !analyzerutil.InStd(pass) {
				pass.ExportObjectFact(v, &argFact{Returns{Results: []int{0}, Via: via}})
			}
		}
	}
}

// importedSentinels imports the facts of the package-level variables of
// other packages that the package refers to.
func importedSentinels(pass *analysis.Pass) map[*types.Var]string {
	out := map[*types.Var]string{}
	for v := range analyzerutil.ImportedVars(pass) {
		if f := new(argFact); pass.ImportObjectFact(v, f) {
			out[v] = f.Via
		}
	}
	return out
}

// mentions reports whether the package uses an ARG_ERROR constant, calls
// a function with an argFact from a dependency, or builds an error whose
// exit-code field holds 3.
func (a *ArgErrors) mentions() bool {
	for e, tv := range a.info.Types {
		if a.IsArgConst(tv.Type, tv.Value) {
			return true
		}
		switch e := e.(type) {
		case *ast.CallExpr:
			if fn, ok := typeutil.Callee(a.info, e).(*types.Func); ok && a.Func(fn) != nil {
				return true
			}
			if a.rules.ExitFieldCodes(e)[argCode] != "" {
				return true
			}
		case *ast.CompositeLit:
			if a.rules.ExitFieldCodes(e)[argCode] != "" {
				return true
			}
		}
	}
	return false
}

// exitsWithArgError reports whether the package has an exit call with the
// constant 3 (os.Exit(3)), calls a helper that may exit with 3, or has a
// constant 3 that becomes an exit code some other way (exits.CodeSite:
// die(3), a run function's result).
func exitsWithArgError(pass *analysis.Pass, ex *exits.Exits) bool {
	for _, site := range ex.Sites() {
		if IsArgCode(pass.TypesInfo.Types[site.Expr].Value) {
			return true
		}
	}
	// Only an exit function (os, syscall, exitcode) or a helper whose fact
	// has code 3 can exit with ARG_ERROR: most packages have neither.
	if !analyzerutil.Imports(pass.Pkg, "os", "syscall", analyzerutil.ExitcodePath) && !ex.InView(ArgCode) {
		return false
	}
	found := false
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if found {
				return false
			}
			if call, ok := n.(*ast.CallExpr); ok {
				if e, ok := ex.Call(call); ok && (e.Code == ArgCode || (e.Summary != nil && e.Summary.Has(ArgCode))) {
					found = true
				}
			}
			return true
		})
	}
	return found
}

// returns computes the fact of a function body: the results whose returned
// values may carry ARG_ERROR (code 3 of errcodes' rules, return by return),
// how the first of them does, and the guard every such return is under.
func (a *ArgErrors) returns(fn *types.Func, body *ast.BlockStmt) *argFact {
	results := map[int]string{}
	var rets []*ast.ReturnStmt // the returns that carry ARG_ERROR
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			carried := map[int]string{}
			for i, s := range a.rules.Return(fn.Signature(), body, n) {
				if via := s[argCode]; via != "" {
					carried[i] = via
				}
			}
			if len(carried) == 0 || a.MeantOther(n) {
				return true // none, or a 3 the program means as another outcome
			}
			for i, via := range carried {
				if results[i] == "" {
					results[i] = via
				}
			}
			rets = append(rets, n)
		}
		return true
	})
	if len(results) == 0 {
		return nil
	}
	f := &argFact{}
	for i := range results {
		f.Results = append(f.Results, i)
	}
	sort.Ints(f.Results)
	f.Via = results[f.Results[0]]
	f.Guard = a.guard(fn, body, rets)
	return f
}

// IsArgCode reports whether a constant is the number 3, ARG_ERROR's exit
// code, whatever its integer type: what an exit call, a framework's
// exit-code argument or an exit-code result holds.
func IsArgCode(v constant.Value) bool {
	if v == nil || v.Kind() != constant.Int {
		return false
	}
	n, exact := constant.Int64Val(v)
	return exact && n == argCode
}
