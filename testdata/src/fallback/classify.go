package main

import (
	"errors"
	"os"

	"example.com/dielib"
)

// errNoRepo is a failure the program knows.
var errNoRepo = errors.New("no repository")

// assignClassified classifies by assignment: 1 is the initial value that
// the classification overwrites for the errors it knows.
func assignClassified(err error) {
	code := 1
	switch {
	case errors.Is(err, os.ErrNotExist):
		code = 5
	case errors.Is(err, errNoRepo):
		code = 10
	}
	os.Exit(code)
}

// assignDefault is the same switch with the 1 in its default.
func assignDefault(err error) {
	var code int
	switch {
	case err == nil:
		code = 0
	case errors.Is(err, errNoRepo):
		code = 10
	default:
		code = 1
	}
	os.Exit(code)
}

// assignUnclassified gives 1 with no specific branch: a catch-all.
func assignUnclassified(err error, verbose bool) {
	code := 1 // want `exit code 1 is GENERAL_ERROR`
	if verbose {
		code = 0
	}
	os.Exit(code)
}

// codeError carries its own code.
type codeError struct{ code int }

func (e *codeError) Error() string { return "coded" }

// passOn exits with the code an error carries and keeps 1 for the rest: the
// exit form of a classification, as the return form is.
func passOn(err error) {
	var ce *codeError
	if errors.As(err, &ce) {
		os.Exit(ce.code)
	}
	os.Exit(1)
}

// unrelatedBefore: an earlier check of another value makes no
// classification of err.
func unrelatedBefore(version string, err error) {
	if version == "" {
		os.Exit(3)
	}
	dielib.Must(err) // want `dielib.Must may end the process with GENERAL_ERROR`
}

// modeBefore: a branch on a mode or an option classifies no failure: the
// 1 after it is a catch-all.
func modeBefore(jsonMode bool) {
	if jsonMode {
		os.Exit(5)
	}
	os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
}

// emit returns the code it is given, after printing.
func emit(msg string, code int) int { println(msg); return code }

// emitOne: a computed code that is a 1 through a helper makes no branch of
// a classification.
func emitOne(err error, jsonMode bool) {
	if err != nil {
		if jsonMode {
			os.Exit(emit("failed", 1)) // want `exit code 1 is GENERAL_ERROR`
		}
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
}

// conflictError is a conflict the program knows.
type conflictError struct{}

func (conflictError) Error() string { return "conflict" }

// printError classifies with a code the contract reserves (barecode
// reports the 20): a classification all the same, whose 1 is its last
// resort.
func printError(err error) int {
	code := 1
	var c conflictError
	switch {
	case errors.As(err, &c):
		code = 20
	}
	return code
}

func mainPrint(err error) { os.Exit(printError(err)) }

// errorKind is the category of failure the program's errors carry, a
// type of its own with a constant for each category.
type errorKind string

const (
	kindInvalid  errorKind = "invalid_args"
	kindMissing  errorKind = "not_found"
	kindUpstream errorKind = "upstream"
)

// exitFor maps a failure's category to its exit code: a switch on the
// category classifies what went wrong, and its default is the last branch
// of that classification. The category it names and gives 1 is reported.
func exitFor(k errorKind) int {
	switch k {
	case kindInvalid:
		return 3
	case kindMissing:
		return 5
	case kindUpstream:
		return 1 // want `exit code 1 is GENERAL_ERROR`
	default:
		return 1
	}
}

// exitForFormat switches on an output format and does the work of each:
// no table of codes, and its 1 is a catch-all.
func exitForFormat(format string) int {
	switch format {
	case "json":
		os.Stdout.WriteString("{}")
		return 3
	case "yaml":
		os.Stdout.WriteString("---")
		return 5
	default:
		return 1 // want `exit code 1 is GENERAL_ERROR`
	}
}

// exitForMissing is a table of one specific code: too little to say the
// value it switches on is what went wrong.
func exitForMissing(k errorKind) int {
	switch k {
	case kindMissing:
		return 5
	default:
		return 1 // want `exit code 1 is GENERAL_ERROR`
	}
}

// kindError is the program's own error, carrying its category.
type kindError struct{ kind errorKind }

func (e *kindError) Error() string { return string(e.kind) }

// exitForError keeps the errors the program did not make out of its table
// first: the guard's 1 is the table's catch-all, written before it, as
// the default after it would be.
func exitForError(err error) int {
	var e *kindError
	if !errors.As(err, &e) {
		return 1
	}
	switch e.kind {
	case kindInvalid:
		return 3
	case kindMissing:
		return 5
	default:
		return 1
	}
}

// exitForAsserted is the same guard spelled as a type assertion.
func exitForAsserted(err error) int {
	e, ok := err.(*kindError)
	if !ok {
		return 1
	}
	switch e.kind {
	case kindInvalid:
		return 3
	case kindMissing:
		return 5
	}
	return 1
}

// exitForUnrelated guards, then classifies another value: the guard's 1
// is a catch-all.
func exitForUnrelated(err error, k errorKind) int {
	var e *kindError
	if !errors.As(err, &e) {
		return 1 // want `exit code 1 is GENERAL_ERROR`
	}
	switch k {
	case kindInvalid:
		return 3
	case kindMissing:
		return 5
	}
	return 1
}

// exitForUnclassified guards, and nothing classifies what it let through.
func exitForUnclassified(err error) int {
	var e *kindError
	if !errors.As(err, &e) {
		return 1 // want `exit code 1 is GENERAL_ERROR`
	}
	println(e.kind)
	return 4
}

func mainKinds() {
	if len(os.Args) > 3 {
		err := errors.New(os.Args[3])
		switch os.Args[4] {
		case "error":
			os.Exit(exitForError(err))
		case "asserted":
			os.Exit(exitForAsserted(err))
		case "unrelated":
			os.Exit(exitForUnrelated(err, kindInvalid))
		}
		os.Exit(exitForUnclassified(err))
	}
	if len(os.Args) > 1 {
		os.Exit(exitFor(errorKind(os.Args[1])))
	}
	if len(os.Args) > 2 {
		os.Exit(exitForMissing(errorKind(os.Args[2])))
	}
	os.Exit(exitForFormat(os.Args[0]))
}
