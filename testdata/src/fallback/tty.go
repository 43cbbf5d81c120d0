package main

import (
	"fmt"
	"log"
	"os"

	"golang.org/x/term"
)

// An agent runs a command with its streams redirected, never at a
// terminal: an exit that runs only when a standard stream is a terminal is
// read by a person. Beside each, the look-alike an agent does meet.

func confirmAtTerminal(answer string) {
	if term.IsTerminal(int(os.Stdin.Fd())) {
		if answer != "y" {
			fmt.Fprintln(os.Stderr, "aborted")
			os.Exit(1)
		}
	}
}

func refuseOffTerminal() {
	if !term.IsTerminal(int(os.Stdin.Fd())) {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
	var answer string
	if _, err := fmt.Scanln(&answer); err != nil {
		log.Fatal(err)
	}
}

func promptOrFlag(interactive bool, answer string) {
	if interactive || term.IsTerminal(int(os.Stdin.Fd())) {
		if answer != "y" {
			os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
		}
	}
}

func stdinIsTTY() bool { return term.IsTerminal(int(os.Stdin.Fd())) }

// ttyCode returns the exit code main exits with.
func ttyCode(answer string) int {
	if !stdinIsTTY() {
		return 0
	}
	if answer != "y" {
		return 1
	}
	return 0
}

// flagCode is the look-alike: a flag reaches the same return.
func flagCode(yes bool, answer string) int {
	if !yes && !stdinIsTTY() {
		return 0
	}
	if answer != "y" {
		return 1 // want `exit code 1 is GENERAL_ERROR`
	}
	return 0
}

func exitWithTTYCode() { os.Exit(ttyCode("n")) }

func exitWithFlagCode() { os.Exit(flagCode(false, "n")) }
