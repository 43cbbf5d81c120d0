// Package childstatus keeps a child process's status in its error: a
// function named for exit codes that maps an error to that status, and
// whose result reaches no exit, is no exit-code function of the program.
package childstatus

import (
	"errors"
	"os"
	"os/exec"
)

type gitError struct{ ExitCode int }

func (e *gitError) Error() string { return "git failed" }

func runGit(args ...string) error {
	if err := exec.Command("git", args...).Run(); err != nil {
		code := -1
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			code = ee.ExitCode()
		}
		return &gitError{ExitCode: code}
	}
	return nil
}

// gitExitCode is git's status, compared with git's own 1.
func gitExitCode(err error) int {
	var ge *gitError
	if errors.As(err, &ge) {
		return ge.ExitCode
	}
	return -1
}

func Merge() bool { return gitExitCode(runGit("merge")) == 1 }

// exitCodeOf maps an error to this program's code: its result reaches the
// exit, so its constants are codes.
func exitCodeOf(err error) int {
	if err != nil {
		return 7 // want `exit code 7 written as a bare integer`
	}
	return 0
}

func Main() { os.Exit(exitCodeOf(runGit("status"))) }
