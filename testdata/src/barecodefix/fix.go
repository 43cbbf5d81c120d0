package barecodefix

import (
	"os"

	"github.com/exitlint/exitlint/exitcode"
)

func run() exitcode.Code {
	os.Exit(5)             // want `spell it exitcode.NotFound`
	return exitcode.Code(3) // want `spell it exitcode.ArgError`
}
