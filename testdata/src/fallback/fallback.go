package main

import (
	"errors"
	"fmt"
	"log"
	"os"
	"syscall"

	"example.com/dielib"
	"github.com/exitlint/exitlint/exitcode"
	"github.com/sirupsen/logrus"
	"github.com/spf13/cobra"
)

func run() error {
	if len(os.Args) > 2 {
		return errors.New("too many arguments")
	}
	return nil
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR \(1\), a catch-all that tells an agent nothing about what went wrong: exit with the code that fits, or map the error with exitcode.FromError\(err\)`
	}
}

func bad(err error, l *log.Logger, lr *logrus.Logger) {
	if len(os.Args) > 0 { syscall.Exit(1) }                                        // want `syscall.Exit\(1\) ends the process with GENERAL_ERROR`
	if len(os.Args) > 0 { exitcode.Exit(exitcode.GeneralError) }                   // want `exitcode.Exit\(exitcode.GeneralError\) ends the process with GENERAL_ERROR`
	if len(os.Args) > 0 { exitcode.Exit(1) }                                       // want `exitcode.Exit\(1\) ends the process`
	if len(os.Args) > 0 { os.Exit(int(exitcode.GeneralError)) }                    // want `os.Exit\(int\(exitcode.GeneralError\)\) ends the process`
	if len(os.Args) > 0 { log.Fatal(err) }                                         // want `log.Fatal ends the process with GENERAL_ERROR \(1\), a catch-all that tells an agent nothing about what went wrong: report the error`
	if len(os.Args) > 0 { log.Fatalf("failed: %v", err) }                          // want `log.Fatalf ends the process`
	if len(os.Args) > 0 { log.Fatalln(err) }                                       // want `log.Fatalln ends the process`
	if len(os.Args) > 0 { l.Fatal(err) }                                           // want `log.Logger.Fatal ends the process`
	if len(os.Args) > 0 { l.Fatalf("failed: %v", err) }                            // want `log.Logger.Fatalf ends the process`
	if len(os.Args) > 0 { cobra.CheckErr(err) }                                    // want `cobra.CheckErr ends the process with GENERAL_ERROR`
	if len(os.Args) > 0 { logrus.Fatal(err) }                                      // want `logrus.Fatal ends the process`
	if len(os.Args) > 0 { lr.Fatalf("failed: %v", err) }                           // want `logrus.Logger.Fatalf ends the process`
	if len(os.Args) > 0 { dielib.Must(err) }                                       // want `dielib.Must may end the process with GENERAL_ERROR \(1\) \(via os.Exit\(1\)\), a catch-all that tells an agent nothing about what went wrong: handle the error here`
	if len(os.Args) > 0 { dielib.Die("failed") }                                   // want `dielib.Die may end the process with GENERAL_ERROR \(1\) \(via fatal → os.Exit\(1\)\)`
	go func() { os.Exit(1) }()                             // want `os.Exit\(1\) ends the process`
	defer log.Fatal("deferred")                            // want `log.Fatal ends the process`
	cmd := func() { exitcode.Exit(exitcode.GeneralError) } // want `exitcode.Exit\(exitcode.GeneralError\) ends`
	if len(os.Args) > 0 { cmd() }
}

// die is this module's own helper: the exit is reported here, not at its
// callers.
func die(msg string) {
	fmt.Fprintln(os.Stderr, msg)
	os.Exit(1) // want `os.Exit\(1\) ends the process`
}

// exiter has a method named Exit that is no process exit.
type exiter struct{}

func (exiter) Exit(code int) {}

// codeHelper passes the code to a helper that exits with its parameter.
func codeHelper() {
	dielib.ExitWith(1) // want `exit code 1 is GENERAL_ERROR, a catch-all that tells an agent nothing about what went wrong \(it becomes the exit code: dielib.ExitWith exits with it\)`
	dielib.ExitWith(5) // a specific code (barecode reports it bare)
}

// mustParse calls a library's exit helper that returns a value.
func mustParse(err error) string {
	return dielib.MustParse("x", err) // want `dielib.MustParse may end the process with GENERAL_ERROR \(1\)`
}

func good(err error, code exitcode.Code, n int, lr *logrus.Logger) {
	if len(os.Args) > 0 { die("own helper") }                      // reported inside die
	if len(os.Args) > 0 { exitcode.Exit(exitcode.FromError(err)) } // mapped
	if len(os.Args) > 0 { exitcode.Exit(code) }                    // computed
	if len(os.Args) > 0 { os.Exit(int(code)) }                     // computed
	if len(os.Args) > 0 { os.Exit(n) }                             // computed
	if len(os.Args) > 0 { exitcode.Exit(exitcode.ArgError) }       // a specific code
	if len(os.Args) > 0 { dielib.Usage() }                         // exits with 2
	_ = dielib.Fetch()                     // exits only in another package below it
	_ = dielib.Convert(nil, nil)           // reports failure through its error; its exit is an assertion
	if len(os.Args) > 0 { dielib.Mixed(err) }                      // exits with 0 or 1
	_ = dielib.Render()                    // computes a value: its exit is its own internal failure
	if len(os.Args) > 0 { dielib.Quit() }                          // want `dielib.Quit may end the process with GENERAL_ERROR \(1\) \(via os.Exit\(1\)\)`
	if len(os.Args) > 0 { log.Print(err) }
	if len(os.Args) > 0 { log.Panic(err) }
	if len(os.Args) > 0 { lr.Info("fine") }
	if len(os.Args) > 0 { logrus.Info("fine") }
	exiter{}.Exit(1) // an unrelated method named Exit
	var x exiter
	x.Exit(1)
	fmt.Println("exitcode.Exit(1) in a string is no exit")
}

// classify maps errors to codes; GENERAL_ERROR is its last branch.
func classify(err error, timeout bool) {
	switch {
	case errors.Is(err, os.ErrNotExist):
		exitcode.Exit(exitcode.NotFound)
	case errors.Is(err, os.ErrPermission):
		exitcode.Exit(exitcode.PermissionDenied)
	default:
		exitcode.Exit(exitcode.GeneralError)
	}

	if errors.Is(err, os.ErrNotExist) {
		os.Exit(int(exitcode.NotFound))
	} else if timeout {
		exitcode.Exit(exitcode.Timeout)
	} else {
		os.Exit(1)
	}

	if errors.Is(err, os.ErrDeadlineExceeded) {
		exitcode.Exit(exitcode.Timeout)
	}
	log.Fatal(err)
}

// notClassification has no branch with another code.
func notClassification(err error, verbose bool) {
	switch {
	case verbose:
		log.Fatal(err) // want `log.Fatal ends the process`
	default:
		os.Exit(1) // want `os.Exit\(1\) ends the process`
	}
	if verbose {
		fmt.Println(err)
	}
	os.Exit(1) // want `os.Exit\(1\) ends the process`
}

// firstBranch: exiting with 1 before the specific branches is no fallback.
func firstBranch(err error) {
	if err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process`
	} else {
		exitcode.Exit(exitcode.Success)
	}
}

// handler returns an error: its advice is to return the error.
func handler(path string) error {
	if _, err := os.Stat(path); err != nil {
		log.Fatalf("stat: %v", err) // want `log.Fatalf ends the process with GENERAL_ERROR \(1\), a catch-all that tells an agent nothing about what went wrong: return the error instead, so that the code is chosen in one place`
	}
	return nil
}
