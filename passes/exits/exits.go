package exits

import (
	"cmp"
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/internal/summary"
	"github.com/exitlint/exitlint/passes/config"
	"github.com/exitlint/exitlint/passes/suppress"
	"github.com/exitlint/exitlint/passes/terminal"
)

//go:embed doc.go
var doc string

// Analyzer finds the calls that end the process and exports an exit fact on
// every function that may end it.
var Analyzer = &analysis.Analyzer{
	Name:       "exits",
	Doc:        analyzerutil.Doc(doc, "exits"),
	URL:        analyzerutil.URL("exits"),
	Run:        analyzerutil.Guard(run),
	Requires:   []*analysis.Analyzer{config.Analyzer, suppress.Analyzer, inspect.Analyzer, terminal.Analyzer},
	ResultType: reflect.TypeFor[*Exits](),
	FactTypes:  []analysis.Fact{(*exitFact)(nil), (*exitVarFact)(nil), (*codeFact)(nil), (*tableFact)(nil), (*resultFact)(nil), (*fieldStoreFact)(nil), (*noFailFact)(nil), (*kongExitSetFact)(nil), (*ignoredFact)(nil)},
}

// Computed stands for an exit code that is not a constant.
const Computed = -1

// Fatals are well-known library functions that end the process, by
// types.Func.FullName: with exit code 1, except those FatalCode names. The
// fatals setting (-config.fatals) adds to them, with 1.
var Fatals = []string{
	"log.Fatal", "log.Fatalf", "log.Fatalln",
	"(*log.Logger).Fatal", "(*log.Logger).Fatalf", "(*log.Logger).Fatalln",
	"github.com/spf13/cobra.CheckErr",
	"(*github.com/alecthomas/kong.Kong).Fatalf",
	"github.com/sirupsen/logrus.Fatal", "github.com/sirupsen/logrus.Fatalf", "github.com/sirupsen/logrus.Fatalln", "github.com/sirupsen/logrus.FatalFn",
	"(*github.com/sirupsen/logrus.Logger).Fatal", "(*github.com/sirupsen/logrus.Logger).Fatalf", "(*github.com/sirupsen/logrus.Logger).Fatalln", "(*github.com/sirupsen/logrus.Logger).FatalFn",
	"(*github.com/sirupsen/logrus.Entry).Fatal", "(*github.com/sirupsen/logrus.Entry).Fatalf", "(*github.com/sirupsen/logrus.Entry).Fatalln",
	"(*go.uber.org/zap.Logger).Fatal",
	"(*go.uber.org/zap.SugaredLogger).Fatal", "(*go.uber.org/zap.SugaredLogger).Fatalf", "(*go.uber.org/zap.SugaredLogger).Fatalw", "(*go.uber.org/zap.SugaredLogger).Fatalln",
	"(*github.com/rs/zerolog.Logger).Fatal", "github.com/rs/zerolog/log.Fatal",
	"k8s.io/klog/v2.Fatal", "k8s.io/klog/v2.Fatalf", "k8s.io/klog/v2.Fatalln", "k8s.io/klog/v2.FatalDepth", "k8s.io/klog/v2.FatalfDepth", "k8s.io/klog/v2.FatallnDepth",
	"k8s.io/klog/v2.Exit", "k8s.io/klog/v2.Exitf", "k8s.io/klog/v2.Exitln", "k8s.io/klog/v2.ExitDepth", "k8s.io/klog/v2.ExitfDepth", "k8s.io/klog/v2.ExitlnDepth",
	"k8s.io/klog.Fatal", "k8s.io/klog.Fatalf", "k8s.io/klog.Fatalln", "k8s.io/klog.FatalDepth",
	"k8s.io/klog.Exit", "k8s.io/klog.Exitf", "k8s.io/klog.Exitln", "k8s.io/klog.ExitDepth",
	"github.com/golang/glog.Fatal", "github.com/golang/glog.Fatalf", "github.com/golang/glog.Fatalln", "github.com/golang/glog.FatalDepth", "github.com/golang/glog.FatalDepthf",
	"github.com/golang/glog.FatalContext", "github.com/golang/glog.FatalContextf", "github.com/golang/glog.FatalContextDepth", "github.com/golang/glog.FatalContextDepthf",
	"github.com/golang/glog.Exit", "github.com/golang/glog.Exitf", "github.com/golang/glog.Exitln", "github.com/golang/glog.ExitDepth", "github.com/golang/glog.ExitDepthf",
	"github.com/golang/glog.ExitContext", "github.com/golang/glog.ExitContextf", "github.com/golang/glog.ExitContextDepth", "github.com/golang/glog.ExitContextDepthf",
	"github.com/charmbracelet/log.Fatal", "github.com/charmbracelet/log.Fatalf",
	"(*github.com/charmbracelet/log.Logger).Fatal", "(*github.com/charmbracelet/log.Logger).Fatalf",
}

// FatalCode returns the exit code a well-known fatal function ends the
// process with, which is 1 except for the Fatal functions of klog and
// glog. Those end a run the way a crash does, with a stack dump of every
// goroutine: klog's (v1 and v2) with 255, which the shell reserves; glog's
// with 255 before v1.1.0 and, from v1.1.0 on, by sending the process
// SIGABRT, which the Go runtime ends with 2 (glog exits 2 itself if the
// signal fails). A glog of v1.1.0 or later is told by its API: it declares
// FatalDepthf, which earlier versions do not. Their Exit functions end
// with 1.
func FatalCode(fn *types.Func) int {
	if fn.Pkg() == nil || !strings.HasPrefix(fn.Name(), "Fatal") {
		return int(exitcode.GeneralError)
	}
	switch fn.Pkg().Path() {
	case "k8s.io/klog", "k8s.io/klog/v2":
		return 255
	case "github.com/golang/glog":
		if fn.Pkg().Scope().Lookup("FatalDepthf") != nil {
			return 2
		}
		return 255
	}
	return int(exitcode.GeneralError)
}

// Summary is how a function may end the process: with which codes, through
// which calls.
type Summary struct {
	Codes  []int  // the exit codes it may end the process with, sorted; Computed for a non-constant code
	Via    string // how: "os.Exit(1)", "log.Fatal", "die → os.Exit(1)"
	Module string // the module that declares the function ("" for the standard library or when unknown)
	// Crossings counts the package boundaries on the shortest path to the
	// exit: 0 when the function or another function of its own package
	// exits, 1 when it calls another package's function that does, and so
	// on. A library function whose exit lies in yet another package, deep
	// below it, is no exit helper of its own.
	Crossings int
	// ByCode says, for each code, how the function exits with it, where
	// that differs from Via: a classifying helper exits 0 first and 3
	// further down.
	ByCode []CodeVia
	// ParsesArgs says the function reads the process's command line
	// (os.Args beyond the program's name), itself or through a function
	// of its package: a parser's entry point (kingpin.Parse), whose exit with 1 is its answer to a command line it
	// refuses (cmdline.go).
	ParsesArgs bool
}

// CodeVia is how a function exits with one code, and when: Is names the
// sentinel error ("example.com/cli/errs.ErrNotFound") that the function's
// parameter Param must match (errors.Is) for every exit with the code;
// Is is "" when some exit with it is unconditional.
type CodeVia struct {
	Code  int
	Via   string
	Param int
	Is    string
	IsStd bool // the sentinel is the standard library's (io.EOF)
}

// Guard says when the function exits with code c: only when its parameter
// param matches the sentinel is (errors.Is), if ok.
func (f *Summary) Guard(c int) (g Guard, ok bool) {
	for _, cv := range f.ByCode {
		if cv.Code == c && cv.Is != "" {
			return Guard{Param: cv.Param, Is: cv.Is, IsStd: cv.IsStd}, true
		}
	}
	return Guard{}, false
}

// Guard is the condition of an exit: inside if errors.Is(param, sentinel).
type Guard struct {
	Param int
	Is    string
	IsStd bool // the sentinel is the standard library's
}

// unguard records that the function exits with c unconditionally.
func (f *Summary) unguard(c int) {
	for i := range f.ByCode {
		if f.ByCode[i].Code == c {
			f.ByCode[i].Is = ""
		}
	}
}

// guard records the condition of the function's first exit with c.
func (f *Summary) guard(c int, via string, g Guard) {
	i, found := slices.BinarySearchFunc(f.ByCode, c, func(cv CodeVia, c int) int { return cv.Code - c })
	if found {
		f.ByCode[i].Param, f.ByCode[i].Is, f.ByCode[i].IsStd = g.Param, g.Is, g.IsStd
		return
	}
	f.ByCode = slices.Insert(f.ByCode, i, CodeVia{Code: c, Via: via, Param: g.Param, Is: g.Is, IsStd: g.IsStd})
}

// ViaFor returns how the function exits with code c.
func (f *Summary) ViaFor(c int) string {
	for _, cv := range f.ByCode {
		if cv.Code == c {
			return cv.Via
		}
	}
	return f.Via
}

// addVia records how the function exits with c, unless it is known or is
// Via already.
func (f *Summary) addVia(c int, via string) {
	if via == "" || via == f.Via {
		return
	}
	for _, cv := range f.ByCode {
		if cv.Code == c {
			return
		}
	}
	i, _ := slices.BinarySearchFunc(f.ByCode, c, func(cv CodeVia, c int) int { return cv.Code - c })
	f.ByCode = slices.Insert(f.ByCode, i, CodeVia{Code: c, Via: via})
}

// exitFact marks a function that may end the process.
type exitFact struct{ Summary }

func (*exitFact) AFact() {}

func (f *exitFact) String() string {
	var codes []string
	for _, c := range f.Codes {
		if c == Computed {
			codes = append(codes, "computed")
		} else {
			codes = append(codes, strconv.Itoa(c))
		}
	}
	return "exits(" + strings.Join(codes, ",") + " via " + f.Via + ")"
}

// Has reports whether the function may end the process with exit code c.
func (f *Summary) Has(c int) bool {
	for _, x := range f.Codes {
		if x == c {
			return true
		}
	}
	return false
}

// Only reports whether every exit the function makes has exit code c.
func (f *Summary) Only(c int) bool { return len(f.Codes) == 1 && f.Codes[0] == c }

// Exit describes a call that ends the process.
type Exit struct {
	Code    int         // the exit code, or Computed
	Arg     ast.Expr    // the code argument of an exit function, nil for fatals and helpers
	Callee  *types.Func // the function called
	Kind    Kind        // what kind of call it is
	Summary *Summary    // for KindHelper: how the callee may end the process
	// Name names the call when it is not the callee's own: kong.Kong.Exit,
	// the field of kong's parser that holds os.Exit.
	Name string
}

// Kind tells the kinds of exiting calls apart.
type Kind int

const (
	// KindExit is os.Exit, syscall.Exit or exitcode.Exit.
	KindExit Kind = iota
	// KindFatal is a logging or library function that exits with the
	// code FatalCode says, or kong's FatalIfErrorf, whose Code is 1 or
	// Computed (kongCodes).
	KindFatal
	// KindHelper is a function that may end the process (its Summary).
	KindHelper
)

// Exits answers, for the package being analyzed, which calls end the
// process.
//
// It is a snapshot taken during the pass: it holds the package's type
// information and the facts its code can ask about, never the pass.
type Exits struct {
	info   *types.Info
	module string
	fatals *analyzerutil.Funcs
	facts  *summary.Table[exitFact, *exitFact]
	// vars are the package-level function variables, the package's and
	// those of dependencies it refers to, that hold an exit function.
	vars map[*types.Var]*types.Func
	// pkg, sup and ignored answer Ignored.
	pkg     *types.Package
	sup     *suppress.Suppressions
	ignored map[*types.Const][]string
	// codes are the code facts: which parameters of a function, the
	// package's or a dependency's, it exits with or returns as an exit code.
	codes *summary.Table[codeFact, *codeFact]
	// status are the package's exit-status variables (os.Exit(exitStatus)).
	status map[*types.Var]string
	// sites are the constants of the package that become exit codes.
	sites []CodeSite
	// foreign are the constants of other packages that become its exit
	// codes through their functions' results.
	foreign []ForeignSite
	exempt  *Exemptions
	// imports are the packages the package imports, directly or not, by
	// path, when it has foreign sites (for Const).
	imports map[string]*types.Package
	// tables are the program's own exit tables the package declares or
	// refers to.
	tables *Tables
	// kinds indexes the one-word kinds beside the integer constants of
	// the package's composite literals, once asked (KindsBeside).
	kinds map[ast.Expr][]string
	// kong holds the code of each call of kong's FatalIfErrorf in the
	// package: 1, or Computed (kongCodes).
	kong map[*ast.CallExpr]int
}

// KindsBeside returns the one-word kinds beside the integer constant e in
// the composite literal that holds it directly, if one does
// (cliError{exit: 5, code: "not_found"}: ["not_found"]). The index is made
// once per package, reading each literal's strings once: asking the
// inspector for each constant's node, or each literal once per element,
// was quadratic in a package with large literal tables.
func (e *Exits) KindsBeside(x ast.Expr) []string {
	if e.kinds == nil {
		e.kinds = map[ast.Expr][]string{}
		for c := range e.exempt.inspector().Root().Preorder((*ast.CompositeLit)(nil)) {
			lit := c.Node().(*ast.CompositeLit)
			kinds := Kinds(e.info, lit, nil) // its strings: no integer is one
			if len(kinds) == 0 {
				continue
			}
			for _, el := range lit.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					el = kv.Value
				}
				el = ast.Unparen(el)
				if tv, ok := e.info.Types[el]; ok && tv.Value != nil && tv.Value.Kind() == constant.Int {
					e.kinds[el] = kinds
				}
			}
		}
	}
	return e.kinds[ast.Unparen(x)]
}

// Sites returns the constants of the package that become exit codes, in
// source order.
func (e *Exits) Sites() []CodeSite { return e.sites }

// ForeignSites returns the constants of other packages that become the
// package's exit codes through the results of their functions
// (os.Exit(cli.Main())): the checks report them where they are written.
func (e *Exits) ForeignSites() []ForeignSite { return e.foreign }

// Exemptions returns how the package decides that a 1 is the contract's
// last resort.
func (e *Exits) Exemptions() *Exemptions { return e.exempt }

// Tables returns the exit tables the package declares, and the members of
// other packages' tables it refers to.
func (e *Exits) Tables() *Tables { return e.tables }

// exitVarFact marks a package-level function variable whose value is an
// exit function (var osExit = os.Exit), reassigned nowhere outside tests:
// a call of the variable is a call of the function.
type exitVarFact struct {
	Func string // the function, as types.Func.FullName spells it
}

func (*exitVarFact) AFact() {}

func (f *exitVarFact) String() string { return "exitVar(" + f.Func + ")" }

// InView reports whether a function this package refers to, its own or a
// dependency's, may end the process with code, by the facts.
func (e *Exits) InView(code int) bool {
	return e.facts.Any(func(f *exitFact) bool { return f.Has(code) })
}

// Module is the module the package belongs to, "" if unknown.
func (e *Exits) Module() string { return e.module }

// Call reports whether call ends the process (or may, through a helper).
func (e *Exits) Call(call *ast.CallExpr) (Exit, bool) {
	var fn *types.Func
	name := ""
	switch callee := typeutil.Callee(e.info, call).(type) {
	case *types.Func:
		fn = callee
	case *types.Var:
		// var osExit = os.Exit: a test seam that is the exit function;
		// or kong's Exit field, os.Exit unless the program sets another
		fn = e.vars[callee]
		if isKongExitField(callee) {
			name = "kong.Kong.Exit"
		}
	}
	if fn == nil {
		return Exit{}, false
	}
	switch {
	case IsExit(fn):
		if len(call.Args) != 1 {
			return Exit{}, false
		}
		return Exit{Code: constCode(e.info, call.Args[0]), Arg: call.Args[0], Callee: fn, Kind: KindExit, Name: name}, true
	case e.fatals.Has(fn):
		return Exit{Code: FatalCode(fn), Callee: fn, Kind: KindFatal}, true
	case IsKongFatalIf(fn):
		if code, ok := e.kong[call]; ok {
			return Exit{Code: code, Callee: fn, Kind: KindFatal}, true
		}
		return Exit{}, false
	}
	if f := e.Func(fn); f != nil {
		return Exit{Code: onlyCode(f), Callee: fn, Kind: KindHelper, Summary: f}, true
	}
	return Exit{}, false
}

// Code returns the parameters of fn, a function of this package or a
// dependency, that it exits with or returns as an exit code, or nil.
func (e *Exits) Code(fn *types.Func) *CodeParams {
	if f := e.codes.Of(fn); f != nil {
		return &f.CodeParams
	}
	return nil
}

// IsStatus reports whether v is an exit-status variable of the package: a
// package-level integer that an exit call passes on (os.Exit(exitStatus)).
func (e *Exits) IsStatus(v *types.Var) bool { return e.status[v] != "" }

// ExitVar returns the exit function the package-level variable v holds
// (var osExit = os.Exit), or nil.
func (e *Exits) ExitVar(v *types.Var) *types.Func { return e.vars[v] }

// Func returns how fn, a function of this package or a dependency, may end
// the process, or nil.
func (e *Exits) Func(fn *types.Func) *Summary {
	if f := e.facts.Of(fn); f != nil {
		return &f.Summary
	}
	return nil
}

// IsExit reports whether fn is os.Exit, syscall.Exit or exitcode.Exit, whose
// argument is the exit code.
func IsExit(fn *types.Func) bool { return exitFuncs.Has(fn) }

// IsProcessExit reports whether fn is os.Exit or syscall.Exit, whose code is
// a plain int.
func IsProcessExit(fn *types.Func) bool { return processExits.Has(fn) }

// IsExitcodeExit reports whether fn is exitlint's exitcode.Exit.
func IsExitcodeExit(fn *types.Func) bool { return IsExit(fn) && !IsProcessExit(fn) }

// exitCoders are the error constructors of CLI frameworks that take the
// exit code the framework ends the process with when the error reaches it,
// with the index of that argument.
var exitCoders = map[string]int{
	"github.com/urfave/cli.NewExitError":    1,
	"github.com/urfave/cli/v2.Exit":         1,
	"github.com/urfave/cli/v2.NewExitError": 1,
	"github.com/urfave/cli/v3.Exit":         1,
}

var exitCoderFuncs = analyzerutil.NewFuncs(slices.Sorted(maps.Keys(exitCoders)))

// ExitCoderPackage reports whether path is the package of a framework's
// error constructor that takes the exit code (ExitCoderArg).
func ExitCoderPackage(path string) bool { return exitCoderFuncs.Package(path) }

// ExitCoderArg returns the index of the exit-code argument of a framework's
// error constructor that takes the exit code (urfave/cli's
// cli.Exit(message, code)); ok is false for any other function.
func ExitCoderArg(fn *types.Func) (int, bool) {
	name, ok := exitCoderFuncs.Name(fn)
	if !ok {
		return 0, false
	}
	i, ok := exitCoders[name]
	return i, ok
}

// IsFromError reports whether fn is exitcode.FromError, which maps an error
// to the exit code it carries.
func IsFromError(fn *types.Func) bool { return fromError.Has(fn) }

var (
	fromError    = analyzerutil.NewFuncs([]string{analyzerutil.ExitcodePath + ".FromError"})
	processExits = analyzerutil.NewFuncs([]string{"os.Exit", "syscall.Exit"})
	exitFuncs    = analyzerutil.NewFuncs([]string{"os.Exit", "syscall.Exit", analyzerutil.ExitcodePath + ".Exit"})
)

var goexit = analyzerutil.NewFuncs([]string{"runtime.Goexit"})

// NoReturn reports whether a call of fn never returns: an exit function or
// a fatal.
func (e *Exits) NoReturn(fn *types.Func) bool {
	return IsExit(fn) || e.fatals.Has(fn) || goexit.Has(fn)
}

func onlyCode(f *Summary) int {
	if len(f.Codes) == 1 {
		return f.Codes[0]
	}
	return Computed
}

// constCode returns the constant value of an exit code argument, looking
// through conversions, or Computed.
func constCode(info *types.Info, arg ast.Expr) int {
	tv, ok := info.Types[arg]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return Computed
	}
	n, exact := constant.Int64Val(tv.Value)
	if !exact || n < 0 || n > 1<<20 {
		return Computed
	}
	return int(n)
}

func moduleOf(pass *analysis.Pass) string { return analyzerutil.ModulePath(pass) }

func run(pass *analysis.Pass) (any, error) {
	e := &Exits{
		info:   pass.TypesInfo,
		module: moduleOf(pass),
		fatals: analyzerutil.NewFuncs(Fatals, config.Fatals.Of(pass)),
		facts:  summary.NewTable[exitFact](pass),
		vars:   exitVars(pass),
	}
	e.kong = kongCodes(pass, e.module)
	kongExitVars(pass, e.module, e.vars)
	// Each function's own exits, and its static calls of this package's
	// functions, whose exits it inherits.
	own := map[*types.Func]*exitFact{}
	argReaders := map[*types.Func]bool{}
	calls := map[*types.Func][]*types.Func{}
	funcs := summary.Funcs(pass)
	guarded := refersTo(pass, errorsIs)
	for _, fn := range funcs {
		var guards map[*ast.CallExpr]*Guard
		if guarded {
			guards = findGuards(pass, fn)
		}
		exiting := seamCalls(pass.TypesInfo, fn.Decl.Body, e.vars)
		summary.Calls(pass.TypesInfo, fn.Decl.Body, nil, func(call *ast.CallExpr, callee *types.Func) {
			if callee.Pkg() == pass.Pkg {
				calls[fn.Obj] = append(calls[fn.Obj], callee.Origin())
				return
			}
			exiting = append(exiting, call)
		})
		// In source order, so that the first exit is the fact's Via.
		slices.SortStableFunc(exiting, func(a, b *ast.CallExpr) int { return cmp.Compare(a.Pos(), b.Pos()) })
		for _, call := range exiting {
			if ex, ok := e.Call(call); ok {
				own[fn.Obj] = own[fn.Obj].with(ex, e.module, guards[call])
			}
		}
		if readsCommandLine(pass.TypesInfo, fn.Decl.Body) {
			argReaders[fn.Obj] = true
		}
	}
	for fn := range argReaders {
		if f := own[fn]; f != nil {
			f.ParsesArgs = true
		}
	}
	for fn, f := range own {
		e.facts.Set(fn, f)
	}
	summary.Solve(e.facts, funcs, func(fn summary.Func, cur *exitFact) (*exitFact, bool) {
		changed := false
		for _, callee := range calls[fn.Obj] {
			m := e.facts.Local(callee)
			if m == nil {
				continue
			}
			var grew bool
			cur, grew = cur.inherit(m, callee, e.module)
			changed = changed || grew
			if argReaders[fn.Obj] && !cur.ParsesArgs {
				cur.ParsesArgs = true // reads os.Args, and exits only through callees
				changed = true
			}
		}
		return cur, changed
	})
	e.facts.Export(pass)
	fl := newFlow(pass, e, funcs)
	fl.solveFacts()
	e.codes = fl.facts
	e.status = fl.status
	e.exempt = newExemptions(pass, e)
	e.exempt.exportNoFail(pass)
	e.sites = fl.sites()
	e.foreign = fl.foreign
	if len(e.foreign) > 0 {
		e.imports = importClosure(pass.Pkg)
	}
	e.tables = inferTables(pass, e.sites, fl.codeTypes())
	e.tables.adoptForeign(pass, e)
	sup := pass.ResultOf[suppress.Analyzer].(*suppress.Suppressions)
	fl.forwardFacts(sup)
	e.pkg, e.sup, e.ignored = pass.Pkg, sup, importIgnored(pass)
	exportIgnored(pass, sup)
	return e, nil
}

// seamCalls returns the calls in body, outside function literals, of the
// package-level variables that hold an exit function (vars): their callee
// is a variable, which summary.Calls leaves out, and they exit all the
// same.
func seamCalls(info *types.Info, body *ast.BlockStmt, vars map[*types.Var]*types.Func) []*ast.CallExpr {
	if len(vars) == 0 {
		return nil
	}
	var out []*ast.CallExpr
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if v, ok := typeutil.Callee(info, n).(*types.Var); ok && vars[v] != nil {
				out = append(out, n)
			}
		}
		return true
	})
	return out
}

// findGuards finds the calls of fn's body that run only when one of its
// parameters matches a sentinel error: inside the body of
// if errors.Is(param, pkg.ErrX), or of a tagless switch's
// case errors.Is(param, pkg.ErrX) (the innermost such, not an else).
func findGuards(pass *analysis.Pass, fn summary.Func) map[*ast.CallExpr]*Guard {
	out := map[*ast.CallExpr]*Guard{}
	var visit func(n ast.Node, g *Guard)
	visit = func(n ast.Node, g *Guard) {
		ast.Inspect(n, func(x ast.Node) bool {
			switch x := x.(type) {
			case *ast.FuncLit:
				return false
			case *ast.IfStmt:
				if x.Init != nil {
					visit(x.Init, g)
				}
				visit(x.Cond, g)
				inner := g
				if c := isGuard(pass, fn.Obj, x.Cond); c != nil {
					inner = c
				}
				visit(x.Body, inner)
				if x.Else != nil {
					visit(x.Else, g)
				}
				return false
			case *ast.SwitchStmt:
				if x.Tag != nil {
					return true
				}
				// switch { case errors.Is(err, ErrX): … }
				if x.Init != nil {
					visit(x.Init, g)
				}
				for _, stmt := range x.Body.List {
					cc := stmt.(*ast.CaseClause)
					inner := g
					if len(cc.List) == 1 {
						visit(cc.List[0], g)
						if c := isGuard(pass, fn.Obj, cc.List[0]); c != nil {
							inner = c
						}
					} else {
						for _, e := range cc.List {
							visit(e, g)
						}
					}
					for _, b := range cc.Body {
						visit(b, inner)
					}
				}
				return false
			case *ast.CallExpr:
				if g != nil {
					out[x] = g
				}
			}
			return true
		})
	}
	visit(fn.Decl.Body, nil)
	return out
}

var errorsIs = analyzerutil.NewFuncs([]string{"errors.Is"})

// refersTo reports whether the package's code may refer to a function of
// the set: it is in the set's packages, or refers to one of another
// package. A package that never names errors.Is has no guard (findGuards)
// to look for.
func refersTo(pass *analysis.Pass, set *analyzerutil.Funcs) bool {
	return set.Package(pass.Pkg.Path()) || slices.ContainsFunc(analyzerutil.RefsOf(pass).Funcs, set.Has)
}

// isGuard returns the guard a condition is: errors.Is(param, sentinel),
// where sentinel is a package-level variable; nil for any other.
func isGuard(pass *analysis.Pass, fn *types.Func, cond ast.Expr) *Guard {
	info := pass.TypesInfo
	call, ok := ast.Unparen(cond).(*ast.CallExpr)
	if !ok || len(call.Args) != 2 {
		return nil
	}
	callee, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || !errorsIs.Has(callee) {
		return nil
	}
	id, ok := ast.Unparen(call.Args[0]).(*ast.Ident)
	if !ok {
		return nil
	}
	param := -1
	params := fn.Signature().Params()
	for i := range params.Len() {
		if info.Uses[id] == params.At(i) {
			param = i
		}
	}
	sentinel, ok := info.Uses[analyzerutil.NameIdent(call.Args[1])].(*types.Var)
	if param < 0 || !ok || sentinel.Pkg() == nil || sentinel.Parent() != sentinel.Pkg().Scope() {
		return nil
	}
	return &Guard{Param: param, Is: sentinel.Pkg().Path() + "." + sentinel.Name(), IsStd: analyzerutil.StdPackage(sentinel.Pkg().Path())}
}

// with adds an exiting call of another package to a function's own exits
// (f may be nil).
//
// g is the call's condition, nil when it is unconditional.
func (f *exitFact) with(ex Exit, module string, g *Guard) *exitFact {
	crossings := 0
	if ex.Kind == KindHelper {
		crossings = ex.Summary.Crossings + 1
	}
	if f == nil {
		f = &exitFact{Summary{Module: module, Crossings: crossings}}
	} else if crossings < f.Crossings {
		f.Crossings = crossings
	}
	if f.Via == "" {
		f.Via = describe(ex)
	}
	if ex.Kind == KindHelper {
		for _, c := range ex.Summary.Codes {
			if !f.Has(c) {
				f.Codes = addCode(f.Codes, c)
				f.addVia(c, analyzerutil.CallName(ex.Callee)+" → "+ex.Summary.ViaFor(c))
			} else {
				f.unguard(c)
			}
		}
		return f
	}
	switch {
	case !f.Has(ex.Code) && g != nil:
		f.Codes = addCode(f.Codes, ex.Code)
		f.guard(ex.Code, describe(ex), *g)
	case !f.Has(ex.Code):
		f.Codes = addCode(f.Codes, ex.Code)
		f.addVia(ex.Code, describe(ex))
	default:
		if old, ok := f.Guard(ex.Code); ok && (g == nil || *g != old) {
			f.unguard(ex.Code)
		}
	}
	return f
}

// inherit adds the exits of a callee of the same package to f (which may be
// nil), and reports whether f grew: new codes, fewer crossings, or its
// first Via.
func (f *exitFact) inherit(m *exitFact, callee *types.Func, module string) (*exitFact, bool) {
	changed := false
	if f == nil {
		f = &exitFact{Summary{Module: module, Crossings: m.Crossings}}
		changed = true
	} else if m.Crossings < f.Crossings {
		f.Crossings = m.Crossings
		changed = true
	}
	if f.Via == "" && m.Via != "" {
		f.Via = callee.Name() + " → " + m.Via
		changed = true
	}
	if m.ParsesArgs && !f.ParsesArgs {
		f.ParsesArgs = true // a function of the package that parses the command line
		changed = true
	}
	for _, c := range m.Codes {
		if !f.Has(c) {
			f.Codes = addCode(f.Codes, c)
			f.addVia(c, callee.Name()+" → "+m.ViaFor(c))
			changed = true
		} else if _, ok := f.Guard(c); ok {
			f.unguard(c) // the callee's exit with c is not under f's guard
			changed = true
		}
	}
	return f, changed
}

// addCode adds c to the sorted codes.
func addCode(codes []int, c int) []int {
	i, found := slices.BinarySearch(codes, c)
	if found {
		return codes
	}
	return slices.Insert(codes, i, c)
}

// describe names an exiting call for a fact's Via: "os.Exit(1)",
// "log.Fatal", "pkg.Helper → os.Exit(1)".
func describe(ex Exit) string {
	name := analyzerutil.CallName(ex.Callee)
	if ex.Name != "" {
		name = ex.Name
	}
	switch ex.Kind {
	case KindExit:
		if ex.Code == Computed {
			return name + "(…)"
		}
		return fmt.Sprintf("%s(%d)", name, ex.Code)
	case KindHelper:
		return name + " → " + ex.Summary.Via
	}
	return name
}
