package suppress

import (
	_ "embed"
	"go/ast"
	"go/token"
	"reflect"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/passes/config"
	"github.com/exitlint/exitlint/passes/generated"
)

//go:embed doc.go
var doc string

// Analyzer parses the package's exitlint directives; its result is how every
// check reports.
var Analyzer = &analysis.Analyzer{
	Name:       "suppress",
	Doc:        analyzerutil.Doc(doc, "suppress"),
	URL:        analyzerutil.URL("suppress"),
	Run:        analyzerutil.Guard(run),
	ResultType: reflect.TypeFor[*Suppressions](),
	Requires:   []*analysis.Analyzer{generated.Analyzer, config.Analyzer},
}

// Directive is one //exitlint:ignore or //exitlint:file-ignore comment, or
// one //nolint (nolint.go).
type Directive struct {
	Pos      token.Pos
	End      token.Pos
	FileWide bool
	Checks   []string // as written; the directives check reports names that are no check
	Reason   string

	// Nolint marks golangci-lint's //nolint. Checks are then the linters
	// it names, lower case, other linters' included; Linters the same,
	// nil for a bare //nolint. Every says it covers every check (bare,
	// all or exitlint); LeftToHost that it would, but
	// golangci-lint, the host, reads it (InGolangciLint). LastLine is the
	// last line it covers.
	Nolint     bool
	Linters    []string
	Every      bool
	LeftToHost bool
	LastLine   int

	used bool
}

// Suppressions filters the package's diagnostics through its directives and
// generated files. One value is shared by every check on the package, which
// may run concurrently.
type Suppressions struct {
	fset      *token.FileSet
	generated *generated.Files
	exclude   []string // the paths whose findings are not reported
	// enable and disable choose the checks whose findings the package's
	// settings report: the front end may run more, for other packages.
	enable, disable []string
	mu              sync.Mutex
	excluded        map[*token.File]bool // the files the config's exclude setting leaves out, once asked
	directives      []*Directive
	byLine          map[lineKey][]*Directive
	byFile          map[*token.File][]*Directive
}

type lineKey struct {
	file *token.File
	line int
}

// Report reports d for the pass's check unless d lies in a generated file or
// an excluded path, a directive suppresses it there (a directive that does
// is marked used), or the package's settings leave the check off.
func (s *Suppressions) Report(pass *analysis.Pass, d analysis.Diagnostic) {
	if s.Suppressed(pass.Analyzer.Name, d.Pos) || !s.Reports(pass.Analyzer.Name) {
		return
	}
	if inGolangciLint.Load() {
		// golangci-lint would report each related position as an issue
		// of its own; the message says what they point at.
		d.Related = nil
	}
	if d.URL == "" {
		// The check's page, not the page plus "#category", which the
		// analysis framework makes of an empty URL and a category and which
		// names no anchor of the generated pages.
		d.URL = pass.Analyzer.URL
	}
	pass.Report(d)
}

// Suppressed reports whether a finding of check at pos is not to be
// reported, and marks the directive that suppresses it as used.
func (s *Suppressions) Suppressed(check string, pos token.Pos) bool {
	if !pos.IsValid() {
		return false
	}
	if s.generated.Contains(pos) {
		return true
	}
	tf := s.fset.File(pos)
	if tf == nil {
		return false
	}
	line := tf.Line(pos)
	s.mu.Lock()
	defer s.mu.Unlock()
	excluded, ok := s.excluded[tf]
	if !ok {
		excluded = config.Excluded(s.exclude, s.fset.Position(pos).Filename)
		s.excluded[tf] = excluded
	}
	if excluded {
		return true
	}
	// Every directive that covers the finding is marked, so that none of
	// them is later reported as suppressing nothing.
	suppressed := false
	for _, list := range [][]*Directive{s.byLine[lineKey{tf, line}], s.byFile[tf]} {
		for _, d := range list {
			if d.names(check) {
				d.used = true
				suppressed = true
			}
		}
	}
	return suppressed
}

func (d *Directive) names(check string) bool {
	if d.Every {
		return true
	}
	for _, c := range d.Checks {
		if c == check {
			return true
		}
	}
	return false
}

// Reports reports whether the package's settings (enable and disable)
// report the findings of check. A check they leave off may still run, for
// the directives check or another package, and its findings still mark the
// directives that cover them used, as they would if it ran for the
// directives check alone.
func (s *Suppressions) Reports(check string) bool {
	return config.Chosen(s.enable, s.disable, check)
}

// Directives returns the package's directives in source order.
func (s *Suppressions) Directives() []*Directive { return s.directives }

// Used reports whether the directive has suppressed a finding so far.
func (s *Suppressions) Used(d *Directive) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return d.used
}

func run(pass *analysis.Pass) (any, error) {
	s := &Suppressions{
		fset:      pass.Fset,
		generated: pass.ResultOf[generated.Analyzer].(*generated.Files),
		exclude:   config.Exclude.Of(pass),
		enable:    config.Enable.Of(pass),
		disable:   config.Disable.Of(pass),
		excluded:  map[*token.File]bool{},
		byLine:    map[lineKey][]*Directive{},
		byFile:    map[*token.File][]*Directive{},
	}
	for _, file := range pass.Files {
		if s.generated.File(file) {
			continue
		}
		tf := pass.Fset.File(file.Pos())
		var extents map[int]int   // computed once a file has a line directive
		var starts map[[2]int]int // computed once a file has a //nolint
		for _, cg := range file.Comments {
			for _, c := range cg.List {
				d := nolintDirective(c)
				if d == nil {
					continue
				}
				if starts == nil {
					starts = nodeStarts(tf, file)
				}
				d.LastLine = nolintExtent(tf, cg, starts)
				s.directives = append(s.directives, d)
				for l := tf.Line(cg.Pos()); l <= d.LastLine; l++ {
					s.byLine[lineKey{tf, l}] = append(s.byLine[lineKey{tf, l}], d)
				}
			}
			for _, dir := range analyzerutil.Directives(cg) {
				if dir.Name != "ignore" && dir.Name != "file-ignore" {
					continue
				}
				d := parse(dir)
				s.directives = append(s.directives, d)
				if d.FileWide {
					s.byFile[tf] = append(s.byFile[tf], d)
					continue
				}
				// A directive covers its own line and the line below it; a
				// directive alone on its line covers the statement,
				// declaration or expression that starts on the line below,
				// to its last line (a comment above a multi-line literal
				// covers the whole literal).
				if extents == nil {
					extents = lineExtents(pass.Fset, file)
				}
				line := tf.Line(d.Pos)
				last := line + 1
				if _, trailing := extents[line]; !trailing {
					last = max(last, extents[line+1])
				}
				for l := line; l <= last && l <= tf.LineCount(); l++ {
					s.byLine[lineKey{tf, l}] = append(s.byLine[lineKey{tf, l}], d)
				}
			}
		}
	}
	sort.Slice(s.directives, func(i, j int) bool { return s.directives[i].Pos < s.directives[j].Pos })
	return s, nil
}

// lineExtents maps each line of a file on which a statement, a
// declaration other than a function's, or an expression starts to the last
// line of the outermost such node. A function declaration is left out: a
// directive above a function covers its first line, not its body.
func lineExtents(fset *token.FileSet, file *ast.File) map[int]int {
	out := map[int]int{}
	ast.Inspect(file, func(n ast.Node) bool {
		switch n.(type) {
		case nil, *ast.File, *ast.FuncDecl, *ast.CommentGroup, *ast.Comment, *ast.BlockStmt, *ast.FieldList, *ast.Field:
			return true
		case ast.Stmt, ast.Expr, ast.Spec, *ast.GenDecl:
			start := fset.Position(n.Pos()).Line
			if _, seen := out[start]; !seen {
				out[start] = fset.Position(n.End()).Line
			}
		}
		return true
	})
	return out
}

// parse reads "CHECK[,CHECK] reason".
func parse(dir analyzerutil.Directive) *Directive {
	d := &Directive{Pos: dir.Pos, End: dir.End, FileWide: dir.Name == "file-ignore"}
	list, reason, _ := strings.Cut(dir.Args, " ")
	d.Reason = strings.TrimSpace(reason)
	for _, c := range strings.Split(list, ",") {
		if c = strings.TrimSpace(c); c == "" {
			continue
		}
		d.Checks = append(d.Checks, c)
	}
	return d
}
