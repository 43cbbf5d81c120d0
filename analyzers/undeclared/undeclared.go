package undeclared

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/passes/errcodes"
	"github.com/exitlint/exitlint/passes/suppress"
)

//go:embed doc.go
var doc string

// Analyzer reports exit codes a command may end with that its declaration
// does not list.
var Analyzer = &analysis.Analyzer{
	Name:     "undeclared",
	Doc:      analyzerutil.Doc(doc, "undeclared"),
	URL:      analyzerutil.URL("undeclared"),
	Run:      analyzerutil.Guard(run),
	Requires: []*analysis.Analyzer{inspect.Analyzer, errcodes.Analyzer, suppress.Analyzer},
}

type checker struct {
	pass  *analysis.Pass
	codes *errcodes.Codes
	sup   *suppress.Suppressions
	decls map[*types.Func]*ast.FuncDecl
	// fixed records the codes a fix already adds to a command's Codes: a
	// second fix adding the same entry would declare it twice.
	fixed map[*ast.CompositeLit]map[int64]bool
	// reported keeps one finding per return, command and code.
	reported map[reportKey]bool
}

type reportKey struct {
	at   token.Pos
	cmd  *ast.CompositeLit
	code int64
}

func run(pass *analysis.Pass) (any, error) {
	if !analyzerutil.Imports(pass.Pkg, analyzerutil.EnvelopePath) {
		return nil, nil // no envelope.Command can be written here
	}
	ch := &checker{
		pass:     pass,
		codes:    pass.ResultOf[errcodes.Analyzer].(*errcodes.Codes),
		sup:      pass.ResultOf[suppress.Analyzer].(*suppress.Suppressions),
		decls:    map[*types.Func]*ast.FuncDecl{},
		fixed:    map[*ast.CompositeLit]map[int64]bool{},
		reported: map[reportKey]bool{},
	}
	for fd, fn := range analyzerutil.FuncDecls(pass) {
		ch.decls[fn] = fd
	}
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	for file := range analyzerutil.NonTestFiles(pass, ins) {
		for cur := range file.Preorder((*ast.CompositeLit)(nil)) {
			lit := cur.Node().(*ast.CompositeLit)
			if !analyzerutil.IsRunnerCommand(pass.TypesInfo.TypeOf(lit)) {
				continue
			}
			if cmd := ch.command(cur, lit); cmd != nil {
				ch.check(cmd)
			}
		}
	}
	return nil, nil
}

// command is an envelope.Command literal whose declaration can be read.
type command struct {
	lit      *ast.CompositeLit
	name     string
	codes    ast.Expr          // the Codes value, nil when the literal sets none
	entries  *ast.CompositeLit // the Codes literal a fix adds to, nil if none
	declared map[int64]bool
	// adapter names what adds ARG_ERROR to the declaration ("cobraenv.Bind"),
	// "" when nothing does.
	adapter string
}

// command reads a command literal's name and declared codes, or returns
// nil when its Codes are not constant entries this package spells out.
func (ch *checker) command(cur inspector.Cursor, lit *ast.CompositeLit) *command {
	cmd := &command{lit: lit, declared: map[int64]bool{
		int64(exitcode.Success): true, int64(exitcode.GeneralError): true,
	}}
	info := ch.pass.TypesInfo
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return nil
		}
		key, _ := kv.Key.(*ast.Ident)
		if key == nil {
			continue
		}
		switch key.Name {
		case "Name":
			if tv, ok := info.Types[kv.Value]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
				cmd.name = constant.StringVal(tv.Value)
			}
		case "Codes":
			cmd.codes = kv.Value
			cmd.entries = ch.entriesOf(kv.Value)
			if cmd.entries == nil {
				return nil
			}
			for _, e := range cmd.entries.Elts {
				code, ok := ch.entryCode(e)
				if !ok {
					return nil
				}
				cmd.declared[code] = true
			}
		}
	}
	if ch.adapterAdds(cur) {
		cmd.adapter = "cobraenv.Bind"
		cmd.declared[int64(exitcode.ArgError)] = true
	}
	return cmd
}

// entriesOf returns the composite literal a Codes value is: itself, or the
// one value of the variable it names.
func (ch *checker) entriesOf(e ast.Expr) *ast.CompositeLit {
	info := ch.pass.TypesInfo
	switch x := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		return x
	case *ast.Ident:
		v, ok := info.Uses[x].(*types.Var)
		if !ok || v.Pkg() != ch.pass.Pkg {
			return nil
		}
		var values []ast.Expr
		if v.Parent() == ch.pass.Pkg.Scope() {
			values = ch.packageValues(v)
		} else if file := analyzerutil.FileOf(ch.pass, v.Pos()); file != nil {
			values = ch.localValues(file, v)
		}
		if len(values) == 1 {
			lit, _ := ast.Unparen(values[0]).(*ast.CompositeLit)
			return lit
		}
	}
	return nil
}

// packageValues returns what the package assigns to the package-level
// variable v: its initial value, and nil when anything else assigns it.
func (ch *checker) packageValues(v *types.Var) []ast.Expr {
	var out []ast.Expr
	for gd := range analyzerutil.VarDecls(ch.pass) {
		for _, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, name := range vs.Names {
				if ch.pass.TypesInfo.Defs[name] == v && len(vs.Values) == len(vs.Names) {
					out = append(out, vs.Values[i])
				}
			}
		}
	}
	if ch.assignedElsewhere(v) {
		return nil
	}
	return out
}

// localValues returns the values the function declaring v assigns it, nil
// unless they are all known.
func (ch *checker) localValues(file *ast.File, v *types.Var) []ast.Expr {
	var body *ast.BlockStmt
	ast.Inspect(file, func(n ast.Node) bool {
		if fd, ok := n.(*ast.FuncDecl); ok && fd.Body != nil && fd.Body.Pos() <= v.Pos() && v.Pos() < fd.Body.End() {
			body = fd.Body
		}
		return body == nil
	})
	if body == nil {
		return nil
	}
	values, complete := analyzerutil.AssignedValues(ch.pass.TypesInfo, v, body)
	if !complete {
		return nil
	}
	return values
}

// assignedElsewhere reports whether code of the package assigns the
// package-level variable v.
func (ch *checker) assignedElsewhere(v *types.Var) bool {
	found := false
	for _, f := range ch.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if as, ok := n.(*ast.AssignStmt); ok {
				for _, lhs := range as.Lhs {
					if id, ok := ast.Unparen(lhs).(*ast.Ident); ok && ch.pass.TypesInfo.Uses[id] == v {
						found = true
					}
				}
			}
			return !found
		})
	}
	return found
}

// entryCode returns the constant code of an exitcode.Entry literal.
func (ch *checker) entryCode(e ast.Expr) (int64, bool) {
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok {
		return 0, false
	}
	for i, elt := range lit.Elts {
		value := elt
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); !ok || id.Name != "Code" {
				continue
			}
			value = kv.Value
		} else if i != 0 {
			continue
		}
		tv, ok := ch.pass.TypesInfo.Types[value]
		if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
			return 0, false
		}
		return constant.Int64Val(tv.Value)
	}
	return int64(exitcode.Success), true // an entry without a code is SUCCESS's
}

// adapterAdds reports whether the cobra adapter adds ARG_ERROR to the
// command's declaration: the command is handed to cobraenv.Bind, or it
// leaves what the package can see (returned, stored, passed to a function
// of the program) and may be bound elsewhere.
func (ch *checker) adapterAdds(cur inspector.Cursor) bool {
	parent := analyzerutil.ValueParent(cur)
	switch p := parent.Node().(type) {
	case *ast.CallExpr:
		return ch.handedTo(p)
	case *ast.SelectorExpr:
		return false // run directly: envelope.Command{…}.Main()
	case *ast.ValueSpec:
		for i, v := range p.Values {
			if ast.Node(v).Pos() <= cur.Node().Pos() && cur.Node().End() <= v.End() && i < len(p.Names) {
				return ch.usesAdd(ch.pass.TypesInfo.Defs[p.Names[i]])
			}
		}
	case *ast.AssignStmt:
		if len(p.Lhs) == len(p.Rhs) {
			for i, v := range p.Rhs {
				if v.Pos() <= cur.Node().Pos() && cur.Node().End() <= v.End() {
					if id, ok := ast.Unparen(p.Lhs[i]).(*ast.Ident); ok {
						return ch.usesAdd(ch.pass.TypesInfo.ObjectOf(id))
					}
				}
			}
		}
	}
	return true
}

// handedTo reports whether a call the command is given to may add
// ARG_ERROR: cobraenv.Bind does; the runtime's own functions (a
// Registry's Add) do not; another function of the program may bind it.
func (ch *checker) handedTo(call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(ch.pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() == nil {
		return true
	}
	fn = fn.Origin()
	switch fn.Pkg().Path() {
	case analyzerutil.CobraenvPath:
		return fn.Name() == "Bind"
	case analyzerutil.EnvelopePath:
		return false
	}
	return true
}

// usesAdd reports whether a use of the variable holding the command may
// add ARG_ERROR (handedTo), or lets the command go where the package
// cannot see.
func (ch *checker) usesAdd(obj types.Object) bool {
	if obj == nil {
		return true
	}
	adds := false
	for _, f := range ch.pass.Files {
		ins := inspector.New([]*ast.File{f})
		for cur := range ins.Root().Preorder((*ast.Ident)(nil)) {
			if ch.pass.TypesInfo.Uses[cur.Node().(*ast.Ident)] != obj {
				continue
			}
			switch p := cur.Parent().Node().(type) {
			case *ast.CallExpr:
				adds = adds || ch.handedTo(p)
			case *ast.SelectorExpr: // cmd.Run(…), cmd.Main(), cmd.Codes
			case *ast.UnaryExpr:
				adds = true
			default:
				adds = true
			}
		}
	}
	return adds
}

// check reports the codes each phase of a command may end with that its
// declaration lacks.
func (ch *checker) check(cmd *command) {
	for _, elt := range cmd.lit.Elts {
		kv := elt.(*ast.KeyValueExpr)
		key, _ := kv.Key.(*ast.Ident)
		if key == nil || key.Name != "Validate" && key.Name != "Execute" {
			continue
		}
		ch.phase(cmd, key.Name == "Execute", kv.Value)
	}
}

// phase checks one phase's function: a literal, or a function of this
// package (reported at its returns), or of another (reported at the
// phase's value, from the function's facts).
func (ch *checker) phase(cmd *command, execute bool, value ast.Expr) {
	info := ch.pass.TypesInfo
	switch v := ast.Unparen(value).(type) {
	case *ast.FuncLit:
		if sig, ok := info.TypeOf(v).(*types.Signature); ok {
			ch.returns(cmd, execute, v.Body, sig)
		}
		return
	}
	fn, ok := info.Uses[analyzerutil.NameIdent(value)].(*types.Func)
	if !ok {
		return
	}
	if fd := ch.decls[fn.Origin()]; fd != nil {
		ch.returns(cmd, execute, fd.Body, fn.Signature())
		return
	}
	last := fn.Signature().Results().Len() - 1
	if s := ch.codes.Func(fn)[last]; len(s) > 0 {
		ch.report(cmd, execute, value, s, analyzerutil.CallName(fn)+", the phase,")
	}
}

// returns checks the error each return statement of a phase's body gives.
func (ch *checker) returns(cmd *command, execute bool, body *ast.BlockStmt, sig *types.Signature) {
	n := sig.Results().Len()
	if n == 0 || !analyzerutil.IsError(sig.Results().At(n-1).Type()) {
		return
	}
	ast.Inspect(body, func(node ast.Node) bool {
		switch ret := node.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			switch len(ret.Results) {
			case n:
				e := ret.Results[n-1]
				ch.report(cmd, execute, e, ch.codes.Of(e, body), "this return")
			case 1:
				ch.report(cmd, execute, ret.Results[0], ch.codes.OfResult(ret.Results[0], n-1, body), "this return")
			case 0:
				if v := sig.Results().At(n - 1); v.Name() != "" {
					ch.report(cmd, execute, ret, ch.codes.OfVar(v, body), "this return")
				}
			}
		}
		return true
	})
}

// report reports each code of s the command does not declare, at node.
func (ch *checker) report(cmd *command, execute bool, at ast.Node, s errcodes.Set, where string) {
	for _, code := range s.Codes() {
		ends, via := code, s[code]
		turned := execute && code == int64(exitcode.ArgError)
		if turned {
			ends = int64(exitcode.PartialFailure)
		}
		key := reportKey{at.Pos(), cmd.lit, ends}
		if cmd.declared[ends] || ch.reported[key] {
			continue
		}
		ch.reported[key] = true
		d := analysis.Diagnostic{
			Pos: at.Pos(), End: at.End(), Category: "undeclared",
			Message: ch.message(cmd, where, ends, via, turned),
		}
		if cmd.codes != nil {
			d.Related = []analysis.RelatedInformation{{Pos: cmd.codes.Pos(), End: cmd.codes.End(), Message: "the command's Codes"}}
		}
		if fix, ok := ch.fix(cmd, ends); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
		ch.sup.Report(ch.pass, d)
	}
}

func (ch *checker) message(cmd *command, where string, code int64, via string, turned bool) string {
	who := "this command"
	if cmd.name != "" {
		who = "command " + strconv.Quote(cmd.name)
	}
	how := fmt.Sprintf("(%s)", via)
	if turned {
		how = fmt.Sprintf("(the runner turns the ARG_ERROR Execute returns, %s, into PARTIAL_FAILURE: side effects may have occurred)", via)
	}
	declared := "its Codes do not declare it"
	if cmd.codes == nil {
		declared = "it declares no Codes"
	}
	return fmt.Sprintf("%s may end with %s through %s %s, and %s: an agent that read the command's exit codes in the manifest meets a code it was not told of, and in test mode the runner refuses it (UNDECLARED_EXIT_CODE); %s",
		who, analyzerutil.DescribeCode(code), where, how, declared, advice(code))
}

// advice says how to declare a code: what the runtime's Declare accepts.
func advice(code int64) string {
	member, inTable := memberName(code)
	switch {
	case inTable && declarable(code):
		return fmt.Sprintf("add {Code: exitcode.%s} to Codes", member)
	case inTable:
		return fmt.Sprintf("add {Code: exitcode.%s} to Codes with SideEffects: exitcode.EffectsNone for a read-only or idempotent command, or Retryable: exitcode.RetryNo (a code with partial side effects is never retryable)", member)
	case exitcode.Classify(int(code)) == exitcode.RangeCommand:
		return fmt.Sprintf("declare %d in Codes with its Name, Retryable and SideEffects", code)
	}
	return fmt.Sprintf("no command may declare %d (%s): end with a code of the table", code, exitcode.Classify(int(code)))
}

// memberName returns the Go name of a table code's constant in exitcode.
func memberName(code int64) (string, bool) {
	row, ok := exitcode.Lookup(exitcode.Code(code))
	if !ok {
		return "", false
	}
	return goName(row.Name), true
}

// goName spells a table name as exitcode's constant: NOT_FOUND → NotFound.
func goName(name string) string {
	out := []byte{}
	upper := true
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c == '_':
			upper = true
		case upper:
			out = append(out, c)
			upper = false
		default:
			out = append(out, c+('a'-'A'))
		}
	}
	return string(out)
}

// declarable reports whether {Code: code} alone is a declaration the
// runtime accepts: a table code whose defaults keep the contract's
// invariants (TIMEOUT's do not).
func declarable(code int64) bool {
	_, err := exitcode.Declare("", exitcode.Entry{Code: exitcode.Code(code)})
	return err == nil
}

// fix adds {Code: exitcode.X} to the command's Codes literal, once per
// command and code, when the file spells the exitcode package and the
// entry alone is a valid declaration.
func (ch *checker) fix(cmd *command, code int64) (analysis.SuggestedFix, bool) {
	member, ok := memberName(code)
	if !ok || !declarable(code) || cmd.entries == nil || ch.fixed[cmd.entries][code] {
		return analysis.SuggestedFix{}, false
	}
	qual := ch.exitcodeName(cmd.entries.Pos())
	if qual == "" {
		return analysis.SuggestedFix{}, false
	}
	if ch.fixed[cmd.entries] == nil {
		ch.fixed[cmd.entries] = map[int64]bool{}
	}
	ch.fixed[cmd.entries][code] = true
	entry := fmt.Sprintf("{Code: %s.%s}", qual, member)
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("declare %s in the command's Codes", analyzerutil.DescribeCode(code)),
		TextEdits: []analysis.TextEdit{appendElement(ch.pass.Fset, cmd.entries, entry)},
	}, true
}

// appendElement inserts an element at the end of a composite literal.
func appendElement(fset *token.FileSet, lit *ast.CompositeLit, elt string) analysis.TextEdit {
	n := len(lit.Elts)
	if n == 0 {
		return analysis.TextEdit{Pos: lit.Rbrace, End: lit.Rbrace, NewText: []byte(elt)}
	}
	last := lit.Elts[n-1]
	if fset.Position(last.End()).Line != fset.Position(lit.Rbrace).Line {
		return analysis.TextEdit{Pos: last.End(), End: last.End(), NewText: []byte(",\n" + elt)}
	}
	return analysis.TextEdit{Pos: last.End(), End: last.End(), NewText: []byte(", " + elt)}
}

// exitcodeName returns the name the file at pos imports exitcode under,
// "" when it does not import it.
func (ch *checker) exitcodeName(pos token.Pos) string {
	file := analyzerutil.FileOf(ch.pass, pos)
	if file == nil {
		return ""
	}
	for _, imp := range file.Imports {
		if path, _ := strconv.Unquote(imp.Path.Value); path == analyzerutil.ExitcodePath {
			if imp.Name != nil {
				if imp.Name.Name == "_" || imp.Name.Name == "." {
					return ""
				}
				return imp.Name.Name
			}
			return "exitcode"
		}
	}
	return ""
}
