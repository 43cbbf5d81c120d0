// Package validate returns ARG_ERROR in the ways the argerror pass knows.
package validate

import (
	"errors"

	"github.com/exitlint/exitlint/exitcode"
)

func Validate(name string) error { // want Validate:`argError\(results 0 via exitcode.New\)`
	if name == "" {
		return exitcode.New(exitcode.ArgError, "EMPTY_NAME", "name is empty")
	}
	return nil
}

func Check(name string) (int, error) { // want Check:`argError\(results 1 via Validate\)`
	err := Validate(name)
	return len(name), err
}

func Code(ok bool) exitcode.Code { // want Code:`argError\(results 0 via exitcode.ArgError\)`
	if !ok {
		return exitcode.ArgError
	}
	return exitcode.Success
}

func Wrapped(name string) error { // want Wrapped:`argError\(results 0 via exitcode.New\)`
	if err := Validate(name); err != nil {
		return errors.Join(errors.New("bad"), exitcode.New(exitcode.ArgError, "X", "y"))
	}
	return nil
}

// Mentions ArgError without returning it.
func Mentions(c exitcode.Code) bool {
	println(exitcode.ArgError.String())
	return c == exitcode.ArgError
}


// ErrNoName is a sentinel: a package-level variable that carries ARG_ERROR.
var ErrNoName = exitcode.New(exitcode.ArgError, "NO_NAME", "a name is required") // want ErrNoName:`argError\(results 0 via exitcode.New\)`
