// Package dispatch: the cases of a dispatch never run in one invocation. An
// ARG_ERROR that comes from one case is emitted after the side effects of
// that case's path only, not after those of another case.
package dispatch

import (
	"os"

	"github.com/exitlint/exitlint/exitcode"
)

// seed may return ARG_ERROR before or after its write: the late one is
// reported here, in seed.
func seed(args []string) error {
	if len(args) == 0 {
		return exitcode.New(exitcode.ArgError, "NO_FILE", "seed needs a file")
	}
	if err := os.WriteFile(args[0], nil, 0o644); err != nil {
		return err
	}
	if len(args) > 1 {
		return exitcode.New(exitcode.ArgError, "TOO_MANY", "seed takes one file") // want `ARG_ERROR returned \(exitcode.New\) after a side effect: os.WriteFile writes a file`
	}
	return nil
}

// seedChecked writes, but returns ARG_ERROR only before its write.
func seedChecked(args []string) error {
	if len(args) != 1 {
		return exitcode.New(exitcode.ArgError, "ONE_FILE", "seed-checked takes one file")
	}
	return os.WriteFile(args[0], nil, 0o644)
}

// put writes and returns no ARG_ERROR.
func put(args []string) error {
	return os.WriteFile(args[0], nil, 0o644)
}

// validate writes nothing.
func validate(args []string) error {
	if len(args) == 0 {
		return exitcode.New(exitcode.ArgError, "NO_ARGS", "nothing to check")
	}
	return nil
}

// run dispatches on the command: each case's ARG_ERROR follows nothing of
// the other cases.
func run() {
	var runErr error
	switch os.Args[1] {
	case "seed":
		runErr = seed(os.Args[2:])
	case "seed-checked":
		runErr = seedChecked(os.Args[2:])
	case "put":
		runErr = put(os.Args[2:])
	case "check":
		runErr = validate(os.Args[2:])
	}
	exitcode.Exit(exitcode.FromError(runErr))
}

// putThenCheck validates after the write, on the same path.
func putThenCheck() {
	runErr := put(os.Args[2:])
	if runErr == nil {
		runErr = validate(os.Args[3:])
	}
	exitcode.Exit(exitcode.FromError(runErr)) // want `ARG_ERROR emitted by exitcode.Exit \(exitcode.FromError of dispatch.validate\) after a side effect: dispatch.put → os.WriteFile writes a file`
}

// checkedBeforeWrite: the ARG_ERROR is chosen before the write and
// returned after it.
func checkedBeforeWrite(args []string) error {
	err := validate(args)
	if werr := put(args); werr != nil {
		return werr
	}
	return err // want `ARG_ERROR returned \(dispatch.validate\) after a side effect: dispatch.put → os.WriteFile writes a file`
}

// codes: a constant chosen in one case, a write in another.
func codes() {
	code := 0
	switch os.Args[1] {
	case "put":
		if err := put(os.Args[2:]); err != nil {
			code = 1
		}
	case "help":
	default:
		code = 3
	}
	os.Exit(code)
}

// codesAfterWrite: the constant is chosen after the write, on its path.
func codesAfterWrite() {
	code := 0
	switch os.Args[1] {
	case "put":
		if err := put(os.Args[2:]); err != nil {
			code = 1
		}
		if len(os.Args) > 3 {
			code = 3
		}
	case "help":
	}
	os.Exit(code) // want `ARG_ERROR emitted by os.Exit after a side effect: dispatch.put → os.WriteFile writes a file`
}

// checkName writes nothing.
func checkName(args []string) error {
	if len(args) == 0 {
		return exitcode.New(exitcode.ArgError, "NO_NAME", "a name is needed")
	}
	return nil
}

// named: the message names the ARG_ERROR that follows the write, not the
// other case's.
func named() {
	var runErr error
	switch os.Args[1] {
	case "check":
		runErr = validate(os.Args[2:])
	case "put":
		if runErr = put(os.Args[2:]); runErr == nil {
			runErr = checkName(os.Args[3:])
		}
	}
	exitcode.Exit(exitcode.FromError(runErr)) // want `ARG_ERROR emitted by exitcode.Exit \(exitcode.FromError of dispatch.checkName\) after a side effect: dispatch.put → os.WriteFile writes a file`
}
