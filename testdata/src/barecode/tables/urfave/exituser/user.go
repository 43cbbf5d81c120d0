// Package exituser uses the exit package's codes: each member is checked
// where it is declared, not here.
package exituser

import "cases/barecode/tables/urfave/exit"

func run(n int) error {
	if n == 0 {
		return exit.Error(exit.Usage, "give a name")
	}
	return exit.Error(exit.Aborted, "aborted")
}
