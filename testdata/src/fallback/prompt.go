package main

import (
	"errors"
	"fmt"
	"io"
	"log"
	"os"

	"github.com/AlecAivazis/survey/v2"
	"github.com/AlecAivazis/survey/v2/terminal"
	"github.com/charmbracelet/huh"
)

// Only a person at a terminal aborts a prompt: the code that runs when a
// prompt library says so is seen by nobody an exit code would guide.

func loginForm() {
	if err := huh.NewForm().Run(); err != nil {
		if err == huh.ErrUserAborted {
			fmt.Fprintln(os.Stderr, "cancelled")
			os.Exit(1)
		}
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
}

func askName() {
	var name string
	err := survey.AskOne("name?", &name)
	if errors.Is(err, terminal.InterruptErr) {
		log.Fatal("interrupted")
	}
	switch {
	case errors.Is(err, huh.ErrUserAborted), err == terminal.InterruptErr:
		os.Exit(1)
	case err != nil:
		log.Fatal(err) // want `log.Fatal ends the process with GENERAL_ERROR`
	}
}

// promptCode returns the exit code of a prompt: main exits with it.
func promptCode() int {
	if err := huh.NewForm().Run(); err != nil {
		if errors.Is(err, huh.ErrUserAborted) {
			return 1
		}
		return 1 // want `exit code 1 is GENERAL_ERROR`
	}
	return 0
}

func exitWithPrompt() {
	os.Exit(promptCode())
}

// Look-alikes that stay reported.

func timedOut() {
	if err := huh.NewForm().Run(); errors.Is(err, huh.ErrTimeout) {
		// A form that times out ran without anyone answering it: an agent
		// without a terminal meets this.
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
}

func abortedOrClosed(err error) {
	// io.EOF is also a closed stdin, which an agent's run has.
	if errors.Is(err, huh.ErrUserAborted) || errors.Is(err, io.EOF) {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
	if err != huh.ErrUserAborted {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
}
