// Package view uses lib's functions and sentinels and has its own; the
// argerrorview analyzer reports what the argerror pass's result says: Any,
// Func of each function, Carries of each returned value, Sentinel of each
// package-level variable, IsArgConst of each constant, CarrierOf of each
// call.
package view // want `Any=true`

import (
	"errors"
	"fmt"

	"github.com/exitlint/exitlint/exitcode"
	cli "github.com/urfave/cli/v2"

	"cases/passes/argerror/lib"
)

func Local() error { // want `Func Local: results \[0\] via New`
	return lib.New("x") // want `Carries: New` `Func lib\.New: results \[0\] via exitcode\.New`
}

func Sent() error { // want `Func Sent: results \[0\] via exitcode\.New`
	return lib.ErrUsage // want `Carries: exitcode\.New` `Sentinel lib\.ErrUsage: exitcode\.New`
}

// errMine wraps lib's sentinel: a sentinel of its own.
var errMine = fmt.Errorf("mine: %w", lib.ErrUsage) // want `Sentinel errMine: exitcode\.New` `Carrier Wrap` `Sentinel lib\.ErrUsage: exitcode\.New`

// errPlain carries nothing.
var errPlain = errors.New("plain")

func Mine() error { // want `Func Mine: results \[0\] via exitcode\.New`
	return errMine // want `Carries: exitcode\.New`
}

func Plain() error {
	return errPlain // carries nothing
}

func Enum() lib.Code { // want `Func Enum: results \[0\] via lib\.Usage`
	return lib.Usage // want `Carries: lib\.Usage` `IsArgConst Usage`
}

func NotEnum() lib.Code {
	return lib.Missing // the enum's 5
}

func Mention() bool {
	return lib.Usage == 3 // want `IsArgConst Usage`
}

func Carriers(err error) {
	e := exitcode.New(exitcode.NotFound, "X", "y") // want `Carrier Code`
	_ = errors.Join(err)                           // want `Carrier Args`
	_ = fmt.Errorf("%w", err)                      // want `Carrier Wrap`
	_ = cli.Exit("x", 4)                           // want `Carrier ExitCoder`
	_ = e.WithDetail("d")                          // want `Carrier Recv`
	_ = e.Wrap(err)                                // want `Carrier Recv`
	_ = errors.New("x")                            // no carrier
}

func PassTwo() (int, error) { // want `Func PassTwo: results \[1\] via PassTwo`
	return lib.PassTwo() // want `Func lib\.PassTwo: results \[1\] via Two`
}

func Generic() (int, error) { // want `Func Generic: results \[1\] via First`
	return lib.First([]int{}) // want `Func lib\.First: results \[1\] via New`
}

// Classify returns lib's enum's 3 from one branch, through a conversion.
func Classify(err error) int { // want `Func Classify: results \[0\] via lib\.Usage`
	if err != nil {
		return int(lib.Usage) // want `Carries: lib\.Usage` `IsArgConst Usage`
	}
	return 0
}

// Joined returns errors.Join of values one of which carries it.
func Joined(err error) error { // want `Func Joined: results \[0\] via Own`
	return errors.Join(err, lib.Own()) // want `Carries: Own` `Carrier Args` `Func lib\.Own: results \[0\] via Usage`
}

// Look-alikes.

func Other() error {
	return lib.NotFound() // another code
}

func Printed() error {
	return lib.Printed() // %v copies the text
}

func Later() func() error {
	return lib.Later() // a literal, not an error
}
