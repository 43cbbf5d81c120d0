// Package main keeps its exit status in a variable that main's exit
// passes on: setting it to 3 after a write emits ARG_ERROR.
package main

import (
	"errors"
	"os"

	"cases/barecode/tables/status/base"
)

var exitStatus int

func setStatus(n int) {
	if n > exitStatus {
		exitStatus = n
	}
}

func encrypt(args []string) error {
	out, err := os.Create(args[1])
	if err != nil {
		setStatus(1)
		return err
	}
	defer out.Close()
	if len(args) > 2 {
		setStatus(3) // want `ARG_ERROR emitted by main.setStatus \(it sets the exit status the process ends with\) after a side effect: os.Create creates a file`
		return errors.New("too many arguments")
	}
	return nil
}

func decrypt(args []string) error {
	if err := os.Remove(args[0] + ".enc"); err != nil {
		exitStatus = 1
		return err
	}
	if len(args) > 2 {
		exitStatus = 3 // want `ARG_ERROR stored in the exit status exitStatus after a side effect: os.Remove removes a file`
		return errors.New("too many arguments")
	}
	return nil
}

func viaBase(args []string) error {
	if err := os.WriteFile(args[0], nil, 0o644); err != nil {
		base.SetExitStatus(1)
		return err
	}
	if len(args) > 2 {
		base.SetExitStatus(3) // want `ARG_ERROR emitted by base.SetExitStatus \(it sets the exit status the process ends with\) after a side effect: os.WriteFile writes a file`
	}
	return nil
}

// validateFirst sets 3 before any write.
func validateFirst(args []string) error {
	if len(args) > 2 {
		setStatus(3)
		return errors.New("too many arguments")
	}
	return os.WriteFile(args[0], nil, 0o644)
}

func main() {
	_ = encrypt(os.Args)
	_ = decrypt(os.Args)
	_ = viaBase(os.Args)
	_ = validateFirst(os.Args)
	os.Exit(exitStatus)
}
