package exits

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/exitlint/exitlint/internal/analyzerutil"
)

// userAborts are the errors that prompt and terminal-UI libraries return
// when the person at the terminal cancels the prompt (Ctrl-C, Esc), by
// package path and name: huh's ErrUserAborted, bubbletea's ErrInterrupted,
// survey's terminal.InterruptErr, promptui's ErrInterrupt. Errors that an
// unattended run meets as well are not among them: a closed stdin (io.EOF,
// promptui's ErrEOF), a timeout (huh's ErrTimeout), a declined
// confirmation (promptui's ErrAbort), a program killed by its context
// (bubbletea's ErrProgramKilled).
var userAborts = []string{
	"github.com/charmbracelet/huh.ErrUserAborted",
	"charm.land/huh/v2.ErrUserAborted",
	"github.com/charmbracelet/bubbletea.ErrInterrupted",
	"charm.land/bubbletea/v2.ErrInterrupted",
	"github.com/AlecAivazis/survey/v2/terminal.InterruptErr",
	"gopkg.in/AlecAivazis/survey.v1/terminal.InterruptErr",
	"github.com/manifoldco/promptui.ErrInterrupt",
}

// notForAgents reports whether the exit or the code at cur runs where no
// agent reads the exit code: once the process received a termination
// signal (the caller or a supervisor is stopping it), once the person at
// the terminal aborted a prompt (userAborted), only when a standard stream
// is a terminal, which an agent's never is (the terminal pass), or in a
// block serving a protocol to the host that started the process
// (servesProtocol), or when writing a profile a developer asked for
// failed (profiling).
func (x *Exemptions) notForAgents(cur inspector.Cursor) bool {
	return x.afterSignal(cur) || x.userAborted(cur) || x.term.Only(cur.Node().Pos()) || x.servesProtocol(cur) || x.profiling(cur)
}

// userAborted reports whether cur lies in the branch that runs only when
// an error is a prompt library's user-abort error (userAborts): the body
// of `if err == huh.ErrUserAborted` or `if errors.Is(err,
// terminal.InterruptErr)`, or a switch case testing that, in the same
// function. Only a person aborts a prompt; an agent never sees that
// exit's code.
func (x *Exemptions) userAborted(cur inspector.Cursor) bool {
	for c := cur; c.Node() != nil; c = c.Parent() {
		switch n := c.Node().(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if c.Child(n.Body).Contains(cur) && x.abortTest(n.Cond) {
				return true
			}
		case *ast.CaseClause:
			if x.abortCase(c, n) {
				return true
			}
		}
	}
	return false
}

// abortCase reports whether every expression of the case clause at c
// tests for a user abort: `case errors.Is(err, huh.ErrUserAborted)` in a
// tagless switch, `case huh.ErrUserAborted` in `switch err`.
func (x *Exemptions) abortCase(c inspector.Cursor, cc *ast.CaseClause) bool {
	sw, ok := c.Parent().Parent().Node().(*ast.SwitchStmt)
	if !ok || len(cc.List) == 0 {
		return false
	}
	for _, e := range cc.List {
		if sw.Tag == nil && !x.abortTest(e) || sw.Tag != nil && !x.isUserAbort(e) {
			return false
		}
	}
	return true
}

// abortTest reports whether cond holds only for a user-abort error:
// `err == S`, `S == err`, `errors.Is(err, S)`, or a || of such tests.
func (x *Exemptions) abortTest(cond ast.Expr) bool {
	switch e := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LOR:
			return x.abortTest(e.X) && x.abortTest(e.Y)
		case token.EQL:
			return x.isUserAbort(e.X) || x.isUserAbort(e.Y)
		}
	case *ast.CallExpr:
		fn := typeutil.StaticCallee(x.info, e)
		return fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "errors" && fn.Name() == "Is" && len(e.Args) == 2 && x.isUserAbort(e.Args[1])
	}
	return false
}

// isUserAbort reports whether e names one of the userAborts errors.
func (x *Exemptions) isUserAbort(e ast.Expr) bool {
	v, ok := x.info.Uses[analyzerutil.NameIdent(e)].(*types.Var)
	return ok && v.Pkg() != nil && slices.Contains(userAborts, v.Pkg().Path()+"."+v.Name())
}
