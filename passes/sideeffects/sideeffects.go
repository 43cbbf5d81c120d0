package sideeffects

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"os"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/internal/summary"
	"github.com/exitlint/exitlint/passes/config"
	"github.com/exitlint/exitlint/passes/terminal"
)

//go:embed doc.go
var doc string

// Analyzer finds side-effecting calls and exports a sideEffectFact on every
// function that may make one.
var Analyzer = &analysis.Analyzer{
	Name:       "sideeffects",
	Doc:        analyzerutil.Doc(doc, "sideeffects"),
	URL:        analyzerutil.URL("sideeffects"),
	Run:        analyzerutil.Guard(run),
	Requires:   []*analysis.Analyzer{config.Analyzer, terminal.Analyzer},
	ResultType: reflect.TypeFor[*SideEffects](),
	FactTypes:  []analysis.Fact{(*sideEffectFact)(nil), (*runsFact)(nil), (*homePathFact)(nil)},
}

// sideEffectFact marks a function that may change the world outside the
// process.
type sideEffectFact struct {
	Chain []string // the calls down to the effect: ["Save", "os.WriteFile"]
	What  string   // what the last one does: "writes a file"
	// Cond, when set, is the one condition under which the function has
	// the side effect: it sends the request, writes to the file or at the
	// path that its caller gives as a parameter, and the catalogue's rule
	// decides at each call from the argument (a helper that sends a GET
	// changes nothing).
	Cond *Cond
	// Housekeeping: the side effect is a write of the program's own state
	// under the user's home (Rule.Judge), and the function has no other.
	Housekeeping bool
}

// Cond is a catalogue rule applied to the argument a caller gives as
// parameter Param. Keep, when set, is the home at which the argument makes
// the call housekeeping (Rule.Judge).
type Cond struct {
	Kind  RuleKind
	Param int
	Keep  Home
}

func (*sideEffectFact) AFact() {}

func (f *sideEffectFact) String() string {
	s := Effect{Chain: f.Chain, What: f.What, Housekeeping: f.Housekeeping}.String()
	if f.Cond != nil {
		s += fmt.Sprintf(" if parameter %d %s", f.Cond.Param, f.Cond.Kind.condition())
		switch f.Cond.Keep {
		case ConfigHome:
			s += "; housekeeping under the user's config or cache directory"
		case CacheHome:
			s += "; housekeeping under the user's cache directory"
		}
	}
	return "sideEffect(" + s + ")"
}

// condition says when a call counts under the rule, of the argument the
// rule reads: "is no GET or HEAD request".
func (k RuleKind) condition() string {
	switch k {
	case RuleNotReading:
		return "is no GET or HEAD request"
	case RuleNotTemp:
		return "is no temporary path"
	case RuleToFile:
		return "is a lasting file"
	}
	return "applies"
}

// Effect describes a side effect: the chain of calls that leads to it and
// what the last one does.
type Effect struct {
	Chain []string
	What  string
	// Housekeeping: a write of the program's own state under the user's
	// home that an agent can neither see nor be harmed by, and that a retry
	// repeats identically (Rule.Judge). It is still a side effect; a check
	// that promises the agent zero side effects leaves it out.
	Housekeeping bool
}

// String reads "Save → os.WriteFile writes a file", and ends in
// " (housekeeping)" for housekeeping.
func (e Effect) String() string {
	s := e.What
	if len(e.Chain) > 0 {
		s = strings.Join(e.Chain, " → ") + " " + e.What
	}
	if e.Housekeeping {
		s += " (housekeeping)"
	}
	return s
}

// RuleKind is how a catalogue entry narrows when a call of it counts.
type RuleKind int

const (
	// Always: every call counts.
	Always RuleKind = iota
	// RuleWriteFlags: the call counts when its argument Arg is a constant
	// flag that truncates, or creates a file not opened to append
	// (os.OpenFile's flag: O_TRUNC; O_CREATE without O_APPEND). Opening a
	// file to write or append changes nothing by itself (a missing log is
	// created empty); the writes that follow are side effects of their
	// own (RuleToFile).
	RuleWriteFlags
	// RuleNotReading: the call counts unless its argument Arg is a request
	// built with the constant method GET or HEAD, which change nothing
	// (net/http.Client.Do's request).
	RuleNotReading
	// RuleNotTemp: the call counts unless its path, argument Arg, lies in a
	// directory made by os.MkdirTemp in the same function (the directory
	// itself, or filepath.Join of it): temporary files are no side effect
	// an agent would undo.
	RuleNotTemp
	// RuleChangesData: the call counts when its query, argument Arg, is a
	// constant statement that changes data or schema (ChangesData); a
	// SELECT, or a query built at run time, does not (database/sql's
	// Query and QueryRow run whatever they are given).
	RuleChangesData
	// RuleToFile: the call counts when its argument Arg (Recv: the
	// receiver) is an *os.File other than os.Stdout and os.Stderr and
	// other than a temporary file: one os.CreateTemp made, or one created
	// or opened in a directory os.MkdirTemp made (fmt.Fprintf(f, …) and
	// f.Write write to the file).
	RuleToFile
	// RuleNotSelf: the call counts unless its process, argument Arg, is
	// the process itself: the constant 0 (its process group) or
	// os.Getpid() (syscall.Kill(0, SIGTSTP) is how a terminal program
	// suspends itself).
	RuleNotSelf
)

// maxFollowDepth is how many steps (a local variable's value, a request's
// copy, a join's first element) the rules follow an argument back to the
// call that made it, on the syntax side and the SSA side alike: a temporary
// path or a GET request is made a few lines above the call that uses it.
const maxFollowDepth = 3

// Recv is the argument index that stands for a method call's receiver.
const Recv = -1

// Rule tells when a call of a function with a side effect counts.
type Rule struct {
	Kind RuleKind
	Arg  int
	// AllOrNothing: a call that returned an error changed nothing (the
	// catalogue entry's AllOrNothing).
	AllOrNothing bool
	// Makes is what the catalogue entry does to the file system (Judge);
	// Keep, for a rule a function's condition gives, is the home at which
	// the argument makes the call housekeeping.
	Makes Makes
	Keep  Home
}

// CallSite is what a rule asks of one call: the syntax side and the SSA
// side each answer from their own form of the call. An argument index
// does not count the receiver; Recv stands for it.
type CallSite interface {
	// Const returns the constant value of argument i, or nil if it is no
	// constant or there is no such argument.
	Const(i int) constant.Value
	// FileArg reports whether argument i is an *os.File other than
	// os.Stdout, os.Stderr and a temporary file.
	FileArg(i int) bool
	// InTempDir reports whether argument i is a path inside a directory
	// that os.MkdirTemp made.
	InTempDir(i int) bool
	// RequestMethod returns the constant method of the HTTP request that
	// argument i is, when it is built by http.NewRequest or
	// NewRequestWithContext with one; ok is false otherwise.
	RequestMethod(i int) (method string, ok bool)
	// OwnPid reports whether argument i is os.Getpid().
	OwnPid(i int) bool
	// Home reports where path argument i lies among the program's homes
	// under the user's home directory.
	Home(i int) Home
	// FileHome reports where the *os.File argument i was opened (os.Create,
	// os.OpenFile) and whether it was created only if it did not exist
	// (O_EXCL).
	FileHome(i int) (Home, bool)
}

// Verdict is what a call of a function with a side effect comes to.
type Verdict int

const (
	// NoEffect: the call changes nothing an agent would undo.
	NoEffect Verdict = iota
	// Housekeeping: the call writes the program's own state under the
	// user's home, in a way a retry repeats identically and no run behaves
	// differently on: directories in its config or cache directory, any
	// write in its cache directory, a file it creates in its config
	// directory only if none was there (O_EXCL).
	Housekeeping
	// Counts: a side effect.
	Counts
)

// Judge tells what a call comes to: no side effect (Applies is false),
// housekeeping, or a side effect.
func (r Rule) Judge(call CallSite) Verdict {
	if !r.Applies(call) {
		return NoEffect
	}
	keep := r.Keep
	var where Home
	switch r.Kind {
	case RuleNotTemp:
		if r.Makes != MakesOther {
			keep = r.Makes.keep(false)
		}
		where = call.Home(r.Arg)
	case RuleWriteFlags:
		keep = r.Makes.keep(exclusive(call.Const(r.Arg)))
		where = call.Home(0) // os.OpenFile's path
	case RuleToFile:
		var excl bool
		where, excl = call.FileHome(r.Arg)
		switch {
		case r.Makes != MakesOther:
			keep = r.Makes.keep(excl)
		case keep == ConfigHome && !excl:
			keep = CacheHome // a condition's file, opened to overwrite
		}
	}
	if where.within(keep) {
		return Housekeeping
	}
	return Counts
}

// Applies reports whether a call counts as the side effect.
func (r Rule) Applies(call CallSite) bool {
	switch r.Kind {
	case RuleWriteFlags:
		v := call.Const(r.Arg)
		if v == nil || v.Kind() != constant.Int {
			return false
		}
		n, _ := constant.Int64Val(v)
		return WriteFlags(n)
	case RuleNotTemp:
		return !call.InTempDir(r.Arg)
	case RuleNotReading:
		m, ok := call.RequestMethod(r.Arg)
		return !ok || (m != "GET" && m != "HEAD")
	case RuleToFile:
		return call.FileArg(r.Arg)
	case RuleChangesData:
		v := call.Const(r.Arg)
		return v != nil && v.Kind() == constant.String && ChangesData(constant.StringVal(v))
	case RuleNotSelf:
		if v := call.Const(r.Arg); v != nil && v.Kind() == constant.Int {
			n, _ := constant.Int64Val(v)
			return n != 0
		}
		return !call.OwnPid(r.Arg)
	}
	return true
}

// RequestMethodArg returns the index of the method argument of a function
// that builds an HTTP request, if fn is one.
func RequestMethodArg(fn *types.Func) (int, bool) {
	name, ok := requestBuilders.Name(fn)
	switch {
	case !ok:
		return 0, false
	case name == "net/http.NewRequest":
		return 0, true
	case name == "net/http.NewRequestWithContext":
		return 1, true
	}
	return 0, false
}

var requestBuilders = analyzerutil.NewFuncs([]string{"net/http.NewRequest", "net/http.NewRequestWithContext"})

// PathFunc tells how a function builds a path or file from its arguments:
// TempDir for os.MkdirTemp, whose first result is a temporary directory;
// Join for filepath.Join and path.Join, whose result lies in their first
// argument; TempFile for os.CreateTemp, whose first result is a temporary
// file; OpenPath for os.Create and os.OpenFile, whose file is the one at
// their first argument.
type PathFunc int

const (
	// NoPathFunc is any other function.
	NoPathFunc PathFunc = iota
	// TempDir is os.MkdirTemp.
	TempDir
	// Join is filepath.Join or path.Join.
	Join
	// TempFile is os.CreateTemp.
	TempFile
	// OpenPath is os.Create or os.OpenFile.
	OpenPath
)

// PathFuncOf returns how fn builds a path.
func PathFuncOf(fn *types.Func) PathFunc {
	name, ok := pathFuncs.Name(fn)
	switch {
	case !ok:
		return NoPathFunc
	case name == "os.MkdirTemp":
		return TempDir
	case name == "path/filepath.Join" || name == "path.Join":
		return Join
	case name == "os.CreateTemp":
		return TempFile
	case name == "os.Create" || name == "os.OpenFile":
		return OpenPath
	}
	return NoPathFunc
}

var pathFuncs = analyzerutil.NewFuncs([]string{"os.MkdirTemp", "path/filepath.Join", "path.Join", "os.CreateTemp", "os.Create", "os.OpenFile"})

// IsOwnPid reports whether fn is os.Getpid.
func IsOwnPid(fn *types.Func) bool {
	return fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "os" && fn.Name() == "Getpid" && fn.Signature().Recv() == nil
}

// IsRequestCopy reports whether fn is a method of *net/http.Request that
// returns a copy of it with the same method (WithContext, Clone).
func IsRequestCopy(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "net/http" || (fn.Name() != "WithContext" && fn.Name() != "Clone") {
		return false
	}
	tn := analyzerutil.PointerReceiver(fn)
	return tn != nil && tn.Name() == "Request"
}

// SideEffects answers, for the package being analyzed, which calls have side
// effects.
//
// It is a snapshot taken during the pass: it holds the package's type
// information and the facts its code can ask about, never the pass.
type SideEffects struct {
	info    *types.Info
	catalog map[string]Entry
	extra   map[string]bool
	named   *analyzerutil.Funcs // the catalogue's and the extra functions
	facts   *summary.Table[sideEffectFact, *sideEffectFact]
	// runs are the side effects of the run functions the program gives
	// each framework, which its run method calls (frameworkRun).
	runs []Run
	// term knows the code that runs only at a terminal: a call there is
	// no side effect of an agent's run (atTerminal).
	term *terminal.Terminal
	// homes knows which functions return a path in one of the program's
	// homes under the user's home directory (Rule.Judge).
	homes *homes
}

// atTerminal reports whether the call at pos runs only when a standard
// stream is a terminal: an agent runs the command with its streams
// redirected, so whatever the call changes, no agent's run changes it.
func (s *SideEffects) atTerminal(pos token.Pos) bool { return s.term.Only(pos) }

// inCatalogue reports whether fn is an entry of the catalogue.
func (s *SideEffects) inCatalogue(fn *types.Func) bool {
	name, ok := s.named.Name(fn)
	return ok && s.catalog[name].Func != ""
}

var catalogueNames = func() []string {
	names := make([]string, len(Catalogue))
	for i, e := range Catalogue {
		names[i] = e.Func
	}
	return names
}()

var catalogue = func() map[string]Entry {
	m := map[string]Entry{}
	for _, e := range Catalogue {
		m[e.Func] = e
	}
	return m
}()

// Func returns the side effect a call of fn has and the rule that narrows
// it, if fn has one.
func (s *SideEffects) Func(fn *types.Func) (Effect, Rule, bool) {
	fn = fn.Origin()
	if e, ok := s.frameworkRun(fn); ok {
		return e, Rule{}, true
	}
	name, named := s.named.Name(fn)
	if !named {
		name = "" // in no package the catalogue or the flag names
	}
	if e, ok := s.catalog[name]; named && ok {
		return Effect{Chain: []string{analyzerutil.CallName(fn)}, What: e.What}, Rule{Kind: e.Rule, Arg: e.Arg, AllOrNothing: e.AllOrNothing, Makes: e.Makes}, true
	}
	if named && s.extra[name] {
		return Effect{Chain: []string{analyzerutil.CallName(fn)}, What: "has a side effect (-config.sideeffects)"}, Rule{}, true
	}
	if f := s.facts.Of(fn); f != nil {
		return Effect{Chain: append([]string{analyzerutil.CallName(fn)}, f.Chain...), What: f.What, Housekeeping: f.Housekeeping}, f.rule(), true
	}
	return Effect{}, Rule{}, false
}

// Call returns the side effect of a call, if it has one.
func (s *SideEffects) Call(call *ast.CallExpr) (Effect, bool) { return s.CallIn(call, nil) }

// CallIn is Call for a call in the function body body, whose local
// variables a rule may follow (the request a client sends).
func (s *SideEffects) CallIn(call *ast.CallExpr, body *ast.BlockStmt) (Effect, bool) {
	fn, ok := typeutil.Callee(s.info, call).(*types.Func)
	if !ok || s.atTerminal(call.Pos()) {
		return Effect{}, false
	}
	e, rule, ok := s.Func(fn)
	if !ok {
		return Effect{}, false
	}
	return judged(e, rule, syntaxCall{info: s.info, call: call, body: body, homes: s.homes})
}

// judged returns the side effect e of a call, narrowed by rule: none, or
// e marked as housekeeping, or e.
func judged(e Effect, rule Rule, call CallSite) (Effect, bool) {
	switch rule.Judge(call) {
	case NoEffect:
		return Effect{}, false
	case Housekeeping:
		e.Housekeeping = true
	}
	return e, true
}

// rule returns the rule a call of the function the fact is on is judged
// by: its condition's.
func (f *sideEffectFact) rule() Rule {
	if f.Cond == nil {
		return Rule{}
	}
	return Rule{Kind: f.Cond.Kind, Arg: f.Cond.Param, Keep: f.Cond.Keep}
}

// IsFile reports whether t is *os.File.
func IsFile(t types.Type) bool {
	p, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := p.Elem().(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "os" && n.Obj().Name() == "File"
}

// WriteFlags reports whether os.OpenFile flags change the file system when
// the file is opened: they truncate, or create a file that is not opened to
// append. A file opened to append is a log or a journal: the open creates
// at most an empty file, and what is appended counts where it is written
// (RuleToFile); a debug trace opened so and written through a logger
// changes nothing an agent would undo.
func WriteFlags(flags int64) bool {
	if flags&int64(os.O_TRUNC) != 0 {
		return true
	}
	return flags&int64(os.O_CREATE) != 0 && flags&int64(os.O_APPEND) == 0
}

func run(pass *analysis.Pass) (any, error) {
	extra := config.SideEffects.Of(pass)
	term, _ := pass.ResultOf[terminal.Analyzer].(*terminal.Terminal)
	s := &SideEffects{info: pass.TypesInfo, catalog: catalogue, extra: map[string]bool{}, facts: summary.NewTable[sideEffectFact](pass), term: term, homes: newHomes(pass)}
	for _, f := range extra {
		s.extra[f] = true
	}
	s.named = analyzerutil.NewFuncs(catalogueNames, extra)
	if analyzerutil.InStd(pass) {
		// The catalogue is the authority on the standard library: a
		// function that reaches an entry internally (http.Get through
		// Client.Do) is no side effect unless it is an entry itself.
		return s, nil
	}
	// Each function's first own side effect (or its directive), and its
	// static calls of this package's functions, whose side effects it
	// inherits.
	calls := map[*types.Func][]localCall{}
	var funcs []summary.Func
	for fd, fn := range analyzerutil.FuncDecls(pass) {
		funcs = append(funcs, summary.Func{Obj: fn, Decl: fd})
		if analyzerutil.HasDirective(fd.Doc, "sideeffect") {
			s.facts.Set(fn, &sideEffectFact{What: "is marked //exitlint:sideeffect"})
			continue
		}
		if fd.Body == nil {
			continue
		}
		invoked := invokedLiterals(fd.Body)
		summary.Calls(pass.TypesInfo, fd.Body, func(lit *ast.FuncLit) bool { return invoked[lit] }, func(call *ast.CallExpr, callee *types.Func) {
			if s.atTerminal(call.Pos()) {
				return // no agent's run makes it
			}
			if (callee.Pkg() == pass.Pkg && !s.inCatalogue(callee)) || frameworkRuns.Has(callee) {
				calls[fn] = append(calls[fn], localCall{callee.Origin(), call})
				return
			}
			if cur := s.facts.Local(fn); cur == nil || cur.Cond != nil || cur.Housekeeping {
				e, rule, ok := s.Func(callee)
				if !ok {
					return
				}
				if next := s.join(cur, e, rule, syntaxCall{pass.TypesInfo, call, fd.Body, fn.Signature(), s.homes}); next != cur {
					s.facts.Set(fn, next)
				}
			}
		})
	}
	s.markedMethods(pass)
	s.solve(pass, funcs, calls)
	// The side effects of interface methods (their implementations') and
	// of the run functions given to frameworks are known once the
	// package's functions' are; then the functions that call them have
	// them too.
	if s.implementedMethods(pass) {
		s.solve(pass, funcs, calls)
	}
	if s.runs = s.runEffects(pass); len(s.runs) > 0 {
		pass.ExportPackageFact(&runsFact{s.runs})
		s.solve(pass, funcs, calls)
	}
	s.facts.Export(pass)
	return s, nil
}

// solve computes the package's functions' facts to a fixed point over
// their calls of one another.
func (s *SideEffects) solve(pass *analysis.Pass, funcs []summary.Func, calls map[*types.Func][]localCall) {
	summary.Solve(s.facts, funcs, func(fn summary.Func, cur *sideEffectFact) (*sideEffectFact, bool) {
		next := cur
		for _, lc := range calls[fn.Obj] {
			if next != nil && next.Cond == nil && !next.Housekeeping {
				break
			}
			e, rule, ok := s.localEffect(lc.callee)
			if !ok {
				continue
			}
			next = s.join(next, e, rule, syntaxCall{pass.TypesInfo, lc.call, fn.Decl.Body, fn.Obj.Signature(), s.homes})
		}
		return next, next != cur
	})
}

// localEffect returns the side effect of a call of a function of the
// package, as far as the package's facts are solved, or of a framework's
// run method (its run functions', once they are known).
func (s *SideEffects) localEffect(fn *types.Func) (Effect, Rule, bool) {
	if e, ok := s.frameworkRun(fn); ok {
		return e, Rule{}, true
	}
	m := s.facts.Local(fn)
	if m == nil {
		return Effect{}, Rule{}, false
	}
	return Effect{Chain: append([]string{analyzerutil.CallName(fn)}, m.Chain...), What: m.What, Housekeeping: m.Housekeeping}, m.rule(), true
}

// localCall is a call of a function of the package being analyzed, or of
// a framework's run method, whose side effects are known only once the
// package's are.
type localCall struct {
	callee *types.Func
	call   *ast.CallExpr
}

// join adds the side effect e of a call, narrowed by rule, to a function's
// fact cur: the call does not count, or is housekeeping, or counts whatever
// the function's callers give it, or counts only when the rule holds for
// the argument a caller gives as one of the function's parameters. Facts
// only grow: none, then housekeeping, then one condition, then
// unconditional (two different conditions are one too many to carry, and
// count as unconditional; two that differ only in where they are
// housekeeping merge into the stricter). join returns cur itself when
// nothing changed.
func (s *SideEffects) join(cur *sideEffectFact, e Effect, rule Rule, call syntaxCall) *sideEffectFact {
	if cur != nil && cur.Cond == nil && !cur.Housekeeping {
		return cur
	}
	v := rule.Judge(call)
	if v == NoEffect {
		return cur
	}
	cond := call.cond(rule)
	switch {
	case cond == nil && (v == Housekeeping || e.Housekeeping):
		if cur != nil {
			return cur
		}
		return &sideEffectFact{Chain: e.Chain, What: e.What, Housekeeping: true}
	case cond == nil:
		return &sideEffectFact{Chain: e.Chain, What: e.What}
	case cur == nil || cur.Housekeeping:
		return &sideEffectFact{Chain: e.Chain, What: e.What, Cond: cond}
	case cur.Cond.Kind == cond.Kind && cur.Cond.Param == cond.Param:
		keep := stricter(cur.Cond.Keep, cond.Keep)
		if keep == cur.Cond.Keep {
			return cur
		}
		return &sideEffectFact{Chain: cur.Chain, What: cur.What, Cond: &Cond{Kind: cond.Kind, Param: cond.Param, Keep: keep}}
	}
	return &sideEffectFact{Chain: cur.Chain, What: cur.What}
}

// invokedLiterals finds the function literals of body that run while the
// function does: called on the spot, deferred, started, or passed to a call
// (a callback such as filepath.WalkDir's). Literals only returned or stored
// run when someone else calls them.
func invokedLiterals(body *ast.BlockStmt) map[*ast.FuncLit]bool {
	out := map[*ast.FuncLit]bool{}
	ast.Inspect(body, func(x ast.Node) bool {
		if call, ok := x.(*ast.CallExpr); ok {
			if lit, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok {
				out[lit] = true
			}
			for _, a := range call.Args {
				if lit, ok := ast.Unparen(a).(*ast.FuncLit); ok {
					out[lit] = true
				}
			}
		}
		return true
	})
	return out
}

// markedMethods gives the interface methods marked //exitlint:sideeffect
// their fact: every call through such a method is a side effect, whatever
// the concrete type behind it.
func (s *SideEffects) markedMethods(pass *analysis.Pass) {
	for _, file := range pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			it, ok := n.(*ast.InterfaceType)
			if !ok {
				return true
			}
			for _, field := range it.Methods.List {
				if len(field.Names) != 1 || !analyzerutil.HasDirective(field.Doc, "sideeffect") {
					continue
				}
				if fn, ok := pass.TypesInfo.Defs[field.Names[0]].(*types.Func); ok {
					s.facts.Set(fn, &sideEffectFact{What: "is marked //exitlint:sideeffect"})
				}
			}
			return true
		})
	}
}

// implementedMethods gives each method of an interface of the package the
// side effect of its implementations in the package, when every one of them
// (one at least) has one: a call through the interface runs one of them,
// whichever value the caller holds. It reports whether it gave any. An
// implementation elsewhere is not seen (facts flow to importers only), and
// one without the side effect (an in-memory store beside the file store)
// leaves the method without one.
func (s *SideEffects) implementedMethods(pass *analysis.Pass) bool {
	var ifaces []*types.Interface
	var concrete []types.Type
	scope := pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() || analyzerutil.InTestFile(pass.Fset, tn.Pos()) {
			continue
		}
		n, ok := tn.Type().(*types.Named)
		if !ok || n.TypeParams().Len() > 0 {
			continue
		}
		if it, ok := n.Underlying().(*types.Interface); ok {
			ifaces = append(ifaces, it)
		} else {
			concrete = append(concrete, n)
		}
	}
	changed := false
	for _, it := range ifaces {
		impls := implementations(it, concrete)
		if len(impls) == 0 {
			continue
		}
		for i := range it.NumExplicitMethods() {
			m := it.ExplicitMethod(i)
			if s.facts.Local(m) != nil {
				continue // marked //exitlint:sideeffect
			}
			if e, ok := s.everyImplementation(impls, m); ok {
				s.facts.Set(m, &sideEffectFact{Chain: e.Chain, What: e.What})
				changed = true
			}
		}
	}
	return changed
}

// implementations returns the types among concrete (or pointers to them)
// that implement it.
func implementations(it *types.Interface, concrete []types.Type) []types.Type {
	var out []types.Type
	for _, t := range concrete {
		if types.Implements(t, it) {
			out = append(out, t)
		} else if p := types.NewPointer(t); types.Implements(p, it) {
			out = append(out, p)
		}
	}
	return out
}

// everyImplementation returns the side effect of the first implementation
// of method m among impls, when every one of them has one whatever it is
// given.
func (s *SideEffects) everyImplementation(impls []types.Type, m *types.Func) (Effect, bool) {
	var first Effect
	for i, t := range impls {
		obj, _, _ := types.LookupFieldOrMethod(t, false, m.Pkg(), m.Name())
		fn, ok := obj.(*types.Func)
		if !ok {
			return Effect{}, false
		}
		f := s.facts.Local(fn)
		if f == nil || f.Cond != nil {
			return Effect{}, false
		}
		if i == 0 {
			first = Effect{Chain: append([]string{analyzerutil.CallName(fn)}, f.Chain...), What: f.What}
		}
	}
	return first, true
}
