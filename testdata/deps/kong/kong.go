// Package kong is a stub of github.com/alecthomas/kong for exitlint's
// tests: the names exitlint knows, with no behaviour.
package kong

import (
	"errors"
	"fmt"
	"os"
)

// Kong is a parser built from a grammar struct.
type Kong struct {
	// Exit is called to end the process (os.Exit unless an option sets
	// another).
	Exit func(int)
}

// Context is a parse's result.
type Context struct {
	*Kong
}

// ExitCoder is an error that gives the code FatalIfErrorf exits with.
type ExitCoder interface {
	ExitCode() int
}

// ParseError is the error Parse returns.
type ParseError struct {
	error
	exitCode int
}

// ExitCode is the code kong exits with for the parse error.
func (p *ParseError) ExitCode() int {
	if p.exitCode == 0 {
		return 1
	}
	return p.exitCode
}

// Errorf prints a message.
func (k *Kong) Errorf(format string, args ...any) *Kong {
	fmt.Fprintf(os.Stderr, format+"\n", args...)
	return k
}

// Fatalf prints a message and exits with 1.
func (k *Kong) Fatalf(format string, args ...any) {
	k.Errorf(format, args...)
	k.Exit(1)
}

// FatalIfErrorf prints err and exits when it is not nil: with its
// ExitCode() when it has one, else with 1.
func (k *Kong) FatalIfErrorf(err error, args ...any) {
	if err == nil {
		return
	}
	k.Errorf("%s", err)
	var e ExitCoder
	if errors.As(err, &e) {
		k.Exit(e.ExitCode())
		return
	}
	k.Exit(1)
}

// Option configures a parser.
type Option interface{ apply(*Kong) error }

// OptionFunc is an Option.
type OptionFunc func(*Kong) error

func (f OptionFunc) apply(k *Kong) error { return f(k) }

// Vars are interpolated into the grammar's tags.
type Vars map[string]string

func (Vars) apply(*Kong) error { return nil }

// ConfigurationLoader reads a configuration file.
type ConfigurationLoader func(r any) (any, error)

// New builds a parser from the grammar and the options.
func New(grammar any, options ...Option) (*Kong, error) {
	k := &Kong{Exit: os.Exit}
	for _, o := range options {
		if err := o.apply(k); err != nil {
			return nil, err
		}
	}
	if grammar == nil {
		return nil, errors.New("kong: no grammar")
	}
	return k, nil
}

// Parse parses args.
func (k *Kong) Parse(args []string) (*Context, error) {
	if len(args) > 0 && args[0] == "" {
		return nil, &ParseError{error: errors.New("empty argument"), exitCode: 80}
	}
	return &Context{Kong: k}, nil
}

// Name sets the program's name.
func Name(name string) Option { return OptionFunc(func(*Kong) error { return nil }) }

// Description sets the program's description.
func Description(d string) Option { return OptionFunc(func(*Kong) error { return nil }) }

// Exit sets the function called to exit.
func Exit(f func(int)) Option { return OptionFunc(func(*Kong) error { return nil }) }

// Configuration loads defaults from configuration files, when New runs.
func Configuration(loader ConfigurationLoader, paths ...string) Option {
	return OptionFunc(func(*Kong) error { return nil })
}

// JSON is a ConfigurationLoader.
func JSON(r any) (any, error) { return nil, nil }

// Command returns the command the command line names ("get <id>").
func (c *Context) Command() string { return "" }

// PrintUsage writes the help to the parser's stdout (os.Stdout unless an
// option sets another): its error is the write's.
func (c *Context) PrintUsage(summary bool) error {
	_, err := fmt.Fprintln(os.Stdout, "usage")
	return err
}

// Run calls the Run method of the command the command line names, and
// returns its error.
func (c *Context) Run(binds ...any) error {
	if c.Kong == nil {
		return errors.New("no command")
	}
	return nil
}

// Parse parses the command line into cli.
func Parse(cli any) *Context {
	k, err := New(cli)
	if err != nil {
		panic(err)
	}
	ctx, err := k.Parse(os.Args[1:])
	k.FatalIfErrorf(err)
	return ctx
}
