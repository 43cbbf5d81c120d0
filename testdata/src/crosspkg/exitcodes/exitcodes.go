// Package exitcodes keeps a program's exit table in a package named for
// it: its own analysis checks each member at its declaration, once.
package exitcodes

// The members are known by their package's name; the command that exits
// with them (cmd/starter, through starter.Start) must not report them a
// second time.
const (
	Usage    = 2  // want barecode:`exit code Usage is 2, which the contract calls PARTIAL_FAILURE; ARG_ERROR is 3 \(its package exitcodes is named for exit codes\)`
	Busy     = 40 // want barecode:`exit code Busy \(40\) is in the framework-reserved range 14–63.*its package exitcodes is named for exit codes`
	NotFound = 5
)

// Code is the type of the table's typed members.
type Code int

// Conflict is a typed member, used converted to int.
const Conflict Code = 6
