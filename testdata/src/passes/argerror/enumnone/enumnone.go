// Package enumnone has exitlint's enum in view and uses another code.
package enumnone // want `Any=false`

import "github.com/exitlint/exitlint/exitcode"

func Missing() error {
	return exitcode.New(exitcode.NotFound, "NOPE", "missing") // want `Carrier Code`
}
