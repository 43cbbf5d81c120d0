package analyzerutil

import (
	"fmt"
	"go/constant"
	"go/types"
	"strings"

	"github.com/exitlint/exitlint/exitcode"
)

// Import paths of exitlint's runtime, which every pass recognises by name.
const (
	ExitcodePath = "github.com/exitlint/exitlint/exitcode"
	EnvelopePath = "github.com/exitlint/exitlint/envelope"
	CobraenvPath = "github.com/exitlint/exitlint/adapters/cobraenv"
)

// DescribeCode names an exit code as the contract does, "NOT_FOUND (5)",
// or "exit code 80" outside the table.
func DescribeCode(code int64) string {
	if row, ok := exitcode.Lookup(exitcode.Code(code)); ok {
		return fmt.Sprintf("%s (%d)", row.Name, code)
	}
	return fmt.Sprintf("exit code %d", code)
}

// IsRunnerCommand reports whether t is the runtime's envelope.Command (or
// a pointer to one), of any type arguments.
func IsRunnerCommand(t types.Type) bool {
	if t == nil {
		return false
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	obj := named.Origin().Obj()
	return obj.Pkg() != nil && obj.Pkg().Path() == EnvelopePath && obj.Name() == "Command"
}

// CallName spells a function as code calls it and messages show it:
// "os.Exit"; "(*log.Logger).Fatal" becomes "log.Logger.Fatal".
func CallName(fn *types.Func) string {
	name, named := FuncName(fn)
	if fn.Pkg() == nil || !named {
		return name
	}
	return fn.Pkg().Name() + "." + name
}

// WrappedArgs returns the indexes, among the arguments after the format,
// of those a constant fmt.Errorf format wraps with %w. known is false when
// the format is no constant string or uses explicit argument indexes
// ("%[2]w"): then any argument may be wrapped.
func WrappedArgs(format constant.Value) (wrapped []int, known bool) {
	if format == nil || format.Kind() != constant.String {
		return nil, false
	}
	f := constant.StringVal(format)
	arg := 0
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			continue
		}
		i++
		if i < len(f) && f[i] == '%' {
			continue
		}
		// Flags, width and precision; a * takes an argument.
		for ; i < len(f) && strings.IndexByte("+-# 0123456789.*[]", f[i]) >= 0; i++ {
			switch f[i] {
			case '*':
				arg++
			case '[':
				return nil, false
			}
		}
		if i < len(f) {
			if f[i] == 'w' {
				wrapped = append(wrapped, arg)
			}
			arg++
		}
	}
	return wrapped, true
}

// IsStdio reports whether obj is os.Stdout or os.Stderr.
func IsStdio(obj types.Object) bool {
	s := StdStream(obj)
	return s == "Stdout" || s == "Stderr"
}

// StdStream returns the name of the standard stream obj is, "Stdin",
// "Stdout" or "Stderr" of package os, or "" when it is none.
func StdStream(obj types.Object) string {
	switch name := osVar(obj); name {
	case "Stdin", "Stdout", "Stderr":
		return name
	}
	return ""
}

// IsOSArgs reports whether obj is os.Args, the process's command line.
func IsOSArgs(obj types.Object) bool { return osVar(obj) == "Args" }

// osVar returns the name of the package-level variable of package os that
// obj is, or "" when it is none.
func osVar(obj types.Object) string {
	v, ok := obj.(*types.Var)
	if !ok || v.Pkg() == nil || v.Pkg().Path() != "os" || v.Parent() != v.Pkg().Scope() {
		return ""
	}
	return v.Name()
}
