package exits

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"go/version"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/exitlint/exitlint/internal/analyzerutil"
)

// noFailFact marks a function whose error result is nil on every run, or
// when it is not, an internal failure no specific code describes or a
// failed write to a standard stream (its every failing return follows a
// call of the kind noSpecificFailure accepts): the packages that import it
// judge an exit after it as the package that declares it would. Writers,
// when not empty, are the indices of writer parameters the function's
// failures may also come from: it has no specific failure only where each
// is given os.Stdout or os.Stderr (render(os.Stdout, v)).
type noFailFact struct {
	Writers []int
}

func (*noFailFact) AFact() {}

func (f *noFailFact) String() string {
	if len(f.Writers) == 0 {
		return "noFail"
	}
	return fmt.Sprintf("noFail(given standard streams at %v)", f.Writers)
}

// noFail decides which calls of a package have no failure an exit code
// could describe, for the exemptions of the package.
type noFail struct {
	pass *analysis.Pass
	x    *Exemptions
	// funcs memoizes noFailFunc for the package's functions: the summary
	// once decided; absent while undecided (a recursive call counts as one
	// that may fail).
	funcs map[*types.Func]noFailSummary
	// params memoizes inMemory for parameters, the same way.
	params map[*types.Var]bool
	// imported holds the functions of other packages the package refers
	// to that carry a noFailFact: read while the exits pass runs, since
	// the checks ask later, when facts can no longer be imported.
	imported map[*types.Func]noFailSummary
	// writers are the writer parameters of the function whose summary is
	// being decided, and whether its failures came from each: a write to
	// one is a write to a standard stream where every call gives one.
	writers map[*types.Var]bool
	// impls are, for a method of an interface of the module that the
	// package calls, the methods of every type of the program that
	// implements the interface (implementations); absent when they
	// cannot all be known.
	impls map[*types.Func][]*types.Func
}

// noFailSummary is what noFailFunc decides about a function: whether its
// every failure has no specific code, and the indices of the writer
// parameters that holds only for when each is given a standard stream.
type noFailSummary struct {
	ok      bool
	writers []int
}

// unreached reports whether the code at cur (an exit, or a code that
// becomes one anywhere, not only in a return) runs only when nothing an
// agent could act on went wrong: after a failed write to the output
// stream, after a call that cannot fail or fails only internally, or
// after a panic.
func (x *Exemptions) unreached(cur inspector.Cursor) bool {
	return x.stdioWriteFailed(cur) || x.cannotFail(cur) || afterPanic(x.info, cur) || x.afterNoReturn(cur)
}

// noSpecificFailure reports whether the error of call is nil on every
// run, or an internal failure no code 3–13 describes: see the fallback
// check's documentation ("Not flagged") for each rule and its evidence.
func (x *Exemptions) noSpecificFailure(call *ast.CallExpr, body *ast.BlockStmt) bool {
	if x.nf == nil {
		return false
	}
	return x.nf.call(call, body)
}

// walkNeverFails reports whether fn, the function a directory walk calls,
// is a function literal or a function of the package that returns nil,
// filepath.SkipDir or SkipAll (which the walk does not return) in every
// return statement: the walk then returns nil.
func (nf *noFail) walkNeverFails(fn ast.Expr) bool {
	var body *ast.BlockStmt
	switch f := ast.Unparen(fn).(type) {
	case *ast.FuncLit:
		body = f.Body
	case *ast.Ident:
		if obj, ok := nf.x.info.Uses[f].(*types.Func); ok && obj.Pkg() == nf.pass.Pkg {
			if decl := nf.x.funcDecl(obj); decl != nil {
				body = decl.Body
			}
		}
	}
	if body == nil {
		return false
	}
	returns, all := 0, true
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // its returns are its own
		case *ast.ReturnStmt:
			returns++
			all = all && len(n.Results) == 1 && nf.nilOrSkip(n.Results[0])
		}
		return all
	})
	return all && returns > 0
}

// nilOrSkip reports whether e is nil, or SkipDir or SkipAll of
// path/filepath or io/fs.
func (nf *noFail) nilOrSkip(e ast.Expr) bool {
	id := analyzerutil.NameIdent(ast.Unparen(e))
	if id == nil {
		return false
	}
	obj := nf.x.info.Uses[id]
	if obj == types.Universe.Lookup("nil") {
		return true
	}
	v, ok := obj.(*types.Var)
	if !ok || v.Pkg() == nil || (v.Name() != "SkipDir" && v.Name() != "SkipAll") {
		return false
	}
	return v.Pkg().Path() == "path/filepath" || v.Pkg().Path() == "io/fs"
}

// roundTrip reports whether json.Unmarshal(data, &v) decodes into an
// empty interface what json.Marshal encoded in the same function: the
// bytes are JSON by construction, and any JSON decodes into an empty
// interface (a program normalizing its own value: Marshal, then
// Unmarshal into any).
func (nf *noFail) roundTrip(data, target ast.Expr, body *ast.BlockStmt) bool {
	info := nf.x.info
	addr, ok := ast.Unparen(target).(*ast.UnaryExpr)
	if !ok || addr.Op != token.AND {
		return false
	}
	tid, ok := ast.Unparen(addr.X).(*ast.Ident)
	if !ok {
		return false
	}
	if it, ok := info.TypeOf(tid).Underlying().(*types.Interface); !ok || !it.Empty() {
		return false
	}
	return nf.assignedOnlyBy(data, body, "encoding/json", "Marshal", "MarshalIndent")
}

// call is noSpecificFailure; body is the function the call is in.
func (nf *noFail) call(call *ast.CallExpr, body *ast.BlockStmt) bool {
	info := nf.x.info
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Pkg() == nil {
		return false
	}
	if writesStream(info, call, body, nf.isStream) {
		// A broken standard stream loses the envelope that would explain
		// any other code: 1 is the last resort.
		return true
	}
	if fn.Signature().Recv() != nil {
		if nf.method(call, fn, body) {
			return true
		}
		if types.IsInterface(fn.Signature().Recv().Type()) {
			// Any implementation may run: the call cannot fail when
			// none of them can.
			impls, ok := nf.impls[fn]
			if !ok || len(impls) == 0 {
				return false
			}
			for _, m := range impls {
				if sum := nf.summary(m); !sum.ok || !nf.givenStreams(call, sum.writers, body) {
					return false
				}
			}
			return true
		}
		sum := nf.summary(fn)
		return sum.ok && nf.givenStreams(call, sum.writers, body)
	}
	switch fn.Pkg().Path() + "." + fn.Name() {
	case "encoding/json.Marshal", "encoding/json.MarshalIndent":
		// Encoding the program's own value: what fails is the program,
		// not anything an agent did, unless the value passes bytes
		// through unchecked or runs a marshaler of the program's own.
		return len(call.Args) > 0 && !nf.marshalMayMean(info.TypeOf(call.Args[0]), map[types.Type]bool{})
	case "os.Executable":
		// The operating system cannot tell the program its own path.
		return true
	case "crypto/rand.Read":
		// From Go 1.24 on, Read crashes the program rather than return an
		// error; a file built with an earlier Go may see one.
		return atLeastGo124(info, call)
	case "fmt.Fprint", "fmt.Fprintf", "fmt.Fprintln", "io.WriteString":
		// fmt returns only the writer's error.
		return len(call.Args) > 0 && nf.inMemory(call.Args[0])
	case "path/filepath.Walk", "path/filepath.WalkDir", "io/fs.WalkDir":
		// A walk returns only what its function returns: even the root's
		// failure is handed to the function to decide.
		return len(call.Args) > 0 && nf.walkNeverFails(call.Args[len(call.Args)-1])
	case "encoding/json.Unmarshal":
		return len(call.Args) == 2 && nf.roundTrip(call.Args[0], call.Args[1], body)
	case "go.uber.org/zap.NewProduction", "go.uber.org/zap.NewDevelopment":
		// zap's presets: a logger over standard error with an encoder zap
		// registers itself. Building one fails only for an encoding or an
		// output path a Config of the program's own names.
		return true
	case "github.com/alecthomas/kong.New":
		// Building the parser of the program's own grammar: it fails
		// only on a struct tag kong refuses, a defect of the build.
		return nf.grammarOnly(call)
	}
	sum := nf.summary(fn)
	return sum.ok && nf.givenStreams(call, sum.writers, body)
}

// summary returns what is known of fn, a function or a method with a
// concrete receiver: decided here for one of the package, read from its
// noFailFact for one of another package.
func (nf *noFail) summary(fn *types.Func) noFailSummary {
	if fn.Pkg() == nf.pass.Pkg {
		return nf.noFailFunc(fn)
	}
	return nf.imported[fn.Origin()]
}

// isStream reports whether obj is os.Stdout or os.Stderr, or a writer
// parameter of the function being summarized (noting that its failures
// may come from it).
func (nf *noFail) isStream(obj types.Object) bool {
	if analyzerutil.IsStdio(obj) {
		return true
	}
	v, ok := obj.(*types.Var)
	if !ok {
		return false
	}
	if _, ok := nf.writers[v]; ok {
		nf.writers[v] = true
		return true
	}
	return nf.x.streamParam(v)
}

// givenStreams reports whether call gives each of the parameters at
// writers (a callee's summary) a standard stream, or a writer parameter of
// the function being summarized.
func (nf *noFail) givenStreams(call *ast.CallExpr, writers []int, body *ast.BlockStmt) bool {
	for _, i := range writers {
		if call.Ellipsis.IsValid() || i >= len(call.Args) || !writerOver(nf.x.info, call.Args[i], body, nf.isStream) {
			return false
		}
	}
	return true
}

// method reports whether a method call cannot fail: a write to a
// strings.Builder or a bytes.Buffer, whose Write methods always return a
// nil error, or to a hash.Hash, whose Write the interface's contract says
// never returns one.
func (nf *noFail) method(call *ast.CallExpr, fn *types.Func, body *ast.BlockStmt) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	recv := ""
	if tn := analyzerutil.PointerReceiver(fn); tn != nil && tn.Pkg() != nil {
		recv = tn.Pkg().Path() + "." + tn.Name()
	}
	switch recv {
	case "os/exec.Cmd":
		switch fn.Name() {
		case "StdinPipe", "StdoutPipe", "StderrPipe":
			// A pipe to a child fails only inside the process: the
			// stream already set or the command already started (both
			// defects of the program), or no descriptor left.
			return true
		}
		return false
	case "os.File":
		// fstat of a descriptor the function just opened, or of a
		// standard stream the process was started with.
		if fn.Name() != "Stat" {
			return false
		}
		if x, ok := ast.Unparen(sel.X).(*ast.SelectorExpr); ok && analyzerutil.StdStream(nf.x.info.Uses[x.Sel]) != "" {
			return true
		}
		return nf.assignedOnlyBy(sel.X, body, "os", "Open", "OpenFile", "Create")
	case "flag.FlagSet":
		// Parse of a flag set made to exit on error: the flag package
		// exits itself on a bad flag, and Parse returns nil.
		return fn.Name() == "Parse" && nf.x.exitsOnError(sel.X, "flag")
	case "github.com/spf13/pflag.FlagSet":
		if fn.Name() == "Parse" {
			return nf.x.exitsOnError(sel.X, "github.com/spf13/pflag")
		}
		// A flag's value by a name the program spells: the lookup fails
		// only for a name no flag of that type has, a defect of the
		// program (the caller's flags were parsed, and refused, before).
		if !strings.HasPrefix(fn.Name(), "Get") || len(call.Args) != 1 {
			return false
		}
		_, spelled := analyzerutil.ConstString(nf.x.info, call.Args[0])
		return spelled
	case "github.com/spf13/cobra.Command":
		// The command's own usage text: it fails only when the text
		// cannot be written (Help, which never fails, has its fact).
		return fn.Name() == "Usage"
	}
	switch fn.Name() {
	case "Write", "WriteString", "WriteByte", "WriteRune":
	default:
		return false
	}
	if nf.inMemory(sel.X) {
		return true
	}
	t := nf.x.info.TypeOf(sel.X)
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem() // an addressable Builder or Buffer (b.WriteString)
	}
	if memoryWriter(types.NewPointer(t)) {
		return true
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && fn.Name() == "Write" && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "hash" && strings.HasPrefix(n.Obj().Name(), "Hash")
}

// assignedOnlyBy reports whether e is a variable of the function body is
// that only calls of the functions names of package path assign to.
func (nf *noFail) assignedOnlyBy(e ast.Expr, body *ast.BlockStmt, path string, names ...string) bool {
	values, ok := analyzerutil.LocalValues(nf.x.info, e, body)
	if !ok {
		return false
	}
	for _, val := range values {
		call, ok := ast.Unparen(val).(*ast.CallExpr)
		if !ok {
			return false
		}
		fn := typeutil.StaticCallee(nf.x.info, call)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != path || !slices.Contains(names, fn.Name()) {
			return false
		}
	}
	return true
}

// inMemory reports whether the writer e is a *strings.Builder or a
// *bytes.Buffer: by its type, or as a parameter of an unexported function
// of the package that every call gives one (a writeString(w
// io.StringWriter, s) helper that builds a completion script).
func (nf *noFail) inMemory(e ast.Expr) bool {
	if memoryWriter(nf.x.info.TypeOf(e)) {
		return true
	}
	v := nf.param(e)
	if v == nil {
		return false
	}
	if got, ok := nf.params[v]; ok {
		return got
	}
	got := nf.paramInMemory(v)
	nf.params[v] = got
	return got
}

// param returns the variable e names if it is a parameter of a function
// of the package, or nil.
func (nf *noFail) param(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := nf.x.info.Uses[id].(*types.Var)
	if !ok || v.Pkg() != nf.pass.Pkg || v.IsField() || v.Parent() == nil || v.Parent() == nf.pass.Pkg.Scope() {
		return nil
	}
	return v
}

// paramInMemory reports whether every value the parameter v is given is a
// *strings.Builder or a *bytes.Buffer: v and the parameters it is passed
// on from (writePreamble(buf io.StringWriter) calling writeString(buf, …))
// are never assigned, belong to unexported functions, or unexported
// methods no interface of the package names, that are only ever called,
// never used as values, and every call gives each either such a writer or
// one of these parameters. A parameter passed on to itself (a recursive
// gen(buf, child)) brings nothing new.
func (nf *noFail) paramInMemory(root *types.Var) bool {
	info := nf.x.info
	seen := map[*types.Var]bool{root: true}
	work := []*types.Var{root}
	calls := 0
	for len(work) > 0 {
		v := work[0]
		work = work[1:]
		fn, decl, index := nf.paramOf(v)
		if fn == nil || fn.Exported() || (decl.Recv != nil && nf.interfaceNames(fn.Name())) {
			return false
		}
		if values, complete := analyzerutil.AssignedValues(info, v, decl.Body); !complete || len(values) > 0 {
			return false
		}
		args, ok := nf.argsOf(fn, index)
		if !ok {
			return false
		}
		calls += len(args)
		for _, arg := range args {
			if memoryWriter(info.TypeOf(arg)) {
				continue
			}
			w := nf.param(arg)
			if w == nil {
				return false
			}
			if !seen[w] {
				seen[w] = true
				work = append(work, w)
			}
		}
	}
	return calls > 0
}

// argsOf returns the arguments every call of fn in the package gives its
// parameter index; false when fn is used as a value (called from
// anywhere) or a call spreads a slice.
func (nf *noFail) argsOf(fn *types.Func, index int) ([]ast.Expr, bool) {
	info := nf.x.info
	var args []ast.Expr
	ok := true
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			name := analyzerutil.NameIdent(ast.Unparen(n.Fun))
			if name != nil && info.Uses[name] == fn {
				if n.Ellipsis != token.NoPos || index >= len(n.Args) {
					ok = false
					return false
				}
				sel, isSel := ast.Unparen(n.Fun).(*ast.SelectorExpr)
				if isSel && info.Selections[sel] != nil && info.Selections[sel].Kind() == types.MethodExpr {
					ok = false // T.m(recv, …): the receiver shifts the arguments
					return false
				}
				args = append(args, n.Args[index])
				if isSel {
					ast.Inspect(sel.X, visit)
				}
				for _, a := range n.Args {
					ast.Inspect(a, visit) // not the callee's name: a call is no use as a value
				}
				return false
			}
		case *ast.Ident:
			if info.Uses[n] == fn {
				ok = false // used as a value: called from anywhere
			}
		}
		return ok
	}
	for _, f := range nf.x.files {
		ast.Inspect(f, visit)
	}
	return args, ok
}

// interfaceNames reports whether an interface type declared at the
// package level has a method named name: a method of that name may then
// be called through it, with any argument.
func (nf *noFail) interfaceNames(name string) bool {
	scope := nf.pass.Pkg.Scope()
	for _, n := range scope.Names() {
		tn, ok := scope.Lookup(n).(*types.TypeName)
		if !ok {
			continue
		}
		if it, ok := tn.Type().Underlying().(*types.Interface); ok {
			for m := range it.Methods() {
				if m.Name() == name {
					return true
				}
			}
		}
	}
	return false
}

// paramOf returns the function of the package that declares v as a
// parameter, its declaration and v's index among the parameters.
func (nf *noFail) paramOf(v *types.Var) (*types.Func, *ast.FuncDecl, int) {
	for _, f := range nf.x.files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || fd.Pos() > v.Pos() || v.Pos() >= fd.End() {
				continue
			}
			i := 0
			for _, field := range fd.Type.Params.List {
				for _, name := range field.Names {
					if nf.x.info.Defs[name] == v {
						fn, _ := nf.x.info.Defs[fd.Name].(*types.Func)
						return fn, fd, i
					}
					i++
				}
				if len(field.Names) == 0 {
					i++
				}
			}
			return nil, nil, 0
		}
	}
	return nil, nil, 0
}

// memoryWriter reports whether t is *strings.Builder or *bytes.Buffer.
func memoryWriter(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	switch n.Obj().Pkg().Path() + "." + n.Obj().Name() {
	case "strings.Builder", "bytes.Buffer":
		return true
	}
	return false
}

// atLeastGo124 reports whether the file of call is built with Go 1.24 or
// later (its go.mod's go line, or a //go:build constraint).
func atLeastGo124(info *types.Info, call *ast.CallExpr) bool {
	for f, v := range info.FileVersions {
		if f.FileStart <= call.Pos() && call.Pos() < f.FileEnd {
			return version.IsValid(v) && version.Compare(v, "go1.24") >= 0
		}
	}
	return false
}

// marshalMayMean reports whether encoding a value of type t may fail in a
// way that means something beyond the program's own failure: a
// json.RawMessage (encoding/json refuses bytes that are no JSON, and they
// may be the caller's input, passed through), or a MarshalJSON or
// MarshalText method of the program's own module, whose errors the
// program chose. seen holds the types being checked.
func (nf *noFail) marshalMayMean(t types.Type, seen map[types.Type]bool) bool {
	if t == nil || seen[t] {
		return false
	}
	seen[t] = true
	if analyzerutil.IsNamedType(t, "encoding/json", "RawMessage") {
		return true
	}
	if m := marshaler(t); m != nil {
		return m.Pkg() != nil && nf.inModule(m.Pkg().Path())
	}
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		return nf.marshalMayMean(u.Elem(), seen)
	case *types.Slice:
		return nf.marshalMayMean(u.Elem(), seen)
	case *types.Array:
		return nf.marshalMayMean(u.Elem(), seen)
	case *types.Map:
		return nf.marshalMayMean(u.Key(), seen) || nf.marshalMayMean(u.Elem(), seen)
	case *types.Struct:
		for i := range u.NumFields() {
			if nf.marshalMayMean(u.Field(i).Type(), seen) {
				return true
			}
		}
	}
	return false
}

// marshaler returns the MarshalJSON or MarshalText method of t or *t, or
// nil.
func marshaler(t types.Type) *types.Func {
	for _, name := range []string{"MarshalJSON", "MarshalText"} {
		for _, typ := range []types.Type{t, types.NewPointer(t)} {
			if obj, _, _ := types.LookupFieldOrMethod(typ, false, nil, name); obj != nil {
				if fn, ok := obj.(*types.Func); ok {
					return fn
				}
			}
		}
	}
	return nil
}

// inModule reports whether a package path lies in the analyzed package's
// module.
func (nf *noFail) inModule(path string) bool {
	m := nf.x.ex.module
	if m == "" {
		return path == nf.pass.Pkg.Path()
	}
	return analyzerutil.InModule(path, m)
}

// noFailFunc decides whether fn, a function of the package ending in an
// error result, returns a nil error on every path, or one only after a
// call that cannot fail, fails only internally or fails only when a
// standard stream does: each return statement returns nil for it, lies in
// the body of `if err != nil` after such a call (it never runs, or passes
// that failure on), returns such a call's results whole (return
// json.Marshal(v)), or returns an error variable that only such calls
// assign. A bare return, or one of an error from anywhere else, may fail.
// Writes to a writer parameter count as writes to a standard stream, and
// the summary names the parameters whose writes were counted so.
func (nf *noFail) noFailFunc(fn *types.Func) noFailSummary {
	fn = fn.Origin()
	if v, ok := nf.funcs[fn]; ok {
		return v
	}
	nf.funcs[fn] = noFailSummary{} // a recursive call may fail
	outer := nf.writers
	nf.writers = map[*types.Var]bool{}
	params := fn.Signature().Params()
	for i := range params.Len() {
		if implementsWriter(params.At(i).Type()) {
			nf.writers[params.At(i)] = false
		}
	}
	v := noFailSummary{ok: nf.decide(fn)}
	if v.ok {
		for i := range params.Len() {
			if nf.writers[params.At(i)] {
				v.writers = append(v.writers, i)
			}
		}
	}
	nf.writers = outer
	nf.funcs[fn] = v
	return v
}

// implementsWriter reports whether a value of type t is an io.Writer.
func implementsWriter(t types.Type) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "Write")
	m, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := m.Signature()
	return sig.Params().Len() == 1 && sig.Results().Len() == 2 && analyzerutil.IsError(sig.Results().At(1).Type())
}

func (nf *noFail) decide(fn *types.Func) bool {
	x := nf.x
	res := fn.Signature().Results()
	if res.Len() == 0 || !analyzerutil.IsError(res.At(res.Len()-1).Type()) {
		return false
	}
	declCur, ok := x.declCursor(fn)
	if !ok {
		return false
	}
	decl := declCur.Node().(*ast.FuncDecl)
	if decl.Body == nil {
		return false
	}
	if f, ok := declCur.Parent().Node().(*ast.File); ok && analyzerutil.BuildConstrained(x.fset, f) {
		// Declared for some platforms: the twin for the others may fail
		// (a self-update's PrepareSelfReplace, nil on Unix).
		return false
	}
	body := declCur.ChildAt(edge.FuncDecl_Body, -1)
	returns, all := 0, true
	body.Inspect([]ast.Node{(*ast.FuncLit)(nil), (*ast.ReturnStmt)(nil)}, func(c inspector.Cursor) bool {
		r, ok := c.Node().(*ast.ReturnStmt)
		if !ok {
			return false // a function literal's returns are its own
		}
		returns++
		all = all && nf.returnsNoFailure(c, r, res.Len(), decl.Body)
		return false
	})
	return all && returns > 0
}

// returnsNoFailure reports whether the return statement r at cur, in a
// function with n results the last of which is an error, returns nil for
// it, or only passes on what cannot fail, fails only internally or fails
// only with a standard stream.
func (nf *noFail) returnsNoFailure(cur inspector.Cursor, r *ast.ReturnStmt, n int, body *ast.BlockStmt) bool {
	info := nf.x.info
	if len(r.Results) == n {
		last := ast.Unparen(r.Results[n-1])
		if id, ok := last.(*ast.Ident); ok && info.Uses[id] == types.Universe.Lookup("nil") {
			return true
		}
		if nf.onlyNoFailure(last, body) {
			return true
		}
	}
	if len(r.Results) == 1 {
		// return json.Marshal(v), or return f() of an error alone.
		if call, ok := ast.Unparen(r.Results[0]).(*ast.CallExpr); ok && nf.call(call, body) {
			return true
		}
	}
	return nf.x.cannotFail(cur)
}

// onlyNoFailure reports whether e is a local error variable of body that
// only nil or the error of calls noSpecificFailure accepts are assigned
// (err = printJSON(v) in every case of a switch, _, err = w.Write(b)),
// and that is declared without a value or assigned at least once.
func (nf *noFail) onlyNoFailure(e ast.Expr, body *ast.BlockStmt) bool {
	info := nf.x.info
	id, ok := e.(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || !analyzerutil.IsError(v.Type()) || v.Pos() < body.Pos() || v.Pos() >= body.End() {
		return false
	}
	all, assigned := true, false
	ast.Inspect(body, func(n ast.Node) bool {
		if !all {
			return false
		}
		switch n := n.(type) {
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				if x, ok := ast.Unparen(n.X).(*ast.Ident); ok && info.Uses[x] == v {
					all = false // its address escapes: anything may store to it
				}
			}
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				l, ok := ast.Unparen(lhs).(*ast.Ident)
				if !ok || (info.Defs[l] != v && info.Uses[l] != v) {
					continue
				}
				assigned = true
				var val ast.Expr
				switch {
				case len(n.Rhs) == len(n.Lhs):
					val = n.Rhs[i]
				case len(n.Rhs) == 1 && i == len(n.Lhs)-1:
					val = n.Rhs[0] // the error of a multi-valued call
				}
				all = val != nil && nf.nilOrNoFailure(val, body)
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if info.Defs[name] != v {
					continue
				}
				switch {
				case len(n.Values) == 0:
				case len(n.Values) == len(n.Names):
					assigned = true
					all = nf.nilOrNoFailure(n.Values[i], body)
				case len(n.Values) == 1 && i == len(n.Names)-1:
					assigned = true
					all = nf.nilOrNoFailure(n.Values[0], body)
				default:
					all = false
				}
			}
		}
		return true
	})
	return all && assigned
}

// nilOrNoFailure reports whether e is nil or a call noSpecificFailure
// accepts.
func (nf *noFail) nilOrNoFailure(e ast.Expr, body *ast.BlockStmt) bool {
	e = ast.Unparen(e)
	if id, ok := e.(*ast.Ident); ok {
		return nf.x.info.Uses[id] == types.Universe.Lookup("nil")
	}
	call, ok := e.(*ast.CallExpr)
	return ok && nf.call(call, body)
}

// exportNoFail reads the noFailFacts of the functions the package refers
// to, and exports one on each function of the package whose
// error has no failure an exit code could describe.
func (x *Exemptions) exportNoFail(pass *analysis.Pass) {
	x.nf = &noFail{pass: pass, x: x, funcs: map[*types.Func]noFailSummary{}, params: map[*types.Var]bool{}, imported: map[*types.Func]noFailSummary{}}
	importFact := func(fn *types.Func) {
		var fact noFailFact
		if fn.Pkg() != pass.Pkg && pass.ImportObjectFact(fn, &fact) {
			x.nf.imported[fn] = noFailSummary{ok: true, writers: fact.Writers}
		}
	}
	for _, fn := range analyzerutil.RefsOf(pass).Funcs {
		importFact(fn)
	}
	x.nf.impls = implementations(pass, x.ex.module)
	for _, ms := range x.nf.impls {
		for _, m := range ms {
			importFact(m)
		}
	}
	for _, f := range x.files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, ok := x.info.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			if sum := x.nf.noFailFunc(fn); sum.ok {
				pass.ExportObjectFact(fn, &noFailFact{Writers: sum.writers})
			}
		}
	}
}

// afterPanic reports whether cur lies in the body of an `if r != nil`
// whose r holds what recover() returned: the program panicked, a bug of
// its own, and no specific code describes it.
func afterPanic(info *types.Info, cur inspector.Cursor) bool {
	for ifCur := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil), (*ast.IfStmt)(nil)) {
		ifs, ok := ifCur.Node().(*ast.IfStmt)
		if !ok {
			return false
		}
		if !ifCur.Child(ifs.Body).Contains(cur) {
			continue
		}
		v := notNil(info, ifs.Cond)
		if v == nil {
			continue
		}
		if call := errSource(info, ifCur, v); call != nil {
			if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && info.Uses[id] == types.Universe.Lookup("recover") {
				return true
			}
		}
	}
	return false
}

// notNil returns the variable a `v != nil` condition tests, or nil.
func notNil(info *types.Info, cond ast.Expr) *types.Var {
	bin, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || bin.Op != token.NEQ {
		return nil
	}
	for _, pair := range [][2]ast.Expr{{bin.X, bin.Y}, {bin.Y, bin.X}} {
		id, ok := ast.Unparen(pair[0]).(*ast.Ident)
		nilID, isNil := ast.Unparen(pair[1]).(*ast.Ident)
		if ok && isNil && info.Uses[nilID] == types.Universe.Lookup("nil") {
			v, _ := info.Uses[id].(*types.Var)
			return v
		}
	}
	return nil
}

// grammarOnly reports whether kong.New(&grammar, options…) can fail only
// on the program's own grammar: every option is spelled at the call, as a
// call of a kong function other than Configuration (which reads the
// user's configuration files while New runs) or a composite literal of a
// kong type (kong.Vars{…}). An option held in a variable or made by the
// program may be anything.
func (nf *noFail) grammarOnly(call *ast.CallExpr) bool {
	if call.Ellipsis.IsValid() {
		return false
	}
	for _, opt := range call.Args[1:] {
		var fromKong bool
		switch o := ast.Unparen(opt).(type) {
		case *ast.CallExpr:
			fn, ok := typeutil.Callee(nf.x.info, o).(*types.Func)
			fromKong = ok && fn.Pkg() != nil && fn.Pkg().Path() == kongPath && fn.Name() != "Configuration"
		case *ast.CompositeLit:
			n, ok := types.Unalias(nf.x.info.TypeOf(o)).(*types.Named)
			fromKong = ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == kongPath
		}
		if !fromKong {
			return false
		}
	}
	return true
}

// kongPath is the import path of the kong command-line parser.
const kongPath = "github.com/alecthomas/kong"

// implementations returns, for each method of an interface declared in
// the module that a main package calls, the methods of every type of the
// program that implements the interface: a main package imports, directly
// or not, every package whose types a run can hold, so it sees them all.
// A package that is no main cannot: a program that imports it may bring
// another implementation. A generic type with a method of the name makes
// the set unknown: its instances are not in any scope. Limit: the types
// are found through the import lists of the packages, and a dependency
// read from export data lists only the packages its export data names, so
// an implementation in a package that only such a dependency imports, and
// whose API names nothing of it, is not seen; an exit after the call is
// then left out where it might run (a miss, never a false report).
//
// Evidence: kubeval's output managers (Put and Flush of a stdout, a JSON
// and a TAP manager, each of which writes to standard output or returns
// nil) and go-i18n's commands (each parse builds an ExitOnError flag set,
// whose Parse exits by itself and otherwise returns nil), wazero's CLI
// (Close of a CompiledModule, whose one implementation returns nil): the
// exit after each call never runs. gobuster's ResultToString is the same shape in a
// package that is no main, which the rule leaves.
func implementations(pass *analysis.Pass, module string) map[*types.Func][]*types.Func {
	if pass.Pkg.Name() != "main" || module == "" {
		return nil
	}
	var called []*types.Func
	seen := map[*types.Func]bool{}
	for _, sel := range pass.TypesInfo.Selections {
		fn, ok := sel.Obj().(*types.Func)
		if !ok || sel.Kind() != types.MethodVal || !types.IsInterface(sel.Recv()) || fn.Pkg() == nil || !analyzerutil.InModule(fn.Pkg().Path(), module) || seen[fn] {
			continue
		}
		seen[fn] = true
		called = append(called, fn)
	}
	if len(called) == 0 {
		return nil
	}
	// Every named type of the program, once, in the order of the
	// packages' paths.
	var named []*types.TypeName
	closure := importClosure(pass.Pkg)
	for _, path := range slices.Sorted(maps.Keys(closure)) {
		scope := closure[path].Scope()
		for _, name := range scope.Names() {
			if tn, ok := scope.Lookup(name).(*types.TypeName); ok && !tn.IsAlias() {
				named = append(named, tn)
			}
		}
	}
	// Types declared inside functions of the package can implement too.
	for _, obj := range pass.TypesInfo.Defs {
		if tn, ok := obj.(*types.TypeName); ok && tn.Parent() != tn.Pkg().Scope() && !tn.IsAlias() {
			named = append(named, tn)
		}
	}
	// The implementing types of each interface, once per interface (a
	// type's value or its pointer), and whether a generic type might be
	// one.
	type implementers struct {
		types   []types.Type
		generic []*types.Named
	}
	byIface := map[*types.Interface]*implementers{}
	implementersOf := func(iface *types.Interface) *implementers {
		if im, ok := byIface[iface]; ok {
			return im
		}
		im := &implementers{}
		for _, tn := range named {
			t, ok := tn.Type().(*types.Named)
			if !ok || types.IsInterface(t) {
				continue
			}
			switch {
			case t.TypeParams().Len() > 0:
				im.generic = append(im.generic, t)
			case types.Implements(t, iface):
				im.types = append(im.types, t)
			case types.Implements(types.NewPointer(t), iface):
				im.types = append(im.types, types.NewPointer(t))
			}
		}
		byIface[iface] = im
		return im
	}
	out := map[*types.Func][]*types.Func{}
next:
	for _, fn := range called {
		iface, ok := fn.Signature().Recv().Type().Underlying().(*types.Interface)
		if !ok {
			continue
		}
		im := implementersOf(iface)
		for _, t := range im.generic {
			if obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(t), true, fn.Pkg(), fn.Name()); obj != nil {
				continue next // an instance may implement it
			}
		}
		var ms []*types.Func
		for _, impl := range im.types {
			sel := types.NewMethodSet(impl).Lookup(fn.Pkg(), fn.Name())
			if sel == nil {
				continue next
			}
			m, ok := sel.Obj().(*types.Func)
			if !ok {
				continue next
			}
			if !slices.Contains(ms, m) {
				ms = append(ms, m)
			}
		}
		out[fn] = ms
	}
	return out
}
