// Package kong is a stub of github.com/alecthomas/kong for exitlint's
// tests: the names exitlint knows, with no behaviour.
package kong

import "errors"

// Kong is a parser built from a grammar struct.
type Kong struct{}

// Context is a parse's result.
type Context struct{}

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
	k := &Kong{}
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
func (k *Kong) Parse(args []string) (*Context, error) { return &Context{}, nil }

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

// Run calls the Run method of the command the command line names.
func (c *Context) Run(binds ...any) error { return nil }

// Parse parses the command line into cli.
func Parse(cli any) *Context { return &Context{} }
