package suppress

import (
	"go/ast"
	"go/token"
	"strings"
	"sync/atomic"
)

// golangci-lint's //nolint comments, read the way golangci-lint reads them,
// so that code annotated for golangci-lint is silent on every route.
//
//	//nolint                    every linter: every exitlint check
//	//nolint:all                the same
//	//nolint:exitlint           exitlint: every check
//	//nolint:barecode,errcheck  the named linters; a name of an exitlint check is that check
//	//nolint:exitlint // reason the reason follows a second //
//
// "// nolint" with a space is read too, and names are case-insensitive. A
// directive covers the lines of its comment group and, when the group
// ends on the line before a node that starts at the group's column, that
// node to its end: a statement, a declaration (a function's whole body),
// or, above the package clause, the whole file.

// inGolangciLint is set by the golangci-lint plugin (InGolangciLint).
var inGolangciLint atomic.Bool

// InGolangciLint tells the suppress pass that the checks run inside
// golangci-lint, as its module plugin. golangci-lint reads a bare
// directive, //nolint:all and //nolint:exitlint itself (and its
// nolintlint reports the unused ones): the pass leaves those to it, so that a finding is
// suppressed and counted once, and reads only the names of exitlint's
// checks in a //nolint, which golangci-lint does not know. golangci-lint
// also makes a separate issue of each related position of a diagnostic:
// the pass drops them there, since every message says what they point at.
func InGolangciLint(on bool) { inGolangciLint.Store(on) }

// nolintLinters returns the linter names of a //nolint comment (lower
// case, as written otherwise; nil for a bare //nolint), its reason, and
// whether the comment is a //nolint at all.
func nolintLinters(text string) (names []string, reason string, ok bool) {
	if !strings.HasPrefix(text, "//") {
		return nil, "", false // a /* */ comment is no directive
	}
	rest := strings.TrimLeft(text, "/ ")
	after, found := strings.CutPrefix(rest, "nolint")
	if !found || (after != "" && after[0] != ' ' && after[0] != ':') {
		return nil, "", false
	}
	list, found := strings.CutPrefix(after, ":")
	if !found {
		// A bare //nolint: what follows is free text.
		_, reason, _ = strings.Cut(after, "//")
		return nil, strings.TrimSpace(reason), true
	}
	list, reason, _ = strings.Cut(list, "//")
	for _, n := range strings.Split(list, ",") {
		if n = strings.ToLower(strings.TrimSpace(n)); n != "" {
			names = append(names, n)
		}
	}
	return names, strings.TrimSpace(reason), true
}

// nolintDirective returns the directive of the comment c, or nil when c
// is no //nolint. Inside golangci-lint the names it reads
// itself are left to it (Directive.LeftToHost).
func nolintDirective(c *ast.Comment) *Directive {
	names, reason, ok := nolintLinters(c.Text)
	if !ok {
		return nil
	}
	d := &Directive{Pos: c.Slash, End: c.End(), Nolint: true, Linters: names, Reason: reason}
	host := inGolangciLint.Load()
	every := len(names) == 0
	for _, n := range names {
		if n == "all" || n == "exitlint" {
			every = true
		}
	}
	if every && host {
		d.LeftToHost = true
	} else {
		d.Every = every
	}
	d.Checks = names
	return d
}

// nolintExtent returns the last line a //nolint in the comment group cg
// covers: the group's last line, or the end of the node that starts on
// the line after it at the group's column.
func nolintExtent(tf *token.File, cg *ast.CommentGroup, starts map[[2]int]int) int {
	first := tf.PositionFor(cg.Pos(), false)
	last := tf.Line(cg.End())
	if end, ok := starts[[2]int{last + 1, first.Column}]; ok && end > last {
		return end
	}
	return last
}

// nodeStarts maps the line and column at which each node of file starts to
// the last line of the longest such node.
func nodeStarts(tf *token.File, file *ast.File) map[[2]int]int {
	out := map[[2]int]int{}
	ast.Inspect(file, func(n ast.Node) bool {
		if n == nil || !within(tf, n.Pos()) || !within(tf, n.End()) {
			return true
		}
		p := tf.PositionFor(n.Pos(), false)
		k := [2]int{p.Line, p.Column}
		out[k] = max(out[k], tf.Line(n.End()))
		return true
	})
	return out
}

func within(tf *token.File, p token.Pos) bool {
	return p.IsValid() && int(p) >= tf.Base() && int(p) <= tf.Base()+tf.Size()
}
