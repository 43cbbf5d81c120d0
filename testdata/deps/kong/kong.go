// Package kong is a stand-in for github.com/alecthomas/kong: it parses a
// command line into a struct whose fields are its flags and commands.
package kong

// Context is the parsed command line.
type Context struct{}

// Run calls the Run method of the command the command line names.
func (c *Context) Run(binds ...any) error { return nil }

// Parse parses the command line into cli.
func Parse(cli any) *Context { return &Context{} }
