package runtime

import (
	"time"

	"github.com/exitlint/exitlint/exitcode"
)

// A command of the package declares CONFLICT retryable: its errors take
// that retryability from the declaration.
var codes = []exitcode.Entry{{Code: exitcode.Conflict, Retryable: exitcode.RetryYes}}

func Busy() error {
	return exitcode.New(exitcode.Conflict, "BUSY", "busy").WithRetryAfter(time.Second)
}
