package envshape

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/passes/contract"
	"github.com/exitlint/exitlint/passes/suppress"
)

//go:embed doc.go
var doc string

// Analyzer reports envelopes whose shape varies from one response to the
// next.
var Analyzer = &analysis.Analyzer{
	Name:     "envshape",
	Doc:      analyzerutil.Doc(doc, "envshape"),
	URL:      analyzerutil.URL("envshape"),
	Run:      analyzerutil.Guard(run),
	Requires: []*analysis.Analyzer{inspect.Analyzer, contract.Analyzer, suppress.Analyzer},
}

// theKeys are the envelope's keys besides its ok, in the contract's order.
var theKeys = []string{"data", "error", "warnings", "meta"}

type checker struct {
	pass *analysis.Pass
	c    *contract.Contract
	sup  *suppress.Suppressions
}

func run(pass *analysis.Pass) (any, error) {
	c := pass.ResultOf[contract.Analyzer].(*contract.Contract)
	if !c.EnvelopesInView && !c.WritesLiterals() {
		return nil, nil
	}
	ch := &checker{pass: pass, c: c, sup: pass.ResultOf[suppress.Analyzer].(*suppress.Suppressions)}
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	envs := c.Envelopes()
	for _, tn := range envs {
		if tn.Pkg() == pass.Pkg && shaped(tn) && ch.declaredOutput(tn) {
			ch.noOK(tn)
			ch.omitted(tn)
		}
	}
	ch.shapes(envs)
	for file := range analyzerutil.NonTestFiles(pass, ins) {
		for cur := range file.Preorder((*ast.CompositeLit)(nil)) {
			lit := cur.Node().(*ast.CompositeLit)
			if c.OutsideRun(lit.Pos()) {
				continue
			}
			if l := c.LiteralEnvelope(lit); l != nil {
				ch.literal(cur, lit, l)
				continue
			}
			body, _ := analyzerutil.EnclosingFunc(pass.TypesInfo, cur)
			ch.nilWarnings(lit, body)
		}
	}
	return nil, nil
}

// shaped reports whether the struct tags of an envelope type decide its
// JSON shape: a type of the program's own whose value and pointer have no
// MarshalJSON of their own (exitlint's envelope.Envelope has one and
// always writes the five keys).
func shaped(tn *types.TypeName) bool {
	if _, ok := tn.Type().Underlying().(*types.Struct); !ok {
		return false
	}
	for _, t := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
		if obj, _, _ := types.LookupFieldOrMethod(t, false, tn.Pkg(), "MarshalJSON"); obj != nil {
			if _, isFunc := obj.(*types.Func); isFunc {
				return false
			}
		}
	}
	return true
}

// declaredOutput reports whether an envelope type is the program's output
// where it is declared: marked //exitlint:envelope, written by its own
// package, or a wrapper of data (larksuite declares its Envelope{ok, data}
// in one package and writes it in others). A type with an ok and an error
// that only another package writes may be a result or a reply model there
// (beads' SyncResult{success, error, warnings}, slackdump's baseResponse
// {ok, error}), which its declaration cannot tell. A type of a test file is
// the test's.
func (ch *checker) declaredOutput(tn *types.TypeName) bool {
	if analyzerutil.InTestFile(ch.pass.Fset, tn.Pos()) && tn.Pkg() == ch.pass.Pkg {
		return false
	}
	_, e := ch.c.Envelope(tn.Type())
	_, data := keysOf(tn, e.OKKey)["data"]
	return e.Source == "directive" || e.Written || data
}

// keysOf returns the envelope's JSON keys a struct type has (its ok under
// whatever key it spells it counted as "ok"), and its fields by key.
func keysOf(tn *types.TypeName, okKey string) map[string]contract.Field {
	out := map[string]contract.Field{}
	st, ok := tn.Type().Underlying().(*types.Struct)
	if !ok {
		return out
	}
	for _, f := range contract.Fields(st) {
		key := f.Key
		if key == okKey {
			key = "ok"
		}
		if _, seen := out[key]; !seen && (key == "ok" || slices.Contains(theKeys, key)) {
			out[key] = f
		}
	}
	return out
}

// omitted reports the fields of an envelope type of this package whose
// json tag lets encoding/json leave the key out.
func (ch *checker) omitted(tn *types.TypeName) {
	_, e := ch.c.Envelope(tn.Type())
	keys := append([]string{"ok"}, theKeys...)
	if e.OKKey == "status" {
		keys = theKeys // a status is a word, never empty
	}
	fields := keysOf(tn, e.OKKey)
	for _, key := range keys {
		f, ok := fields[key]
		if !ok || f.Var.Pkg() != ch.pass.Pkg {
			continue
		}
		for _, opt := range []string{"omitempty", "omitzero"} {
			if !f.Options(opt) {
				continue
			}
			ch.reportOmitted(tn, f, key, opt)
		}
	}
}

// noOK reports an envelope type of this package that has no ok: two of
// data, error, warnings and meta made it the envelope, and an agent finds
// no outcome to read first. It names the other keys the type lacks.
func (ch *checker) noOK(tn *types.TypeName) {
	_, e := ch.c.Envelope(tn.Type())
	if e.OKKey != "" || e.Source == "exitlint" {
		return
	}
	fields := keysOf(tn, "")
	var lacks []string
	for _, key := range theKeys {
		if _, ok := fields[key]; !ok {
			lacks = append(lacks, key)
		}
	}
	also, and := "", ""
	if len(lacks) > 0 {
		also = fmt.Sprintf("; it also lacks %s", analyzerutil.Quoted(lacks))
		and = ", and the keys it lacks"
	}
	ch.sup.Report(ch.pass, analysis.Diagnostic{
		Pos: tn.Pos(), End: tn.Pos() + token.Pos(len(tn.Name())), Category: "keys",
		Message: fmt.Sprintf("envelope type %s has no ok: an agent reads a response's outcome from ok first and finds none here%s (the contract's envelope carries ok, data, error, warnings and meta in every response); add an ok field (json:\"ok\") that the envelope's factory sets from the exit code%s",
			tn.Name(), also, and),
	})
}

// whatGoes says what an agent meets when the envelope's key is left out.
var whatGoes = map[string]string{
	"ok":       "a failure's envelope has no ok at all",
	"data":     "a failure (or an empty result) has no data key, where the contract writes null",
	"error":    "a success has no error key, where the contract writes null; an agent reads a response without error as malformed and treats it as GENERAL_ERROR",
	"warnings": "a response without warnings has no warnings key, where the contract writes []",
	"meta":     "a response with empty meta has no meta key, which the contract always writes",
}

func (ch *checker) reportOmitted(tn *types.TypeName, f contract.Field, key, opt string) {
	field := ch.fieldNode(f.Var)
	pos, end := f.Var.Pos(), f.Var.Pos()+token.Pos(len(f.Var.Name()))
	d := analysis.Diagnostic{
		Category: "omitted",
		Message: fmt.Sprintf("field %s of envelope type %s is tagged %s: %s; the envelope's shape is invariant (ok, data, error, warnings and meta always present), so drop %s",
			f.Var.Name(), tn.Name(), strconv.Quote(f.Tag), whatGoes[key], opt),
	}
	if field != nil && field.Tag != nil {
		pos, end = field.Tag.Pos(), field.Tag.End()
		if fixed, ok := dropOption(field.Tag.Value, opt); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{{
				Message:   "drop " + opt,
				TextEdits: []analysis.TextEdit{{Pos: field.Tag.Pos(), End: field.Tag.End(), NewText: []byte(fixed)}},
			}}
		}
	}
	d.Pos, d.End = pos, end
	ch.sup.Report(ch.pass, d)
}

// fieldNode returns the declaration of the struct field v of this package.
func (ch *checker) fieldNode(v *types.Var) *ast.Field {
	file := analyzerutil.FileOf(ch.pass, v.Pos())
	if file == nil {
		return nil
	}
	var out *ast.Field
	ast.Inspect(file, func(n ast.Node) bool {
		if out != nil || n == nil || n.Pos() > v.Pos() || n.End() <= v.Pos() {
			return false
		}
		if f, ok := n.(*ast.Field); ok {
			for _, name := range f.Names {
				if name.Pos() == v.Pos() {
					out = f
				}
			}
		}
		return true
	})
	return out
}

// dropOption returns a struct tag literal with opt removed from its json
// key's options, or false when it cannot tell where opt is.
func dropOption(literal, opt string) (string, bool) {
	tag, err := strconv.Unquote(literal)
	if err != nil {
		return "", false
	}
	const key = `json:"`
	i := strings.Index(tag, key)
	if i < 0 {
		return "", false
	}
	start := i + len(key)
	n := strings.IndexByte(tag[start:], '"')
	if n < 0 {
		return "", false
	}
	parts := strings.Split(tag[start:start+n], ",")
	kept := parts[:1]
	for _, p := range parts[1:] {
		if p != opt {
			kept = append(kept, p)
		}
	}
	out := tag[:start] + strings.Join(kept, ",") + tag[start+n:]
	if literal[0] == '`' && !strings.Contains(out, "`") {
		return "`" + out + "`", true
	}
	return strconv.Quote(out), true
}

// literal reports a map or anonymous struct the program writes as its
// envelope, in the envelope's home, without all of the envelope's keys.
// Outside the home handbuilt reports the literal as built by hand, naming
// the keys it lacks: building it with the factory gives it the factory's
// shape, which is checked here.
func (ch *checker) literal(cur inspector.Cursor, lit *ast.CompositeLit, l *contract.Literal) {
	if l.Map {
		ch.nilMapWarnings(lit)
	}
	missing := l.Missing()
	if len(missing) == 0 || !ch.c.InHome(analyzerutil.EnclosingFuncDecl(ch.pass.TypesInfo, cur)) {
		return
	}
	what := "a map literal"
	if !l.Map {
		what = "an anonymous struct"
	}
	ch.sup.Report(ch.pass, analysis.Diagnostic{
		Pos: lit.Pos(), End: lit.End(), Category: "keys",
		Message: fmt.Sprintf("%s written as the response envelope by the envelope's factory lacks %s: %s; the envelope's shape is invariant, with ok, data, error, warnings and meta in every response (null data on failure, null error on success, [] for no warnings)",
			what, analyzerutil.Quoted(missing), missingEffect(missing)),
	})
}

// missingEffect says what an agent does with a response that lacks keys.
func missingEffect(missing []string) string {
	switch {
	case slices.Contains(missing, "error"):
		return "an agent reads a response without an error key as malformed and treats it as GENERAL_ERROR"
	case slices.Contains(missing, "ok"):
		return "an agent cannot read the outcome from ok"
	case slices.Contains(missing, "data"):
		return "an agent looking for data finds no key rather than null"
	}
	return "an agent finds keys the contract promises missing"
}

// nilMapWarnings reports "warnings": nil in a map written as the envelope.
func (ch *checker) nilMapWarnings(lit *ast.CompositeLit) {
	info := ch.pass.TypesInfo
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if tv, ok := info.Types[kv.Key]; !ok || tv.Value == nil || tv.Value.ExactString() != `"warnings"` {
			continue
		}
		if analyzerutil.IsNil(info, kv.Value) {
			ch.reportNil(kv.Value, "the envelope's \"warnings\"")
		}
	}
}

// nilWarnings reports a composite literal of an envelope type whose
// warnings field is a slice that the literal leaves nil, in a function
// that never sets it afterwards: it encodes as null.
func (ch *checker) nilWarnings(lit *ast.CompositeLit, body *ast.BlockStmt) {
	info := ch.pass.TypesInfo
	t := info.TypeOf(lit)
	if t == nil {
		return
	}
	tn, e := ch.c.Envelope(t)
	if tn == nil || !shaped(tn) {
		return
	}
	f, ok := keysOf(tn, e.OKKey)["warnings"]
	if !ok || f.Options("omitempty") || f.Options("omitzero") || f.Var.Embedded() {
		return
	}
	if _, isSlice := f.Var.Type().Underlying().(*types.Slice); !isSlice {
		return
	}
	st := tn.Type().Underlying().(*types.Struct)
	value, set := analyzerutil.FieldValue(st, lit, f.Var.Name())
	switch {
	case set && !analyzerutil.IsNil(info, value):
		return
	case set:
		ch.reportNil(value, fmt.Sprintf("field %s of envelope type %s", f.Var.Name(), tn.Name()))
	case len(lit.Elts) > 0 && !isKeyed(lit):
		return
	case !setLater(info, body, tn, f.Var):
		d := analysis.Diagnostic{
			Pos: lit.Pos(), End: lit.End(), Category: "warnings",
			Message: fmt.Sprintf("this %s leaves its %s nil and nothing sets it later: it encodes as \"warnings\": null, which the contract forbids (an empty list is [], never null); set %s to an empty slice",
				tn.Name(), f.Var.Name(), f.Var.Name()),
		}
		if types.Identical(f.Var.Type(), types.NewSlice(types.Typ[types.String])) && lit.Rbrace.IsValid() {
			d.SuggestedFixes = []analysis.SuggestedFix{{
				Message:   "set " + f.Var.Name() + " to an empty slice",
				TextEdits: []analysis.TextEdit{addField(ch.pass.Fset, lit, f.Var.Name()+": []string{}")},
			}}
		}
		ch.sup.Report(ch.pass, d)
	}
}

func (ch *checker) reportNil(value ast.Expr, what string) {
	ch.sup.Report(ch.pass, analysis.Diagnostic{
		Pos: value.Pos(), End: value.End(), Category: "warnings",
		Message: fmt.Sprintf("%s is set to nil: it encodes as \"warnings\": null, which the contract forbids (an empty list is [], never null); use an empty slice", what),
	})
}

// addField inserts a keyed element before a literal's closing brace.
func addField(fset *token.FileSet, lit *ast.CompositeLit, elt string) analysis.TextEdit {
	text := elt
	if n := len(lit.Elts); n > 0 {
		last := lit.Elts[n-1]
		if fset.Position(last.End()).Line != fset.Position(lit.Rbrace).Line {
			return analysis.TextEdit{Pos: last.End(), End: last.End(), NewText: []byte(",\n" + text)}
		}
		text = ", " + text
	}
	return analysis.TextEdit{Pos: lit.Rbrace, End: lit.Rbrace, NewText: []byte(text)}
}

func isKeyed(lit *ast.CompositeLit) bool {
	_, ok := lit.Elts[0].(*ast.KeyValueExpr)
	return ok
}

// setLater reports whether body may set field f of an envelope of type tn
// after building it: it assigns the field, or hands an envelope (or its
// address) to a call that may. Without a body (a package-level value) it
// cannot tell, and says so.
func setLater(info *types.Info, body *ast.BlockStmt, tn *types.TypeName, f *types.Var) bool {
	if body == nil {
		return true
	}
	isEnv := func(e ast.Expr) bool {
		t := info.TypeOf(e)
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			t = p.Elem()
		}
		n, ok := types.Unalias(t).(*types.Named)
		return ok && n.Origin().Obj() == tn
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if s, ok := info.Selections[n]; ok && s.Obj() == f {
				found = true
			}
		case *ast.CallExpr:
			if tv, ok := info.Types[n.Fun]; ok && tv.IsType() {
				return true
			}
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && isEnv(sel.X) {
				if _, isPtr := types.Unalias(info.TypeOf(sel.X)).(*types.Pointer); isPtr || pointerMethod(info, sel) {
					found = true
				}
			}
			for _, a := range n.Args {
				if u, ok := ast.Unparen(a).(*ast.UnaryExpr); ok && u.Op == token.AND && isEnv(u.X) {
					found = true
				}
				if _, isPtr := types.Unalias(info.TypeOf(a)).(*types.Pointer); isPtr && isEnv(a) {
					found = true
				}
			}
		}
		return true
	})
	return found
}

// pointerMethod reports whether a method selection has a pointer receiver.
func pointerMethod(info *types.Info, sel *ast.SelectorExpr) bool {
	s, ok := info.Selections[sel]
	if !ok || s.Kind() != types.MethodVal {
		return false
	}
	sig, ok := s.Obj().Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return false
	}
	_, isPtr := sig.Recv().Type().(*types.Pointer)
	return isPtr
}

// shapes reports a second envelope type of the program whose keys split
// success from failure (splits), once per package: at the later type of
// this package of the first such pair, naming the first. An imported type
// comes before the package's own, which come in source order. A partial
// envelope ({ok, version}: an ok and the result's own keys) is a success
// shape.
func (ch *checker) shapes(envs []*types.TypeName) {
	type shape struct {
		tn        *types.TypeName
		data, err bool
	}
	var whole []shape
	for _, tn := range envs {
		_, e := ch.c.Envelope(tn.Type())
		if e.Source == "exitlint" || !ch.sameModule(tn) || !ch.declaredOutput(tn) {
			continue
		}
		keys := keysOf(tn, e.OKKey)
		_, data := keys["data"]
		_, err := keys["error"]
		whole = append(whole, shape{tn, data, err})
	}
	// What the package imports is declared before what it declares.
	// The package's own come in source order by file name and offset, never
	// by token.Pos, whose order is the order a driver happened to parse the
	// files in.
	slices.SortStableFunc(whole, func(a, b shape) int {
		if c := compareBool(a.tn.Pkg() == ch.pass.Pkg, b.tn.Pkg() == ch.pass.Pkg); c != 0 {
			return c
		}
		if a.tn.Pkg() != ch.pass.Pkg {
			return 0
		}
		pa, pb := ch.pass.Fset.Position(a.tn.Pos()), ch.pass.Fset.Position(b.tn.Pos())
		if c := strings.Compare(pa.Filename, pb.Filename); c != 0 {
			return c
		}
		return pa.Offset - pb.Offset
	})
	for i, s := range whole {
		if s.tn.Pkg() != ch.pass.Pkg {
			continue
		}
		for _, first := range whole[:i] {
			if !splits(first.data, first.err, s.data, s.err) {
				continue
			}
			ch.sup.Report(ch.pass, analysis.Diagnostic{
				Pos: s.tn.Pos(), End: s.tn.Pos() + token.Pos(len(s.tn.Name())), Category: "shapes",
				Message: fmt.Sprintf("envelope type %s is a second shape beside %s (%s): %s has %s, %s has %s; the contract's envelope has one shape for success and failure, so an agent that reads data or error finds the key missing in one of them (an absent error reads as a malformed response); write every response with one type that has ok, data, error, warnings and meta",
					s.tn.Name(), first.tn.Name(), ch.position(first.tn), first.tn.Name(), keyWords(first.data, first.err), s.tn.Name(), keyWords(s.data, s.err)),
				Related: []analysis.RelatedInformation{{Pos: first.tn.Pos(), Message: "the first envelope type"}},
			})
			return // once: the program has separate shapes, however many
		}
	}
}

// splits reports whether two shapes split success from failure: one has
// no error key (a success shape: data alone, or the ok with the result's
// own keys), the other an error and no data (a failure shape).
func splits(data1, err1, data2, err2 bool) bool {
	failure1, failure2 := err1 && !data1, err2 && !data2
	return !err1 && failure2 || failure1 && !err2
}

func compareBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// sameModule reports whether an envelope type is of the module being
// checked: a library's envelope is no shape of this program's.
func (ch *checker) sameModule(tn *types.TypeName) bool {
	if tn.Pkg() == ch.pass.Pkg {
		return true
	}
	return analyzerutil.InModule(tn.Pkg().Path(), analyzerutil.ModulePath(ch.pass))
}

func (ch *checker) position(tn *types.TypeName) string {
	if tn.Pkg() != ch.pass.Pkg {
		return tn.Pkg().Path()
	}
	p := ch.pass.Fset.Position(tn.Pos())
	return fmt.Sprintf("%s:%d", shortFile(p.Filename), p.Line)
}

func shortFile(name string) string {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		return name[i+1:]
	}
	return name
}

func keyWords(data, err bool) string {
	switch {
	case data && err:
		return "data and error"
	case data:
		return "data but no error"
	case err:
		return "error but no data"
	}
	return "neither data nor error"
}
