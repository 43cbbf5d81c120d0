// Package lib returns exit codes in every way the errcodes pass knows, and
// mentions them in ways that return nothing.
package lib

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"

	"github.com/exitlint/exitlint/exitcode"
	cli "github.com/urfave/cli/v2"
)

// ErrLocked is a sentinel: its value carries CONFLICT.
var ErrLocked = exitcode.New(exitcode.Conflict, "LOCKED", "the repository is locked") // want ErrLocked:`codes\(0: 6 via exitcode.New\)`

func Missing(name string) error { // want Missing:`codes\(0: 5 via exitcode.New\)`
	return exitcode.New(exitcode.NotFound, "NO_SUCH_NOTE", name).WithSuggestion("list the notes")
}

// Either returns one of two codes, chosen by a condition.
func Either(locked bool) error { // want Either:`codes\(0: 5 via Missing, 0: 6 via exitcode.New\)`
	if locked {
		return ErrLocked
	}
	return Missing("x")
}

// Classified returns standard errors exitcode.FromError gives codes.
func Classified(n int) error { // want Classified:`codes\(0: 4 via exec.ErrNotFound, 0: 5 via fs.ErrNotExist, 0: 7 via os.ErrPermission, 0: 10 via context.DeadlineExceeded\)`
	switch n {
	case 0:
		return fmt.Errorf("reading: %w", fs.ErrNotExist)
	case 1:
		return os.ErrPermission
	case 2:
		return context.DeadlineExceeded
	}
	return exec.ErrNotFound
}

// Copied formats with %v: the text only, GENERAL_ERROR to FromError.
func Copied() error {
	return fmt.Errorf("reading: %v", fs.ErrNotExist)
}

// Literal builds the runtime's error as a composite literal.
func Literal() error { // want Literal:`codes\(0: 12 via exitcode.Unavailable\)`
	return &exitcode.Error{ExitCode: exitcode.Unavailable, Code: "DOWN", Message: "the service is down"}
}

// Pair returns its error second.
func Pair() (int, error) { // want Pair:`codes\(1: 10 via exitcode.New\)`
	return 0, exitcode.New(exitcode.Timeout, "SLOW", "timed out")
}

// Local assigns the error to a variable first.
func Local(ok bool) (err error) { // want Local:`codes\(0: 9 via exitcode.New\)`
	if !ok {
		err = exitcode.New(exitcode.PaymentRequired, "PAY", "pay first")
	}
	return
}

// Framework returns urfave/cli's error with the code its exit takes.
func Framework() error { // want Framework:`codes\(0: 4 via Exit\)`
	return cli.Exit("not yet", 4)
}

// Joined joins two codes.
func Joined() error { // want Joined:`codes\(0: 5 via Missing, 0: 6 via exitcode.New\)`
	return errors.Join(Missing("a"), ErrLocked)
}

// Mentions compares with and prints codes, returning none.
func Mentions(err error) error {
	if exitcode.FromError(err) == exitcode.NotFound {
		fmt.Println(exitcode.Conflict)
	}
	return errors.New("plain")
}

// Closure returns what its function literal returns.
func Closure() error { // want Closure:`codes\(0: 11 via func literal\)`
	check := func() error { return exitcode.New(exitcode.RateLimited, "SLOW_DOWN", "rate limited") }
	return check()
}
