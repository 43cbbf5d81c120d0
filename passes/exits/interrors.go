package exits

import (
	"go/types"

	"golang.org/x/tools/go/types/objectpath"

	"github.com/exitlint/exitlint/internal/analyzerutil"
)

// An error may be its exit code. A CLI declares an error type of an
// integer kind (`type errJustExit int`, `type ErrExit int` with an Error
// method), its commands return a conversion (`return errJustExit(2)`,
// `exit.ErrExit(1)` from another package), and main exits with the value
// it finds in the error chain (`if code, ok := err.(errJustExit); ok {
// os.Exit(int(code)) }`, `errors.As(err, &ex)`). The conversion is where
// the code is chosen, as the constant stored into an error's code field
// is (fields.go): the flow treats the values of such a type as one field
// of it — a stand-in variable, the type's carrier — into which every
// conversion to the type stores its operand. The stores cross packages
// by the field store facts and a constructor's Fields, as a field's do.
// Only a type that implements error is one: its values travel in error
// chains to main; an integer type that is no error (a level, a count) is
// followed only as the type of an exit-status variable (codeTypes).
// Evidence: garble (errJustExit(2) for usage errors, errJustExit(1) for
// an unsupported Go toolchain), gum (exit.ErrExit(1) for a declined
// confirmation, in another package than main's exit), and an exit
// package of Red Hat's operators (`type Error int` whose Code is the
// exit code).

// intErrorType returns the name of t when it is a named integer type,
// outside the standard library, that implements error; nil otherwise.
func intErrorType(t types.Type) *types.TypeName {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.TypeParams().Len() > 0 || n.Obj().Pkg() == nil || analyzerutil.StdPackage(n.Obj().Pkg().Path()) {
		return nil
	}
	if !analyzerutil.IsInteger(n) || !implementsError(n) {
		return nil
	}
	return n.Obj()
}

// carrier returns the stand-in field for the values of tn, an integer
// error type (intErrorType): one variable per type, which the flow's
// stores, fields and facts name as they name a code field.
func (fl *flow) carrier(tn *types.TypeName) *types.Var {
	if v, ok := fl.carriers[tn]; ok {
		return v
	}
	v := types.NewField(tn.Pos(), tn.Pkg(), tn.Name(), tn.Type(), false)
	fl.carriers[tn] = v
	fl.carried[v] = tn
	fl.knownCodeLike[v] = true
	return v
}

// carrierKey is the field key of a carrier: its type's object path, then
// "#" and the type's name ("ErrExit").
func carrierKey(tn *types.TypeName) string {
	p, err := objectpath.For(tn)
	if err != nil {
		return ""
	}
	return tn.Pkg().Path() + "." + string(p) + "#" + tn.Name()
}

// statusVia says how a value stored into v, an exit-status variable, a
// code field or a carrier, reaches the exit that via describes.
func (fl *flow) statusVia(v *types.Var, via string) string {
	if fl.carried[v] != nil {
		return "the error " + fl.fieldName(v) + " → " + via
	}
	return v.Name() + " → " + via
}

// storedVia says how a constant another package stores into the field v
// reaches the exit: through the field to via; a carrier's statusVia
// already names its type.
func (fl *flow) storedVia(v *types.Var, via string) string {
	if fl.carried[v] != nil {
		return via
	}
	return "stored in " + fl.fieldName(v) + " → " + via
}
