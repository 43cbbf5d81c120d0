// Package kongexit gives kong an exit function of its own, which records
// that help was shown instead of ending the process: the package carries
// the exits pass's kongExitSet fact.
package kongexit

import "github.com/alecthomas/kong"

var helpShown bool

// New builds the parser.
func New(grammar any) (*kong.Kong, error) {
	return kong.New(grammar, kong.Exit(func(int) { helpShown = true }))
}
