// Package tools holds the product's tools (an agent CLI's MCP tools, say):
// under a directory named tools, but imported by the product's main.
package tools

import (
	"errors"
	"os"
)

// Run runs a tool.
func Run() error {
	if len(os.Args) > 3 {
		os.Exit(1)
	}
	if len(os.Args) > 2 {
		return errors.New("too many arguments")
	}
	return nil
}
