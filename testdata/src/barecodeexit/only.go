package barecodeexit

import (
	"os"

	"github.com/exitlint/exitlint/exitcode"
)

// only is the file's one use of os: the fix removes the import too.
func only() exitcode.Code {
	os.Exit(12) // want `spell it exitcode.Unavailable`
	return exitcode.Success
}
