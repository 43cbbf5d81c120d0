package barecode

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

	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/passes/contract"
	"github.com/exitlint/exitlint/passes/exits"
	"github.com/exitlint/exitlint/passes/suppress"
)

//go:embed doc.go
var doc string

// Analyzer reports exit codes spelled as bare integers.
var Analyzer = &analysis.Analyzer{
	Name:     "barecode",
	Doc:      analyzerutil.Doc(doc, "barecode"),
	URL:      analyzerutil.URL("barecode"),
	Run:      analyzerutil.Guard(run),
	Requires: []*analysis.Analyzer{inspect.Analyzer, contract.Analyzer, exits.Analyzer, suppress.Analyzer},
}

type checker struct {
	pass *analysis.Pass
	c    *contract.Contract
	ex   *exits.Exits
	s    *suppress.Suppressions
	root inspector.Cursor // the package's files, to find a code's place (unmet)
	file *ast.File
	// via is how the constant being checked reaches an exit, when it is
	// not the exit call's argument: "run's result → os.Exit".
	via string
	// osExit is the os.Exit call whose argument is being checked.
	osExit *ast.CallExpr
	// checked holds the constants already reported: a code site of an exit
	// (`return 3` from run) is also an expression of enum type when run
	// returns the enum, and is reported once, with how it reaches the exit.
	checked map[ast.Expr]bool
	// usedConsts are the constants the package names somewhere, once
	// asked (neverUsed).
	usedConsts map[*types.Const]bool
	// foreignMembers are the constants of other packages that reach this
	// package's exit through their packages' code (foreign sites): they
	// are judged at their declaration, as members of an exit table, and
	// not again where this package spells them.
	foreignMembers map[*types.Const]bool
	// judged are the constants of other packages judged at their
	// declarations already (foreignMember), once each.
	judged map[*types.Const]bool
	// exitName names the exit call whose argument is being checked, for
	// the evidence of a constant judged at its declaration: "os.Exit".
	exitName string
}

func run(pass *analysis.Pass) (any, error) {
	c := pass.ResultOf[contract.Analyzer].(*contract.Contract)
	ch := &checker{pass: pass, c: c, ex: pass.ResultOf[exits.Analyzer].(*exits.Exits), s: pass.ResultOf[suppress.Analyzer].(*suppress.Suppressions), root: pass.ResultOf[inspect.Analyzer].(*inspector.Inspector).Root(), checked: map[ast.Expr]bool{}, judged: map[*types.Const]bool{}}
	ch.tables()
	ch.foreignMembers = foreignMembers(ch.ex)
	ch.sites()
	ch.foreignSites()
	if !c.EnumsInView && !analyzerutil.Imports(pass.Pkg, "os", "syscall", "k8s.io/klog", "k8s.io/klog/v2", "github.com/golang/glog") {
		return nil, nil
	}
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	filter := []ast.Node{(*ast.File)(nil), (*ast.CallExpr)(nil), (*ast.ReturnStmt)(nil), (*ast.AssignStmt)(nil),
		(*ast.ValueSpec)(nil), (*ast.CompositeLit)(nil), (*ast.BinaryExpr)(nil), (*ast.SwitchStmt)(nil)}
	for cur := range ins.Root().Preorder(filter...) {
		switch n := cur.Node().(type) {
		case *ast.File:
			ch.file = n
		case *ast.CallExpr:
			ch.call(n)
		case *ast.ReturnStmt:
			if _, sig := analyzerutil.EnclosingFunc(pass.TypesInfo, cur); sig != nil {
				ch.returns(n, sig)
			}
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) && (n.Tok == token.ASSIGN || n.Tok == token.DEFINE) {
				for i := range n.Lhs {
					ch.expect(pass.TypesInfo.TypeOf(n.Lhs[i]), n.Rhs[i], false)
				}
			}
		case *ast.ValueSpec:
			ch.valueSpec(n)
		case *ast.CompositeLit:
			ch.composite(n)
		case *ast.BinaryExpr:
			if n.Op == token.EQL || n.Op == token.NEQ {
				ch.expect(pass.TypesInfo.TypeOf(n.X), n.Y, false)
				ch.expect(pass.TypesInfo.TypeOf(n.Y), n.X, false)
			}
		case *ast.SwitchStmt:
			if n.Tag != nil {
				for _, cl := range n.Body.List {
					for _, e := range cl.(*ast.CaseClause).List {
						ch.expect(pass.TypesInfo.TypeOf(n.Tag), e, false)
					}
				}
			}
		}
	}
	return nil, nil
}

// call checks arguments of enum-typed parameters, the argument of os.Exit
// and syscall.Exit, and conversions to the enum.
func (ch *checker) call(call *ast.CallExpr) {
	info := ch.pass.TypesInfo
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		if len(call.Args) == 1 {
			ch.expect(tv.Type, call.Args[0], false)
		}
		return
	}
	e, isExit := ch.ex.Call(call)
	if isExit && e.Kind == exits.KindFatal {
		ch.fatal(call, e)
		return
	}
	isExit = isExit && e.Kind == exits.KindExit
	if isExit && exits.IsProcessExit(e.Callee) {
		// A test binary's exit status is go test's business, not the
		// command's contract.
		if !analyzerutil.InTestFile(ch.pass.Fset, call.Pos()) {
			if e.Callee.Pkg() != nil && e.Callee.Pkg().Path() == "os" && e.Callee.Name() == "Exit" {
				ch.osExit = call
			}
			ch.exitName = e.Callee.Name()
			if e.Callee.Pkg() != nil {
				ch.exitName = e.Callee.Pkg().Name() + "." + ch.exitName
			}
			ch.check(e.Arg, nil, true)
			ch.osExit, ch.exitName = nil, ""
		}
		return
	}
	sig, ok := info.TypeOf(call.Fun).Underlying().(*types.Signature)
	if !ok {
		return
	}
	exitCall := isExit && exits.IsExitcodeExit(e.Callee)
	params := sig.Params()
	for i, arg := range call.Args {
		var pt types.Type
		switch {
		case sig.Variadic() && i >= params.Len()-1 && !call.Ellipsis.IsValid():
			pt = params.At(params.Len() - 1).Type().(*types.Slice).Elem()
		case i < params.Len():
			pt = params.At(i).Type()
		default:
			continue
		}
		ch.expect(pt, arg, exitCall)
	}
}

// fatal reports a library's fatal function that ends the process with a
// code other than 1 (exits.FatalCode): klog's Fatal with 255, glog's with
// 2 or 255. The code is the library's, written nowhere in the program, so
// the finding is at the call; a fatal with 1 is the fallback check's.
func (ch *checker) fatal(call *ast.CallExpr, e exits.Exit) {
	if e.Code == int(exitcode.GeneralError) || e.Code == exits.Computed || exits.IsKongFatalIf(e.Callee) || analyzerutil.InTestFile(ch.pass.Fset, call.Pos()) {
		return
	}
	what := fmt.Sprintf("%s ends the process with %d after a stack dump of every goroutine", analyzerutil.CallName(e.Callee), e.Code)
	switch r := exitcode.Classify(e.Code); r {
	case exitcode.RangeTable:
		what += fmt.Sprintf(", and an agent reads %d as %s (%s)", e.Code, exitcode.Code(e.Code), agentAction(exitcode.Code(e.Code)))
	case exitcode.RangeShell:
		what += fmt.Sprintf(", and %d is in the shell-reserved range %s, which no command may use", e.Code, r.Span())
	}
	ch.s.Report(ch.pass, analysis.Diagnostic{Pos: call.Pos(), End: call.End(), Category: category("", int64(e.Code)), Message: what + ": report the error and exit with the code that fits (exitcode.FromError(err) maps an error to one)"})
}

func (ch *checker) returns(ret *ast.ReturnStmt, sig *types.Signature) {
	if sig.Results().Len() != len(ret.Results) {
		return
	}
	for i, r := range ret.Results {
		ch.expect(sig.Results().At(i).Type(), r, false)
	}
}

// valueSpec checks var and const declarations of enum type. Package-level
// constants of the enum's own type in its own package are its members.
// declaresCommandCode reports whether k is an integer constant with a
// command-specific value (79–125): declaring a typed constant of the enum is
// how a program names one.
func declaresCommandCode(k *types.Const) bool {
	if k.Val().Kind() != constant.Int {
		return false
	}
	n, exact := constant.Int64Val(k.Val())
	return exact && exitcode.Classify(int(n)) == exitcode.RangeCommand
}

func (ch *checker) valueSpec(vs *ast.ValueSpec) {
	for i, name := range vs.Names {
		if i >= len(vs.Values) {
			return
		}
		obj := ch.pass.TypesInfo.Defs[name]
		if obj == nil {
			continue
		}
		if k, isConst := obj.(*types.Const); isConst && (ch.c.IsMember(obj) || declaresCommandCode(k)) {
			continue
		}
		if ch.c.Enum(obj.Type()) == nil {
			continue
		}
		ch.check(vs.Values[i], obj.Type(), false)
	}
}

// composite checks elements, keys and fields of enum type.
func (ch *checker) composite(lit *ast.CompositeLit) {
	t := ch.pass.TypesInfo.TypeOf(lit)
	if t == nil {
		return
	}
	switch u := t.Underlying().(type) {
	case *types.Struct:
		for i, elt := range lit.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok {
					if f, ok := ch.pass.TypesInfo.Uses[id].(*types.Var); ok {
						ch.expect(f.Type(), kv.Value, false)
					}
				}
			} else if i < u.NumFields() {
				ch.expect(u.Field(i).Type(), elt, false)
			}
		}
	case *types.Slice:
		ch.elements(lit, nil, u.Elem())
	case *types.Array:
		ch.elements(lit, nil, u.Elem())
	case *types.Map:
		ch.elements(lit, u.Key(), u.Elem())
	}
}

func (ch *checker) elements(lit *ast.CompositeLit, key, elem types.Type) {
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if key != nil {
				ch.expect(key, kv.Key, false)
			}
			ch.expect(elem, kv.Value, false)
		} else {
			ch.expect(elem, elt, false)
		}
	}
}

// expect checks e where a value of type t is expected, if t is an enum.
func (ch *checker) expect(t types.Type, e ast.Expr, exitCall bool) {
	if t == nil || ch.c.Enum(t) == nil {
		return
	}
	ch.check(e, t, exitCall)
}

// check reports e if it is a constant not written as an enum member. enum is
// the expected enum type, or nil for os.Exit's int; exitCall marks the
// argument of an exit call, where GENERAL_ERROR (1) is left to the fallback
// check.
func (ch *checker) check(e ast.Expr, enum types.Type, exitCall bool) {
	e = ast.Unparen(e)
	if ch.checked[e] {
		return
	}
	// A conversion to an enum is checked as a conversion; any other
	// conversion (int(7)) is looked through.
	for {
		call, ok := e.(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			break
		}
		tv, ok := ch.pass.TypesInfo.Types[call.Fun]
		if !ok || !tv.IsType() {
			break
		}
		if ch.c.Enum(tv.Type) != nil {
			return
		}
		e = ast.Unparen(call.Args[0])
	}
	tv, ok := ch.pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return // not a constant: computed codes are the point of the enum
	}
	if ch.spelledAsMember(e) {
		return
	}
	n, exact := constant.Int64Val(tv.Value)
	if !exact {
		return
	}
	if (exitCall || enum == nil) && n == int64(exitcode.GeneralError) {
		return // the fallback check reports exits with GENERAL_ERROR
	}
	if n == int64(exitcode.Success) {
		return // bareZero
	}
	if exitCall && ch.unmet(e) {
		return // unmet
	}
	if ch.kindAgrees(e, n) {
		return // kindAgrees
	}
	if k := ch.moduleConst(e); k != nil && enum == nil {
		// atDeclaration
		if !ch.judged[k] {
			ch.judged[k] = true
			via := ch.via
			if via == "" {
				via = ch.exitName
			}
			ch.foreignMember(k, via)
		}
		return
	}
	fix, spelled, hasFix := ch.fix(e, enum, n)
	msg := message(constName(e), n, spelled)
	if ch.via != "" {
		msg += " (it becomes the exit code: " + ch.via + ")"
	}
	msg += readsAs(constName(e), n)
	ch.checked[e] = true
	d := analysis.Diagnostic{Pos: e.Pos(), End: e.End(), Category: category(constName(e), n), Message: msg}
	if hasFix {
		d.SuggestedFixes = []analysis.SuggestedFix{fix}
	}
	ch.s.Report(ch.pass, d)
}

// bareZero: a bare 0 is not reported. It is SUCCESS in the contract as in
// every shell and every caller; spelled bare it misleads no agent, and on
// real CLIs (gocryptfs, git-vendor, go-broadcast, fft-cli, task, sops, gdcli,
// amux) nearly every bare 0 the check reported was judged not worth a
// user's time. Exiting 0 where a failure happened is a wrong code, not a
// wrong spelling, and no spelling fixes it.

// unmet: a code an exit is given, or that becomes one, is not reported
// where no agent meets it (exits.Exemptions.Unmet): where it runs only
// when a standard stream is a terminal (an agent runs the command with
// its streams redirected; the person at the terminal reads the message,
// not the number), only after a failed write to the output stream or a
// call that cannot fail, or in a block that serves a protocol over the
// standard streams.
func (ch *checker) unmet(e ast.Expr) bool {
	cur, ok := ch.root.FindNode(e)
	return ok && ch.ex.Exemptions().Unmet(cur)
}

// kindAgrees: a bare code is not reported where it stands beside a
// one-word kind that says the same code of the table, in the same composite
// literal: `cliError{exit: 5, code: "not_found"}`. The agent
// reads the right code, and the kind beside it names it for every reader;
// on real CLIs such codes were judged not worth a user's time where the
// same program's codes that disagree with their kinds (`exit: 2` beside
// "usage_error") were judged worth fixing. A code beside a kind that says
// another code, or none, is reported as before, and so is one given to a
// call beside a string (`die("usage", 3)`: a message is no kind).
func (ch *checker) kindAgrees(e ast.Expr, n int64) bool {
	return exits.KindSays(ch.ex.KindsBeside(e), n)
}

// spelledAsMember reports whether e names an enum member, through
// parentheses and conversions (int(exitcode.NotFound)), or is a typed
// constant of an enum type, or a constant of another package that its
// foreign sites judge at its declaration (foreignMembers): the
// declaration is where a bare value would be reported.
func (ch *checker) spelledAsMember(e ast.Expr) bool {
	switch x := analyzerutil.Unconvert(ch.pass.TypesInfo, e).(type) {
	case *ast.Ident:
		return ch.memberOrEnumConst(ch.pass.TypesInfo.Uses[x])
	case *ast.SelectorExpr:
		k, _ := ch.pass.TypesInfo.Uses[x.Sel].(*types.Const)
		return ch.memberOrEnumConst(k) || ch.foreignMembers[k]
	}
	return false
}

func (ch *checker) memberOrEnumConst(obj types.Object) bool {
	k, ok := obj.(*types.Const)
	return ok && (ch.c.IsMember(k) || ch.c.Enum(k.Type()) != nil || ch.ex.Tables().Checked(k))
}

// sites checks the constants that reach an exit other than as the exit
// call's own argument: returned by a function whose result becomes the
// exit code, assigned to the variable an exit is called with, or passed to
// a parameter that one is.
func (ch *checker) sites() {
	for _, s := range ch.ex.Sites() {
		if s.Direct {
			continue // the exit call's argument, checked with the call
		}
		ch.file = analyzerutil.FileOf(ch.pass, s.Expr.Pos())
		ch.via = s.Via
		var enum types.Type
		if t := ch.pass.TypesInfo.TypeOf(s.Expr); t != nil && ch.c.Enum(t) != nil {
			enum = t // spelled as the enum's member, not converted to int
		}
		ch.check(s.Expr, enum, true)
		ch.via = ""
	}
}

// category names the kind of a finding: "bare" or "own-constant" for a code
// of the table, else the range the value falls in.
func category(named string, n int64) string {
	if r := exitcode.Classify(int(n)); r != exitcode.RangeTable {
		return [...]string{exitcode.RangeFramework: "framework-range", exitcode.RangePOSIX: "posix", exitcode.RangeCommand: "command-specific", exitcode.RangeShell: "shell-range", exitcode.RangeInvalid: "invalid"}[r]
	}
	if named != "" {
		return "own-constant"
	}
	return "bare"
}

// constName returns the name of the constant e names, or "" for a literal.
func constName(e ast.Expr) string {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return x.Name
	case *ast.SelectorExpr:
		return x.Sel.Name
	}
	return ""
}

// readsAs is the end of the message of a bare failure code of the table:
// the number is what an agent acts on, so say what it does with it, in
// case the code was meant as another (a usage error exiting 2).
func readsAs(named string, n int64) string {
	if named != "" || n <= int64(exitcode.GeneralError) || exitcode.Classify(int(n)) != exitcode.RangeTable {
		return ""
	}
	return fmt.Sprintf("; an agent reads %d as %s (%s): if the code means another outcome, use the member that says it", n, exitcode.Code(n), agentAction(exitcode.Code(n)))
}

// message says what is wrong with the exit code n, spelled as the constant
// named (or a literal, when named is ""); spelled is the enum member to
// use instead, if there is one.
func message(named string, n int64, spelled string) string {
	what := "exit code " + strconv.FormatInt(n, 10)
	if named != "" {
		what = fmt.Sprintf("exit code %s (%d)", named, n)
	}
	table := exitcode.RangeTable.Span()
	switch r := exitcode.Classify(int(n)); r {
	case exitcode.RangeTable:
		if named != "" {
			meaning := fmt.Sprintf("%d is %s in the contract", n, exitcode.Code(n))
			if spelled != "" {
				meaning += ", spelled " + spelled
			}
			return fmt.Sprintf("%s is a constant of its own, not a member of the exit-code enum: use the member that means what you intend (%s)", what, meaning)
		}
		if spelled == "" {
			return fmt.Sprintf("%s written as a bare integer: spell it as a member of an exit-code enum (exitlint's exitcode.Code, or a type marked //exitlint:enum) so the type system and readers see the contract's code", what)
		}
		return fmt.Sprintf("%s written as a bare integer: spell it %s so the type system and readers see the contract's code", what, spelled)
	case exitcode.RangeFramework:
		return fmt.Sprintf("%s is in the framework-reserved range %s, which commands must not use: use a table code (%s) or declare a command-specific code (%s)", what, r.Span(), table, exitcode.RangeCommand.Span())
	case exitcode.RangePOSIX:
		return fmt.Sprintf("%s is a POSIX sysexits code (%s) written as a bare integer: use the table code that means the same, or name it as a member of the exit-code enum", what, r.Span())
	case exitcode.RangeCommand:
		return fmt.Sprintf("%s is command-specific (%s) and written as a bare integer: declare it as a named member of the exit-code enum", what, r.Span())
	case exitcode.RangeShell:
		return fmt.Sprintf("%s is in the shell-reserved range %s, which no command may use: use a table code (%s)", what, r.Span(), table)
	}
	_, top := exitcode.RangeShell.Bounds()
	return fmt.Sprintf("%s is outside 0–%d and is no exit code a process can report: use a table code (%s)", what, top, table)
}

// fix spells a table code as the member of the expected enum (exitlint's
// Code for os.Exit, inside int(...)), importing the enum's package if the
// file does not.
func (ch *checker) fix(e ast.Expr, enum types.Type, n int64) (fix analysis.SuggestedFix, spelled string, ok bool) {
	if exitcode.Classify(int(n)) != exitcode.RangeTable {
		return analysis.SuggestedFix{}, "", false
	}
	var pkg *types.Package
	var member string
	tn, f := ch.c.Runtime()
	if enum != nil {
		tn, f = ch.c.EnumOf(enum)
	}
	if tn != nil {
		pkg, member = tn.Pkg(), f.Member(n)
	}
	if pkg == nil || member == "" {
		return analysis.SuggestedFix{}, "", false
	}
	var edits []analysis.TextEdit
	qual := ""
	if pkg != ch.pass.Pkg {
		name, ok := importName(ch.file, pkg.Path())
		if !ok {
			name = pkg.Name()
			edits = append(edits, addImport(ch.file, pkg.Path()))
		} else if enum == nil && ch.osExit != nil && ast.Unparen(ch.osExit.Args[0]) == e && tn.Pkg().Scope().Lookup("Exit") != nil {
			// The file imports exitcode and the code is os.Exit's very
			// argument: end the process through exitcode.Exit.
			if removeOS, ok := ch.osAfterExitFix(); ok {
				call := ch.osExit
				text := name + ".Exit(" + name + "." + member + ")"
				// In source order: the import first.
				edits = append(edits, removeOS...)
				edits = append(edits, analysis.TextEdit{Pos: call.Pos(), End: call.End(), NewText: []byte(text)})
				return analysis.SuggestedFix{Message: "End the process with " + text, TextEdits: edits}, name + "." + member, true
			}
		}
		qual = name + "."
	}
	text := qual + member
	if enum == nil {
		text = "int(" + text + ")"
	}
	edits = append(edits, analysis.TextEdit{Pos: e.Pos(), End: e.End(), NewText: []byte(text)})
	return analysis.SuggestedFix{Message: "Spell the code as " + qual + member, TextEdits: edits}, qual + member, true
}

// osAfterExitFix decides whether ch.osExit may become exitcode.Exit without
// leaving the file's import of os unused: yes if os is used for more than
// os.Exit calls; yes, with the edit that removes the import, if this call is
// the file's only use of os; no if other os.Exit calls are its only other
// uses (fixing them all would leave the import unused, and a fix that has
// not been applied cannot be counted on).
func (ch *checker) osAfterExitFix() (removeImport []analysis.TextEdit, ok bool) {
	exitCalls, other := 0, 0
	var osPkg *types.PkgName
	ast.Inspect(ch.file, func(n ast.Node) bool {
		sel, isSel := n.(*ast.SelectorExpr)
		if !isSel {
			return true
		}
		id, isID := sel.X.(*ast.Ident)
		if !isID {
			return true
		}
		pn, isPkg := ch.pass.TypesInfo.Uses[id].(*types.PkgName)
		if !isPkg || pn.Imported().Path() != "os" {
			return true
		}
		osPkg = pn
		if sel.Sel.Name == "Exit" {
			exitCalls++
		} else {
			other++
		}
		return true
	})
	switch {
	case other > 0:
		return nil, true
	case exitCalls == 1 && osPkg != nil:
		for _, imp := range ch.file.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == "os" {
				return []analysis.TextEdit{importRemoval(ch.file, imp)}, true
			}
		}
	}
	return nil, false
}

// importRemoval deletes one import spec: its line in a parenthesized
// declaration, or the whole declaration when it is the only spec.
func importRemoval(file *ast.File, imp *ast.ImportSpec) analysis.TextEdit {
	for _, d := range file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		for _, spec := range gd.Specs {
			if spec != imp {
				continue
			}
			if len(gd.Specs) == 1 {
				return analysis.TextEdit{Pos: gd.Pos(), End: gd.End()}
			}
			end := imp.End()
			if imp.Comment != nil {
				end = imp.Comment.End()
			}
			return analysis.TextEdit{Pos: imp.Pos(), End: end}
		}
	}
	return analysis.TextEdit{Pos: imp.Pos(), End: imp.End()}
}

func importName(file *ast.File, path string) (string, bool) {
	for _, imp := range file.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == path {
			if imp.Name != nil {
				return imp.Name.Name, imp.Name.Name != "_" && imp.Name.Name != "."
			}
			return pathBase(path), true
		}
	}
	return "", false
}

func pathBase(path string) string {
	for i := len(path) - 1; i >= 0; i-- {
		if path[i] == '/' {
			return path[i+1:]
		}
	}
	return path
}

// addImport inserts an import of path: into the first parenthesized import
// declaration, else as a declaration after the package clause.
func addImport(file *ast.File, path string) analysis.TextEdit {
	for _, d := range file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		if gd.Lparen.IsValid() {
			return analysis.TextEdit{Pos: gd.Rparen, End: gd.Rparen, NewText: []byte("\t" + strconv.Quote(path) + "\n")}
		}
		return analysis.TextEdit{Pos: gd.End(), End: gd.End(), NewText: []byte("\nimport " + strconv.Quote(path))}
	}
	return analysis.TextEdit{Pos: file.Name.End(), End: file.Name.End(), NewText: []byte("\n\nimport " + strconv.Quote(path))}
}
