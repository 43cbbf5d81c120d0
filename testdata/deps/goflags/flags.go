// Package flags is a stand-in for github.com/jessevdk/go-flags: it parses
// a command line into a struct whose field tags name the flags.
package flags

// Parse fills data's fields from the command line.
func Parse(data any) ([]string, error) { return nil, nil }
