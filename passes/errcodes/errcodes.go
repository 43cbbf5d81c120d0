package errcodes

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"
	"reflect"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/internal/summary"
	"github.com/exitlint/exitlint/passes/contract"
	"github.com/exitlint/exitlint/passes/exits"
)

//go:embed doc.go
var doc string

// Analyzer exports a codesFact on every function whose results may carry
// an exit code, and on every package-level variable whose value does; and
// an exitFieldFact on every integer field an error type's ExitCode method
// returns.
var Analyzer = &analysis.Analyzer{
	Name:       "errcodes",
	Doc:        analyzerutil.Doc(doc, "errcodes"),
	URL:        analyzerutil.URL("errcodes"),
	Run:        analyzerutil.Guard(run),
	Requires:   []*analysis.Analyzer{contract.Analyzer},
	ResultType: reflect.TypeFor[*Codes](),
	FactTypes:  []analysis.Fact{(*codesFact)(nil), (*exitFieldFact)(nil)},
}

// Set maps each exit code a value may carry to how it gets there: the
// constant ("exitcode.NotFound"), the function it is returned by ("fetch"),
// the carrier ("exitcode.New"), or the standard error exitcode.FromError
// classifies ("fs.ErrNotExist").
type Set map[int64]string

// add records code with via unless the set has it already: the first way
// found is the one a message shows.
func (s Set) add(code int64, via string) {
	if _, ok := s[code]; !ok {
		s[code] = via
	}
}

// union adds what other carries, each code with other's via, or with via
// when it is not "".
func (s Set) union(other Set, via string) {
	for _, code := range other.Codes() {
		if via != "" {
			s.add(code, via)
		} else {
			s.add(code, other[code])
		}
	}
}

// Codes returns the codes in the set, sorted.
func (s Set) Codes() []int64 {
	out := make([]int64, 0, len(s))
	for c := range s {
		out = append(out, c)
	}
	slices.Sort(out)
	return out
}

// Carried is one exit code one result of a function (result 0: the value
// of a variable) may carry.
type Carried struct {
	Result int
	Code   int64
	Via    string
}

// codesFact marks a function whose results may carry exit codes, or a
// package-level variable whose value does; sorted by result, then code.
type codesFact struct{ Carried []Carried }

func (*codesFact) AFact() {}

func (f *codesFact) String() string {
	var parts []string
	for _, c := range f.Carried {
		parts = append(parts, fmt.Sprintf("%d: %d via %s", c.Result, c.Code, c.Via))
	}
	return "codes(" + strings.Join(parts, ", ") + ")"
}

func factOf(results map[int]Set) *codesFact {
	f := &codesFact{}
	for i, s := range results {
		for _, code := range s.Codes() {
			f.Carried = append(f.Carried, Carried{Result: i, Code: code, Via: s[code]})
		}
	}
	sort.Slice(f.Carried, func(a, b int) bool {
		x, y := f.Carried[a], f.Carried[b]
		return x.Result < y.Result || x.Result == y.Result && x.Code < y.Code
	})
	return f
}

// Codes answers, for the package being analyzed, which exit codes a value
// may carry and which functions may return them: the rules over the codes
// facts.
//
// It is a snapshot taken during the pass: it holds the package's type
// information and the facts its code can ask about, never the pass.
type Codes struct {
	*Rules
	facts *summary.Table[codesFact, *codesFact]
	// sentinels are the package-level variables, this package's and those
	// of other packages it refers to, whose value carries codes
	// (var errNoArgs = exitcode.New(exitcode.ArgError, …)).
	sentinels map[*types.Var]Set
	// fields are the exit-code fields of error types in view
	// (exitcoder.go), which the codes facts leave out.
	fields *exitFields
}

// Func returns the codes each result of fn may carry, from this package or
// a dependency, or nil.
func (c *Codes) Func(fn *types.Func) map[int]Set {
	f := c.facts.Of(fn)
	if f == nil {
		return nil
	}
	out := map[int]Set{}
	for _, k := range f.Carried {
		if out[k.Result] == nil {
			out[k.Result] = Set{}
		}
		out[k.Result].add(k.Code, k.Via)
	}
	return out
}

// Sentinel returns the codes the package-level variable v carries, or nil.
func (c *Codes) Sentinel(v *types.Var) Set { return c.sentinels[v] }

// WithExitFields returns the rules with the ExitCode() field rule, reading
// functions and sentinels from src and, from ex (the exits pass's result),
// which constructors store a parameter in an exit-code field: how a program
// whose main or framework reads an error's ExitCode() sees it (the argerror
// pass, over its own facts).
func (c *Codes) WithExitFields(src Source, ex *exits.Exits) *Rules {
	return &Rules{info: c.info, pkg: c.pkg, c: c.c, src: src, fields: c.fields, ex: ex}
}

func run(pass *analysis.Pass) (any, error) {
	c := &Codes{
		facts:     summary.NewTable[codesFact](pass),
		sentinels: importedSentinels(pass),
		fields:    findExitFields(pass),
	}
	c.Rules = &Rules{info: pass.TypesInfo, pkg: pass.Pkg, c: pass.ResultOf[contract.Analyzer].(*contract.Contract), src: c}
	if !c.c.EnumsInView && !c.facts.Any(func(*codesFact) bool { return true }) && len(c.sentinels) == 0 && !RefersToExitCoder(pass) {
		// No exit-code enum, no framework error that takes a code, no
		// error exitcode.FromError classifies, and no dependency's
		// function or variable that carries one: no value carries a code.
		return c, nil
	}
	c.findSentinels(pass)
	funcs := summary.Funcs(pass)
	summary.Solve(c.facts, funcs, func(fn summary.Func, old *codesFact) (*codesFact, bool) {
		results := c.returns(fn.Obj, fn.Decl.Body)
		if len(results) == 0 {
			return old, false
		}
		f := factOf(results)
		return f, old == nil || len(f.Carried) != len(old.Carried)
	})
	c.facts.Export(pass)
	return c, nil
}

// findSentinels records the package-level variables of the package whose
// initial value carries codes, and exports a fact on each for the packages
// that import it.
func (c *Codes) findSentinels(pass *analysis.Pass) {
	for v, value := range analyzerutil.VarValues(pass) {
		if s := c.Of(value, nil); len(s) > 0 {
			c.sentinels[v] = s
			if !analyzerutil.InStd(pass) {
				pass.ExportObjectFact(v, factOf(map[int]Set{0: s}))
			}
		}
	}
}

// importedSentinels imports the facts of the package-level variables of
// other packages that the package refers to.
func importedSentinels(pass *analysis.Pass) map[*types.Var]Set {
	out := map[*types.Var]Set{}
	for v := range analyzerutil.ImportedVars(pass) {
		if f := new(codesFact); pass.ImportObjectFact(v, f) {
			s := Set{}
			for _, k := range f.Carried {
				s.add(k.Code, k.Via)
			}
			out[v] = s
		} else if code, ok := classified[v.Pkg().Path()+"."+v.Name()]; ok {
			out[v] = Set{int64(code): v.Pkg().Name() + "." + v.Name()}
		}
	}
	return out
}

// classified are the standard errors exitcode.FromError gives a code of
// their own, by package path and name: an error that wraps one ends a
// command runner's phase with that code.
var classified = map[string]exitcode.Code{
	"io/fs.ErrNotExist":        exitcode.NotFound,
	"os.ErrNotExist":           exitcode.NotFound,
	"io/fs.ErrPermission":      exitcode.PermissionDenied,
	"os.ErrPermission":         exitcode.PermissionDenied,
	"io/fs.ErrExist":           exitcode.Conflict,
	"os.ErrExist":              exitcode.Conflict,
	"context.DeadlineExceeded": exitcode.Timeout,
	"os.ErrDeadlineExceeded":   exitcode.Timeout,
	"os/exec.ErrNotFound":      exitcode.Precondition,
}

// RefersToExitCoder reports whether the package refers to an error
// constructor that takes the exit code (CarrierExitCoder).
func RefersToExitCoder(pass *analysis.Pass) bool {
	if exits.ExitCoderPackage(pass.Pkg.Path()) {
		// The framework's own package: its references to its own
		// constructors are in no package's Refs.
		for _, obj := range pass.TypesInfo.Uses {
			if fn, ok := obj.(*types.Func); ok && CarrierOf(fn) == CarrierExitCoder {
				return true
			}
		}
		return false
	}
	// The constructors are functions, no generic's instances: their
	// origins are themselves.
	for _, fn := range analyzerutil.RefsOf(pass).Funcs {
		if CarrierOf(fn) == CarrierExitCoder {
			return true
		}
	}
	return false
}

// returns computes what the results of a function body may carry.
func (c *Codes) returns(fn *types.Func, body *ast.BlockStmt) map[int]Set {
	sig := fn.Signature()
	results := map[int]Set{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			for i, s := range c.Return(sig, body, n) {
				if results[i] == nil {
					results[i] = Set{}
				}
				results[i].union(s, "")
			}
		}
		return true
	})
	return results
}
