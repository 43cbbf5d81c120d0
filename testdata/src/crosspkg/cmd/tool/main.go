// Command tool exits with the codes package cli and package errs choose.
package main

import (
	"errors"
	"fmt"
	"os"

	"cases/crosspkg/big"
	"cases/crosspkg/cli"
	"cases/crosspkg/clierr"
	"cases/crosspkg/cmds"
	"cases/crosspkg/errs"
)

func main() {
	if len(os.Args) > 9 {
		os.Exit(big.Code(len(os.Args)))
	}
	if len(os.Args) > 5 {
		n, _ := cli.ToInt(os.Args[5])
		os.Exit(n)
	}
	fmt.Println(cli.Count())
	var c errs.Coded
	if err := check(); errors.As(err, &c) {
		os.Exit(c.Code())
	}
	if err := check(); err != nil {
		os.Exit(cli.Report(err))
	}
	if len(os.Args) == 4 {
		os.Exit(cli.Fail(check()))
	}
	if err := cmds.Get(os.Args[1]); err != nil {
		var ee *clierr.ExitError
		if errors.As(err, &ee) {
			os.Exit(ee.Code)
		}
	}
	if err := cmds.APIError(len(os.Args), os.Args[1]); err != nil && len(os.Args) > 7 {
		var ee *clierr.ExitError
		if errors.As(err, &ee) {
			os.Exit(ee.Code)
		}
	}
	if err := cmds.Put(os.Args[1]); err != nil {
		os.Exit(cmds.ExitCodeFor(err))
	}
	if err := check(); err != nil {
		if s, ok := err.(interface{ Status() int }); ok {
			os.Exit(s.Status())
		}
	}
	if _, code, err := cli.Fetch(os.Args[1]); err != nil {
		os.Exit(code)
	}
	if _, code, err := cli.Remove(os.Args[1]); err != nil {
		os.Exit(code)
	}
	os.Exit(cli.Main(os.Args))
}

func check() error { return nil }
