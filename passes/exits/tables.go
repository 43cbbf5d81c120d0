package exits

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/passes/suppress"
)

// tableFact marks a constant that is a member of a program's own exit
// table. The package that declares it checks it at its declaration, so the
// packages that use it need not.
type tableFact struct{}

func (*tableFact) AFact() {}

func (*tableFact) String() string { return "exitTable" }

// ignoredFact marks a package-level integer constant whose declaration a
// directive exempts from checks (//exitlint:ignore barecode …, a generated
// file, an excluded path): a package that exits with the constant judges
// it at its declaration, in a file of another package, and must honour
// what that file says.
type ignoredFact struct{ Checks []string }

func (*ignoredFact) AFact() {}

func (f *ignoredFact) String() string { return "ignored(" + strings.Join(f.Checks, ",") + ")" }

// declChecks are the checks that judge a constant at its declaration from
// another package (barecode's foreign members).
var declChecks = []string{"barecode"}

// exportIgnored exports an ignoredFact on each package-level integer
// constant whose declaration sup exempts from one of declChecks.
func exportIgnored(pass *analysis.Pass, sup *suppress.Suppressions) {
	if analyzerutil.InStd(pass) {
		return
	}
	for _, d := range constDecls(pass) {
		var checks []string
		for _, c := range declChecks {
			if sup.Suppressed(c, d.Name.Pos()) {
				checks = append(checks, c)
			}
		}
		if len(checks) > 0 {
			pass.ExportObjectFact(d.Const, &ignoredFact{Checks: checks})
		}
	}
}

// importIgnored returns the checks exempted at the declarations of the
// constants of other packages the package refers to (their ignoredFacts),
// read while the pass runs: facts cannot be imported after it.
func importIgnored(pass *analysis.Pass) map[*types.Const][]string {
	out := map[*types.Const][]string{}
	for _, k := range analyzerutil.RefsOf(pass).Consts {
		if f := new(ignoredFact); k.Pkg() != pass.Pkg && pass.ImportObjectFact(k, f) {
			out[k] = f.Checks
		}
	}
	return out
}

// Ignored reports whether check is exempted at the declaration of k, a
// constant of another package (ignoredFact) or of this one.
func (e *Exits) Ignored(k *types.Const, check string) bool {
	if e.sup == nil || k.Pkg() == nil {
		return false
	}
	if k.Pkg() == e.pkg {
		return e.sup.Suppressed(check, k.Pos())
	}
	return slices.Contains(e.ignored[k], check)
}

// A Table is an exit table a program keeps of its own: constants that are
// exit codes, declared together.
type Table struct {
	// Members are the table's constants of the package, in source order,
	// with their declarations.
	Members []Member
}

// Member is one constant of an exit table.
type Member struct {
	Const *types.Const
	Name  *ast.Ident // its name in its declaration
	Value ast.Expr   // the expression it is declared with; nil when implicit (iota repeated)
	// Evidence says why the constant is an exit code, for messages:
	// "exitUsage reaches os.Exit", "its type exitCode is named for exit
	// codes".
	Evidence string
}

// Tables are the exit tables of a package, and the members of other
// packages' tables it refers to.
type Tables struct {
	list    []*Table
	member  map[*types.Const]*Table
	foreign map[*types.Const]bool
}

// List returns the package's own tables, in source order.
func (t *Tables) List() []*Table { return t.list }

// Of returns the table of the package that k belongs to, or nil.
func (t *Tables) Of(k *types.Const) *Table { return t.member[k] }

// Checked reports whether k is a member of an exit table, of this package
// or of the one that declares it: a table's members are checked where they
// are declared.
func (t *Tables) Checked(k *types.Const) bool { return t.member[k] != nil || t.foreign[k] }

// constDecl is a package-level integer constant and where it is declared.
type constDecl struct {
	Member
	block *ast.GenDecl
	// shifted says the constant is declared, itself or by the implicit
	// repetition of its block, as a shift by iota: a bit flag.
	shifted bool
}

// inferTables finds the package's exit tables: constants are an exit table
// when one of them becomes an exit code (a site), when their named type is
// one whose constants do or is named for exit codes (exitCode,
// ExitStatus), when their package is named for them (exitcodes), or when
// every constant of their const block is named Exit….
func inferTables(pass *analysis.Pass, sites []CodeSite, codeTypes map[*types.TypeName]string) *Tables {
	t := &Tables{member: map[*types.Const]*Table{}, foreign: map[*types.Const]bool{}}
	for _, k := range analyzerutil.RefsOf(pass).Consts {
		if pass.ImportObjectFact(k, new(tableFact)) {
			t.foreign[k] = true
		}
	}
	if pass.Pkg.Path() == analyzerutil.ExitcodePath || analyzerutil.InStd(pass) {
		return t
	}
	decls := constDecls(pass)
	if len(decls) == 0 {
		return t
	}
	byConst := map[*types.Const]constDecl{}
	for _, d := range decls {
		byConst[d.Const] = d
	}
	evidence := map[*types.Const]string{}
	reached := map[*types.Const]bool{} // constants that are an exit's code themselves
	add := func(k *types.Const, why string) {
		if _, ok := evidence[k]; !ok {
			evidence[k] = why
		}
	}
	// Constants that become exit codes, their named types, and the
	// siblings of their block named for exit codes.
	tableTypes := map[*types.TypeName]string{}
	for tn, why := range codeTypes {
		if tn != nil {
			tableTypes[tn] = why
		}
	}
	for _, s := range sites {
		k, ok := pass.TypesInfo.Uses[analyzerutil.NameIdent(s.Expr)].(*types.Const)
		d, local := byConst[k]
		if !ok || !local {
			continue
		}
		why := k.Name() + " reaches " + s.Via
		add(k, why)
		reached[k] = true
		if tn := localNamed(pass, k.Type()); tn != nil {
			if _, seen := tableTypes[tn]; !seen {
				tableTypes[tn] = why
			}
		}
		for _, sib := range decls {
			if sib.block == d.block && exitNamed(sib.Const.Name()) {
				add(sib.Const, why)
			}
		}
	}
	for _, d := range decls {
		if tn := localNamed(pass, d.Const.Type()); tn != nil {
			if _, seen := tableTypes[tn]; !seen && namedForCodes(tn.Name()) {
				tableTypes[tn] = "its type " + tn.Name() + " is named for exit codes"
			}
		}
	}
	pkgNamed := namedForCodes(pass.Pkg.Name())
	if !pkgNamed && (pass.Pkg.Name() == "exit" || pass.Pkg.Name() == "exits") && len(codeTypes) > 0 {
		// package exit; func Error(code int, …) error { return cli.Exit(…, code) }:
		// a package named for exits whose functions carry the code they are
		// given keeps its codes as constants.
		pkgNamed = true
	}
	blocks := map[*ast.GenDecl][]constDecl{}
	for _, d := range decls {
		blocks[d.block] = append(blocks[d.block], d)
	}
	for _, d := range decls {
		if tn := localNamed(pass, d.Const.Type()); tn != nil && tableTypes[tn] != "" {
			add(d.Const, tableTypes[tn])
		}
		if pkgNamed {
			add(d.Const, "its package "+pass.Pkg.Name()+" is named for exit codes")
		}
		if b := blocks[d.block]; len(b) >= 2 && !slices.ContainsFunc(b, func(d constDecl) bool { return !exitNamed(d.Const.Name()) }) {
			add(d.Const, "every constant of its block is named Exit…")
		}
		if d.block.Doc != nil && docSaysExitCodes(d.block.Doc.Text()) {
			add(d.Const, "the comment on its declaration says it is an exit code")
		}
	}
	// One table per const block, in source order.
	flags := bitFlags(pass, decls)
	byBlock := map[*ast.GenDecl]*Table{}
	for _, d := range decls {
		why, ok := evidence[d.Const]
		if !ok || flags[d.Const] && !reached[d.Const] {
			continue // a bit flag is part of a code, unless it is one itself (bitFlags)
		}
		tab := byBlock[d.block]
		if tab == nil {
			tab = &Table{}
			byBlock[d.block] = tab
			t.list = append(t.list, tab)
		}
		m := d.Member
		m.Evidence = why
		tab.Members = append(tab.Members, m)
		t.member[d.Const] = tab
		pass.ExportObjectFact(d.Const, &tableFact{})
	}
	return t
}

// adoptForeign adds to the members of other packages' tables the constants
// that reach this package's exit through another package's function
// (os.Exit(cli.Start()) returning exitcodes.Usage) when the package that
// declares them holds them as members already: they were checked there, at
// their declarations, and a second report from every package that exits
// with them says nothing new.
func (t *Tables) adoptForeign(pass *analysis.Pass, e *Exits) {
	for _, s := range e.foreign {
		if k := e.Const(s.Source); k != nil && !t.foreign[k] && pass.ImportObjectFact(k, new(tableFact)) {
			t.foreign[k] = true
		}
	}
}

// exitCodesDoc matches a doc comment whose first words name what follows
// as exit codes or exit statuses ("Exit statuses returned by the binary",
// "The exit codes of the CLI"); a comment that only mentions them ("A
// limit beside an exit-code constant") does not.
var exitCodesDoc = regexp.MustCompile(`(?i)^(the\s+|these\s+are\s+the\s+)?(process\s+|program\s+|command\s+)?exit[ -](code|status)(s|es)?\b`)

// docSaysExitCodes reports whether a const block's doc comment says its
// constants are exit codes: a table kept in a package of its own, which
// nothing there passes to an exit, is known so where it is declared.
func docSaysExitCodes(doc string) bool { return exitCodesDoc.MatchString(strings.TrimSpace(doc)) }

// constDecls returns the package-level integer constants declared outside
// test files, in source order.
func constDecls(pass *analysis.Pass) []constDecl {
	var out []constDecl
	for _, file := range pass.Files {
		if analyzerutil.InTestFile(pass.Fset, file.Pos()) {
			continue
		}
		for _, decl := range file.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			var last []ast.Expr // the values an implicit spec repeats
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				if len(vs.Values) > 0 {
					last = vs.Values
				}
				for i, name := range vs.Names {
					k, ok := pass.TypesInfo.Defs[name].(*types.Const)
					if !ok || name.Name == "_" || k.Val().Kind() != constant.Int {
						continue
					}
					var value ast.Expr
					if i < len(vs.Values) {
						value = vs.Values[i]
					}
					shifted := i < len(last) && shiftOfIota(pass.TypesInfo, last[i])
					out = append(out, constDecl{Member{Const: k, Name: name, Value: value}, gd, shifted})
				}
			}
		}
	}
	return out
}

// localNamed returns the named type of the package that t is, if any.
func localNamed(pass *analysis.Pass, t types.Type) *types.TypeName {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() != pass.Pkg {
		return nil
	}
	return n.Obj()
}

// exitNamed reports whether a constant's name begins with the word exit
// and goes on to say which code: ExitNotFound, exitUsage, EXIT_AUTH; not
// ExitOnError, a mode that says when to exit.
func exitNamed(name string) bool {
	w := analyzerutil.Words(name)
	return len(w) >= 2 && w[0] == "exit" && !slices.Contains(notCodeWords, w[1])
}

// notCodeWords follow exit in the names of constants that are no exit
// codes: ExitOnError, ExitAfterFlush, ExitWhenDone, ExitMode.
var notCodeWords = []string{"on", "after", "before", "when", "if", "with", "without", "early", "now", "immediately", "mode", "hook", "handler", "func", "signal", "delay", "interval"}

// namedForCodes reports whether a type or package name names exit codes:
// ExitCode, exitCode, ExitStatus, exitcodes, exit_status.
func namedForCodes(name string) bool {
	w := analyzerutil.Words(name)
	switch len(w) {
	case 1:
		return w[0] == "exitcode" || w[0] == "exitcodes" || w[0] == "exitstatus"
	case 2:
		return w[0] == "exit" && (w[1] == "code" || w[1] == "codes" || w[1] == "status")
	}
	return false
}
