// Package facts holds facts with many elements, where an order could
// come from a map: ARG_ERROR in several results (collected in a map),
// several exit codes with their Via and guards, several code parameters,
// parameters written as JSON, enum members, marked factories, a long
// chain of side effects.
package facts

import (
	"encoding/json"
	"errors"
	"os"

	"github.com/exitlint/exitlint/exitcode"
	"github.com/spf13/cobra"
	"github.com/urfave/cli/v2"
)

//exitlint:enum
type Code int

const (
	Zero  Code = 0
	One   Code = 1
	Two   Code = 2
	Three Code = 3
	Four  Code = 4
	Five  Code = 5
	Six   Code = 6
	Seven Code = 7
	Eight Code = 8
	Nine  Code = 9
)

var (
	ErrA = errors.New("a")
	ErrB = errors.New("b")
)

// Results returns ARG_ERROR in three of its results.
func Results(bad bool) (error, int, error, Code, error) {
	if bad {
		return exitcode.New(exitcode.ArgError, "A", "a"), 0, exitcode.New(exitcode.ArgError, "B", "b"), Three, nil
	}
	return nil, 1, nil, Zero, exitcode.New(exitcode.ArgError, "C", "c")
}

// Exits exits with many codes, some under guards.
func Exits(err error, n int) {
	switch {
	case errors.Is(err, ErrA):
		os.Exit(9)
	case errors.Is(err, ErrB):
		os.Exit(7)
	case errors.Is(err, os.ErrNotExist):
		os.Exit(5)
	}
	switch n {
	case 1:
		os.Exit(1)
	case 2:
		os.Exit(2)
	case 4:
		exitcode.Exit(exitcode.Precondition)
	case 6:
		os.Exit(n)
	}
	os.Exit(3)
}

var status int

// Codes exits with one parameter, returns another and stores a third.
func Codes(a, b, c, d int) int {
	status = c
	if a > 0 {
		os.Exit(a)
	}
	if d > 0 {
		os.Exit(d)
	}
	return b
}

func Exit() { os.Exit(status) }

// Writes writes three of its parameters as JSON and decodes into two.
func Writes(a any, s string, b any, c any, data []byte, x, y any) {
	json.NewEncoder(os.Stdout).Encode(a)
	json.Marshal(b)
	json.Marshal(c)
	json.Unmarshal(data, x)
	json.Unmarshal(data, y)
	_ = s
}

type Env struct {
	OK   bool `json:"ok"`
	Data any  `json:"data"`
}

//exitlint:factory
func Zeta() Env { return Env{} }

//exitlint:factory
func Alpha() Env { return Env{OK: true} }

//exitlint:factory
func (e Env) Mu() Env { return e }

func Print() { Writes(Alpha(), "", nil, nil, nil, nil, nil) }

// Chain reaches a side effect four calls down.
func Chain() { c1() }

func c1() { c2() }

func c2() { c3() }

func c3() { os.WriteFile("out", nil, 0o644) }

// The run functions given to two frameworks: a package fact with one side
// effect per framework, in the frameworks' order.
var (
	addCmd = &cobra.Command{Use: "add", RunE: func(*cobra.Command, []string) error {
		return os.WriteFile("a", nil, 0o644)
	}}
	app = &cli.App{Name: "tool", Action: func(*cli.Context) error { return os.Remove("b") }}
)

// CodedError carries the exit code its ExitCode method returns.
type CodedError struct{ Code int }

func (e CodedError) Error() string { return "coded" }
func (e CodedError) ExitCode() int { return e.Code }

// OtherError is another of the program's error types.
type OtherError struct{}

func (OtherError) Error() string { return "other" }

// Types may return several of the program's error types.
func Types(n int) error {
	if n == 0 {
		return CodedError{Code: 3}
	}
	return OtherError{}
}

// Spare is exempted from barecode at its declaration: an ignoredFact.
const Spare = 6 //exitlint:ignore barecode the value an older release documented
