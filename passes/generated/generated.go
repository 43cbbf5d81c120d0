package generated

import (
	_ "embed"
	"go/ast"
	"go/token"
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/internal/analyzerutil"
)

//go:embed doc.go
var doc string

// Analyzer finds the package's generated files.
var Analyzer = &analysis.Analyzer{
	Name:       "generated",
	Doc:        analyzerutil.Doc(doc, "generated"),
	URL:        analyzerutil.URL("generated"),
	Run:        analyzerutil.Guard(run),
	ResultType: reflect.TypeOf((*Files)(nil)),
}

// Files knows which files of the package are generated.
type Files struct {
	fset      *token.FileSet
	generated map[*token.File]bool
}

// Contains reports whether pos lies in a generated file.
func (f *Files) Contains(pos token.Pos) bool {
	return f.generated[f.fset.File(pos)]
}

// File reports whether the syntax tree is a generated file.
func (f *Files) File(file *ast.File) bool { return f.Contains(file.Pos()) }

func run(pass *analysis.Pass) (any, error) {
	f := &Files{fset: pass.Fset, generated: map[*token.File]bool{}}
	for _, file := range pass.Files {
		if ast.IsGenerated(file) {
			f.generated[pass.Fset.File(file.Pos())] = true
		}
	}
	return f, nil
}
