// Package main exits with codes that helpers return beside an error. A
// caller that tests the error first, and leaves when it is not nil, exits
// with the helper's code only when the error is nil: the codes returned
// beside a non-nil error never reach the exit (errorGated).
package main

import (
	"errors"
	"fmt"
	"os"
)

func main() {
	switch len(os.Args) {
	case 1:
		os.Exit(run(os.Args[1:]))
	case 2:
		os.Exit(unchecked(os.Args[1:]))
	case 3:
		os.Exit(readInBranch(os.Args[1:]))
	}
	if len(os.Args) == 4 {
		os.Exit(exits(os.Args[1:]))
	}
	os.Exit(several(os.Args[1:]))
}

func run(args []string) int {
	code, err := refresh(args)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 4
	}
	return code
}

// refresh returns its code beside an error; run exits with it only when
// the error is nil.
func refresh(args []string) (int, error) {
	if len(args) == 0 {
		return 1, errors.New("no arguments")
	}
	if err := os.WriteFile(args[0], nil, 0o644); err != nil {
		return 1, err
	}
	if len(args) > 3 {
		return 1, nil // want `exit code 1 is GENERAL_ERROR, a catch-all .*refresh's result → run's result → os.Exit`
	}
	return 0, nil
}

// unchecked exits with the code whatever the error is.
func unchecked(args []string) int {
	code, err := probe(args)
	fmt.Println(err)
	return code
}

func probe(args []string) (int, error) {
	if len(args) == 0 {
		return 1, errors.New("no arguments") // want `exit code 1 is GENERAL_ERROR, a catch-all`
	}
	return 0, nil
}

// readInBranch exits with the code in the branch that tests the error.
func readInBranch(args []string) int {
	code, err := lookup(args)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return code
	}
	return 0
}

func lookup(args []string) (int, error) {
	if len(args) == 0 {
		return 1, fmt.Errorf("no arguments") // want `exit code 1 is GENERAL_ERROR, a catch-all`
	}
	return 0, nil
}

// exits leaves the error branch through os.Exit.
func exits(args []string) int {
	code, err := refresh(args)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(4)
	}
	return code
}

// several returns the code of a call of several results, tested as run
// does: the error beside the 1 is a variable the enclosing if tests.
func several(args []string) int {
	out, code, err := render(args)
	if err != nil {
		return 4
	}
	fmt.Println(out)
	return code
}

func render(args []string) (string, int, error) {
	out, err := format(args)
	if err != nil {
		return "", 1, err
	}
	return out, 0, nil
}

func format(args []string) (string, error) {
	if len(args) == 0 {
		return "", errors.New("nothing to format")
	}
	return args[0], nil
}
