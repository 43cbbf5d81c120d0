// Package cmds holds commands that fail with codes: in clierr's field, set
// here, and in a field of this package's own error, which ExitCodeFor maps.
package cmds

import (
	"errors"
	"os"

	"cases/crosspkg/clierr"
	"github.com/charmbracelet/huh"
)

// Get fails with codes in clierr.ExitError.Code.
func Get(name string) error {
	if name == "" {
		return clierr.New(4, errors.New("no name")) // want barecode:`exit code 4 written as a bare integer.*stored in clierr.ExitError.Code`
	}
	if _, err := os.Stat(name); err != nil {
		return &clierr.ExitError{Code: 1, Err: err} // want fallback:`exit code 1 is GENERAL_ERROR.*stored in clierr.ExitError.Code`
	}
	if name == "gone" {
		return &clierr.ExitError{Code: 5, Kind: "not_found", Err: errors.New("gone")} // no finding: 5 is NOT_FOUND, as its kind says
	}
	if name == "busy" {
		return &clierr.ExitError{Code: 5, Kind: "conflict", Err: errors.New("busy")} // want barecode:`exit code 5 written as a bare integer.*stored in clierr.ExitError.Code`
	}
	_ = clierr.Stats{Count: 3} // no exit code: a count
	return nil
}

// Login fails with clierr codes after an interactive form: a 1 in the
// branch for the user's abort is seen by no agent.
func Login() error {
	if err := huh.NewForm().Run(); err != nil {
		if errors.Is(err, huh.ErrUserAborted) {
			return clierr.New(1, err)
		}
		return clierr.New(1, err) // want fallback:`exit code 1 is GENERAL_ERROR.*stored in clierr.ExitError.Code`
	}
	return nil
}

// codedError is this package's own coded error.
type codedError struct {
	code int
	err  error
}

func (e *codedError) Error() string { return e.err.Error() }

func coded(code int, err error) error { return &codedError{code: code, err: err} }

// Put fails through coded.
func Put(name string) error {
	if len(name) > 10 {
		return coded(1, errors.New("too long")) // want fallback:`exit code 1 is GENERAL_ERROR`
	}
	if name == "x" {
		return coded(9, errors.New("paid")) // want barecode:`exit code 9 written as a bare integer`
	}
	return nil
}

// ExitCodeFor maps an error to the exit code main ends with.
func ExitCodeFor(err error) int {
	var ce *codedError
	if errors.As(err, &ce) {
		return ce.code
	}
	return 0
}

// configError is a failure of the configuration.
type configError struct{}

func (configError) Error() string { return "config" }

// Release classifies its error into clierr's code field, in this package,
// where no exit is seen: 1 is its last branch.
func Release(err error) error {
	var ce configError
	if errors.As(err, &ce) {
		return &clierr.ExitError{Code: 4, Err: err} // want barecode:`exit code 4 written as a bare integer`
	}
	return &clierr.ExitError{Code: 1, Err: err}
}

// Strict tests a mode, not the error: no classification.
func Strict(err error, strict bool) error {
	if strict {
		return &clierr.ExitError{Code: 4, Err: err} // want barecode:`exit code 4 written as a bare integer`
	}
	return &clierr.ExitError{Code: 1, Err: err} // want fallback:`exit code 1 is GENERAL_ERROR.*stored in clierr.ExitError.Code`
}

// The API error codes of a service, and how the commands classify them:
// classifyAPI returns the exit code with a kind beside it, and APIError
// stores the code in clierr's field.
const (
	apiTokenExpired   = 99991677
	apiNoPermission   = 99991672
	apiRateLimit      = 99991400
	apiCrossTenant    = 1064510
	apiInvalidFloatWH = 1310246
)

func classifyAPI(code int) (int, string) {
	switch code {
	case apiTokenExpired:
		return 8, "auth" // want barecode:`exit code 8 written as a bare integer.*stored in clierr.ExitError.Code`
	case apiNoPermission:
		return 1, "permission" // want fallback:`exit code 1 is GENERAL_ERROR.*stored in clierr.ExitError.Code`
	case apiRateLimit:
		return 1, "rate_limit" // want fallback:`exit code 1 is GENERAL_ERROR.*stored in clierr.ExitError.Code`
	case apiInvalidFloatWH:
		return 1, "bad_dims" // want fallback:`exit code 1 is GENERAL_ERROR.*stored in clierr.ExitError.Code`
	case apiCrossTenant:
		return 1, "cross_tenant" // want fallback:`exit code 1 is GENERAL_ERROR.*stored in clierr.ExitError.Code`
	}
	return 1, "api_error" // no finding: the last branch of the classification
}

// APIError is the error of a failed service call.
func APIError(code int, msg string) error {
	c, kind := classifyAPI(code)
	return &clierr.ExitError{Code: c, Err: errors.New(kind + ": " + msg)}
}
