// Package pflag is a stand-in for the library of that name: the flag set
// cobra's commands hold.
package pflag

import "errors"

// FlagSet holds a command's flags.
type FlagSet struct {
	strings map[string]*string
	bools   map[string]*bool
}

// StringVar binds p to the flag name.
func (f *FlagSet) StringVar(p *string, name, value, usage string) {
	*p = value
	if f.strings == nil {
		f.strings = map[string]*string{}
	}
	f.strings[name] = p
}

// BoolVar binds p to the flag name.
func (f *FlagSet) BoolVar(p *bool, name string, value bool, usage string) {
	*p = value
	if f.bools == nil {
		f.bools = map[string]*bool{}
	}
	f.bools[name] = p
}

// String defines a flag.
func (f *FlagSet) String(name, value, usage string) *string {
	p := new(string)
	f.StringVar(p, name, value, usage)
	return p
}

// GetString returns the flag's value; like the library, it fails for a
// name no string flag of the set has.
func (f *FlagSet) GetString(name string) (string, error) {
	if p := f.strings[name]; p != nil {
		return *p, nil
	}
	return "", errors.New("flag accessed but not defined: " + name)
}

// GetBool returns the flag's value, or fails as GetString does.
func (f *FlagSet) GetBool(name string) (bool, error) {
	if p := f.bools[name]; p != nil {
		return *p, nil
	}
	return false, errors.New("flag accessed but not defined: " + name)
}

// Parse parses the command line's arguments: its failure is the caller's.
func (f *FlagSet) Parse(arguments []string) error {
	for _, a := range arguments {
		if len(a) > 1 && a[0] == '-' && f.bools[a[1:]] == nil && f.strings[a[1:]] == nil {
			return errors.New("unknown flag: " + a)
		}
	}
	return nil
}

// BoolVarP binds p to the flag name, with a one-letter shorthand.
func (f *FlagSet) BoolVarP(p *bool, name, shorthand string, value bool, usage string) {
	f.BoolVar(p, name, value, usage)
}

// MarkHidden leaves the flag name out of the help.
func (f *FlagSet) MarkHidden(name string) error { return nil }

// ErrorHandling says what Parse does on a bad flag.
type ErrorHandling int

// The ways to handle a bad flag, as in the library.
const (
	ContinueOnError ErrorHandling = iota
	ExitOnError
	PanicOnError
)

// NewFlagSet returns an empty flag set that handles a bad flag as
// errorHandling says.
func NewFlagSet(name string, errorHandling ErrorHandling) *FlagSet {
	return &FlagSet{}
}

// Init sets the flag set's name and error handling.
func (f *FlagSet) Init(name string, errorHandling ErrorHandling) {}

// CommandLine is the process's flag set; like the library's, it exits on
// a bad flag.
var CommandLine = NewFlagSet("", ExitOnError)
