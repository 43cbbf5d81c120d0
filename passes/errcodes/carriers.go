package errcodes

import (
	"go/types"
	"strings"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/passes/exits"
)

// Carrier is how a call passes exit codes on from what it is given to what
// it returns. CarrierOf is the one table of carriers, read over syntax
// (Rules) and over SSA (the argerror pass's SSA view, for ARG_ERROR).
type Carrier int

const (
	// NoCarrier: the call passes nothing on by name (a function with a
	// fact may still return codes).
	NoCarrier Carrier = iota
	// CarrierCode: exitcode.New carries the code of its code argument,
	// the first.
	CarrierCode
	// CarrierRecv: a With method of *exitcode.Error, and Wrap, carry what
	// their receiver carries.
	CarrierRecv
	// CarrierArgs: errors.Join carries what any argument carries.
	CarrierArgs
	// CarrierWrap: fmt.Errorf carries what an argument formatted with %w
	// carries (WrappedArgs); %v and the other verbs only copy its text, and
	// the result is a plain error, GENERAL_ERROR to exitcode.FromError.
	CarrierWrap
	// CarrierExitCoder: a framework's error constructor that takes the
	// exit code the framework ends the process with (urfave/cli's
	// cli.Exit(message, code)) carries the constant its ExitCoderArg is:
	// the code is a plain int there.
	CarrierExitCoder
)

// ExitCoderArg returns the index of the exit-code argument of a
// CarrierExitCoder (exits.ExitCoderArg).
func ExitCoderArg(fn *types.Func) int {
	i, _ := exits.ExitCoderArg(fn)
	return i
}

// CarrierOf returns how a call of fn carries exit codes on.
func CarrierOf(fn *types.Func) Carrier {
	if _, ok := exits.ExitCoderArg(fn); ok {
		return CarrierExitCoder
	}
	name, ok := carrierFuncs.Name(fn)
	switch {
	case !ok:
		return NoCarrier
	case name == analyzerutil.ExitcodePath+".New":
		return CarrierCode
	case strings.HasPrefix(name, "(*"+analyzerutil.ExitcodePath+".Error).With"), name == "(*"+analyzerutil.ExitcodePath+".Error).Wrap":
		return CarrierRecv
	case name == "fmt.Errorf":
		return CarrierWrap
	case name == "errors.Join":
		return CarrierArgs
	}
	return NoCarrier
}

// carrierFuncs are the packages of the carriers CarrierOf knows by name.
var carrierFuncs = analyzerutil.NewFuncs([]string{analyzerutil.ExitcodePath + ".New", "fmt.Errorf", "errors.Join"})
