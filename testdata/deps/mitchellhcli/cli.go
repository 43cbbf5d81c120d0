// Package cli is a stand-in for mitchellh/cli: commands return their exit
// status, and CLI.Run returns the chosen command's.
package cli

// Command is a subcommand.
type Command interface {
	Help() string
	Run(args []string) int
	Synopsis() string
}

// CommandFactory makes a command.
type CommandFactory func() (Command, error)

// CLI dispatches to commands.
type CLI struct {
	Args     []string
	Commands map[string]CommandFactory
}

// Run runs the command the arguments name and returns its exit status.
func (c *CLI) Run() (int, error) {
	f, ok := c.Commands[c.Args[0]]
	if !ok {
		return 127, nil
	}
	cmd, err := f()
	if err != nil {
		return 1, err
	}
	return cmd.Run(c.Args[1:]), nil
}
