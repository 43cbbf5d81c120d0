// Package own has the program's own error type that carries an exit code
// in the field its ExitCode method returns, as urfave/cli's ExitCoder does.
package own

// ExitError wraps a message with the code a main that reads ExitCode()
// exits with.
type ExitError struct {
	Msg  string
	Code int
}

func (e *ExitError) Error() string { return e.Msg }

// ExitCode is the code such a main exits with.
func (e *ExitError) ExitCode() int { return e.Code }

// Exit builds an ExitError.
func Exit(msg string, code int) error { return &ExitError{Msg: msg, Code: code} }
