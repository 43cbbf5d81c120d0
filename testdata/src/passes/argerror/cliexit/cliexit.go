// Package cliexit has no enum in view and gives urfave/cli the code 3.
package cliexit // want `Any=true`

import cli "github.com/urfave/cli/v2"

func Usage() error { // want `Func Usage: results \[0\] via Exit`
	return cli.Exit("bad flag", 3) // want `Carries: Exit` `Carrier ExitCoder`
}

func Gone() error {
	return cli.Exit("gone", 4) // want `Carrier ExitCoder`
}
