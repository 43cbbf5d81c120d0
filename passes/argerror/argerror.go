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
	FactTypes:  []analysis.Fact{(*argFact)(nil)},
}

// ArgCode is ARG_ERROR's value in the table.
const ArgCode = int(exitcode.ArgError)

// maxCarryDepth is how many steps the SSA side follows a value to tell
// whether it carries ARG_ERROR: the syntax side's bound (errcodes).
const maxCarryDepth = errcodes.MaxDepth

// Returns says which results of a function may carry ARG_ERROR, and how.
type Returns struct {
	Results []int  // indexes of the results that may carry ARG_ERROR
	Via     string // how: "exitcode.New", "ArgError", "validate"
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
	return "argError(results " + strings.Join(idx, ",") + " via " + f.Via + ")"
}

// ArgErrors answers, for the package being analyzed, which functions may
// return ARG_ERROR.
//
// It is a snapshot taken during the pass: it holds the package's type
// information and the facts its code can ask about, never the pass.
type ArgErrors struct {
	info  *types.Info
	c     *contract.Contract
	codes *errcodes.Codes // the codes values carry: ARG_ERROR is one
	facts *summary.Table[argFact, *argFact]
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
func (a *ArgErrors) Sentinel(v *types.Var) string { return a.codes.Sentinel(v)[int64(ArgCode)] }

// IsArgConst reports whether a constant of type t with value v is ARG_ERROR:
// the value 3 of an exit-code enum.
func (a *ArgErrors) IsArgConst(t types.Type, v constant.Value) bool {
	if v == nil || v.Kind() != constant.Int || t == nil || a.c.Enum(t) == nil {
		return false
	}
	n, exact := constant.Int64Val(v)
	return exact && n == int64(ArgCode)
}

func run(pass *analysis.Pass) (any, error) {
	a := &ArgErrors{
		info:  pass.TypesInfo,
		c:     pass.ResultOf[contract.Analyzer].(*contract.Contract),
		codes: pass.ResultOf[errcodes.Analyzer].(*errcodes.Codes),
		facts: summary.NewTable[argFact](pass),
	}
	ex := pass.ResultOf[exits.Analyzer].(*exits.Exits)
	if !a.c.EnumsInView && !a.facts.Any(func(*argFact) bool { return true }) && !callsExitCoder(pass) {
		// No exit-code enum, no framework error that takes a code, and no
		// dependency's function that returns ARG_ERROR: no value is
		// ARG_ERROR, but an exit may be.
		a.Any = exitsWithArgError(pass, ex)
		return a, nil
	}
	sentinels := a.exportSentinels(pass)
	for _, fn := range summary.Funcs(pass) {
		if f := a.returns(fn.Obj); f != nil {
			a.facts.Set(fn.Obj, f)
		}
	}
	a.facts.Export(pass)
	a.Any = a.facts.HasLocal() || sentinels || a.mentions() || exitsWithArgError(pass, ex)
	return a, nil
}

// exportSentinels exports an argFact (result 0: the variable's value) on
// each package-level variable of the package whose initial value carries
// ARG_ERROR, for the packages that import it, and reports whether the
// package refers to any such variable, its own or another package's.
func (a *ArgErrors) exportSentinels(pass *analysis.Pass) bool {
	any := false
	for _, obj := range pass.TypesInfo.Uses {
		if v, ok := obj.(*types.Var); ok && a.Sentinel(v) != "" {
			any = true
		}
	}
	for gd := range analyzerutil.VarDecls(pass) {
		for _, spec := range gd.Specs {
			for _, name := range spec.(*ast.ValueSpec).Names {
				v, ok := pass.TypesInfo.Defs[name].(*types.Var)
				if !ok {
					continue
				}
				if via := a.Sentinel(v); via != "" {
					any = true
					if !analyzerutil.InStd(pass) {
						pass.ExportObjectFact(v, &argFact{Returns{Results: []int{0}, Via: via}})
					}
				}
			}
		}
	}
	return any
}

// callsExitCoder reports whether the package refers to an error
// constructor that takes the exit code (CarrierExitCoder).
func callsExitCoder(pass *analysis.Pass) bool {
	for _, obj := range pass.TypesInfo.Uses {
		if fn, ok := obj.(*types.Func); ok && CarrierOf(fn) == CarrierExitCoder {
			return true
		}
	}
	return false
}

// mentions reports whether the package uses an ARG_ERROR constant or calls
// a function with an argFact from a dependency.
func (a *ArgErrors) mentions() bool {
	for e, tv := range a.info.Types {
		if a.IsArgConst(tv.Type, tv.Value) {
			return true
		}
		if call, ok := e.(*ast.CallExpr); ok {
			if fn, ok := typeutil.Callee(a.info, call).(*types.Func); ok && a.Func(fn) != nil {
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

// returns computes the fact of a function of the package: the results
// whose returned values may carry ARG_ERROR (errcodes' codes with 3), and
// how the first of them does.
func (a *ArgErrors) returns(fn *types.Func) *argFact {
	results := a.codes.Func(fn)
	f := &argFact{}
	for i, s := range results {
		if _, ok := s[int64(ArgCode)]; ok {
			f.Results = append(f.Results, i)
		}
	}
	if len(f.Results) == 0 {
		return nil
	}
	sort.Ints(f.Results)
	f.Via = results[f.Results[0]][int64(ArgCode)]
	return f
}

// Carries reports how e may carry ARG_ERROR ("" if it does not): see the
// package documentation. body is the enclosing function's body, for local
// variables.
func (a *ArgErrors) Carries(e ast.Expr, body *ast.BlockStmt) string {
	return a.codes.Of(e, body)[int64(ArgCode)]
}

// Carrier is how a call passes ARG_ERROR on (errcodes.Carrier: the one
// table of carriers, read over syntax there and over SSA here).
type Carrier = errcodes.Carrier

// The carriers (see errcodes).
const (
	NoCarrier        = errcodes.NoCarrier
	CarrierCode      = errcodes.CarrierCode
	CarrierRecv      = errcodes.CarrierRecv
	CarrierArgs      = errcodes.CarrierArgs
	CarrierWrap      = errcodes.CarrierWrap
	CarrierExitCoder = errcodes.CarrierExitCoder
)

// ExitCoderArg returns the index of the exit-code argument of a
// CarrierExitCoder (exits.ExitCoderArg).
func ExitCoderArg(fn *types.Func) int { return errcodes.ExitCoderArg(fn) }

// IsArgCode reports whether a constant is the number 3, ARG_ERROR's exit
// code, whatever its integer type: what an exit call, a framework's
// exit-code argument or an exit-code result holds.
func IsArgCode(v constant.Value) bool {
	if v == nil || v.Kind() != constant.Int {
		return false
	}
	n, exact := constant.Int64Val(v)
	return exact && n == int64(ArgCode)
}

// CarrierOf returns how a call of fn carries ARG_ERROR on.
func CarrierOf(fn *types.Func) Carrier { return errcodes.CarrierOf(fn) }
