// Package exit keeps the program's codes for the framework's errors: a
// package named for exits whose function carries the code it is given, so
// its constants are a table, checked here rather than at every use.
package exit

import "github.com/urfave/cli/v2"

const (
	OK      = iota
	Unknown // 1
	Usage   // want `exit code Usage is 2, which the contract calls PARTIAL_FAILURE; ARG_ERROR is 3`
	Aborted // want `exit code Aborted is 3, which an agent reads as ARG_ERROR \(.*\), and its name does not say so`
)

// Error builds the framework's error for a code.
func Error(code int, msg string) error { return cli.Exit(msg, code) }
