// Package lookalike holds integers that look like exit codes and are not.
package lookalike

import (
	"errors"
	"net/http"
	"os"
	"os/exec"
)

// HTTP statuses are no exit table.
const (
	StatusNotFound = 404
	StatusConflict = 409
)

// Modes named Exit… are no exit table.
const (
	ExitOnError = iota
	ExitOnPanic
)

// A limit beside an exit-code constant is no member of its table.
const (
	exitTimeout = 10
	maxRetries  = 3
)

// ExitCodeOf reads a child process's status: its -1 is no code of this
// program.
func ExitCodeOf(err error) int {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	return -1
}

// status returns an HTTP status, no exit code.
func status(found bool) int {
	if !found {
		return http.StatusNotFound
	}
	return 200
}

// retries returns a count that never reaches an exit.
func retries() int { return maxRetries }

func main() {
	_ = status(false)
	_ = retries()
	_ = ExitCodeOf(nil)
	_ = ExitOnError
	os.Exit(exitTimeout)
}
