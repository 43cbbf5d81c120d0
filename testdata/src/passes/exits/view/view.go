// Package view calls lib's helpers and has helpers, code sites and tables
// of its own; the exitsview analyzer reports what the exits pass's result
// says of each.
package view // want `InView 1=true 2=true 3=true 4=true 5=true 6=true; Module "cases"`

import (
	"errors"
	"fmt"
	"log"
	"os"
	"runtime"
	"syscall"

	"github.com/exitlint/exitlint/exitcode"
	"github.com/spf13/cobra"

	"cases/passes/exits/dep"
	"cases/passes/exits/lib"
)

// Calls makes every kind of exiting call, one per line.
func Calls(err error, l *log.Logger, code int) { // want `Func Calls: codes computed,1,3,4,5 via os\.Exit\(3\) crossings 0 module "cases"; computed via os\.Exit\(…\); 1 via log\.Fatal; 4 via syscall\.Exit\(4\); 5 via os\.Exit\(5\)` `Code Calls: exits \[2\] returns \[\] sets \[\]`
	os.Exit(3)                       // want `Call exit os\.Exit code 3 arg 3` `NoReturn os\.Exit` `Site 3 via os\.Exit \[direct\]`
	os.Exit(int(exitcode.NotFound))  // want `Call exit os\.Exit code 5 arg int\(exitcode\.NotFound\)` `NoReturn os\.Exit` `Site int\(exitcode\.NotFound\) via os\.Exit \[direct\]`
	os.Exit(code)                    // want `Call exit os\.Exit code computed arg code` `NoReturn os\.Exit`
	exitcode.Exit(exitcode.ArgError) // want `Call exit github\.com/exitlint/exitlint/exitcode\.Exit code 3 arg exitcode\.ArgError` `NoReturn exitcode\.Exit` `Code exitcode\.Exit: exits \[0\] returns \[\] sets \[\]` `Site exitcode\.ArgError via exitcode\.Exit \[direct\]`
	syscall.Exit(4)                  // want `Call exit syscall\.Exit code 4 arg 4` `NoReturn syscall\.Exit` `Site 4 via syscall\.Exit \[direct\]`
	log.Fatal(err)                   // want `Call fatal log\.Fatal code 1` `NoReturn log\.Fatal`
	l.Fatalf("%v", err)              // want `Call fatal \(\*log\.Logger\)\.Fatalf code 1` `NoReturn log\.Logger\.Fatalf`
	cobra.CheckErr(err)              // want `Call fatal github\.com/spf13/cobra\.CheckErr code 1` `NoReturn cobra\.CheckErr`
	lib.Die("bye")                   // want `Call helper cases/passes/exits/lib\.Die code 1 \(codes 1 via os\.Exit\(1\) crossings 0 module "cases"\)`
	lib.Classify(err)                // want `Call helper cases/passes/exits/lib\.Classify code computed \(codes 1,5 via os\.Exit\(5\) crossings 0 module "cases"; 1 via os\.Exit\(1\); 5 via os\.Exit\(5\) if errors\.Is\(param 0, cases/passes/exits/lib\.ErrNotFound\) std=false\)`
	lib.ViaDep()                     // want `Call helper cases/passes/exits/lib\.ViaDep code 1 \(codes 1 via dep\.Die → os\.Exit\(1\) crossings 1 module "cases"\)`
	lib.ExitWith(code)               // want `Call helper cases/passes/exits/lib\.ExitWith code computed \(codes computed via os\.Exit\(…\) crossings 0 module "cases"\)` `Code lib\.ExitWith: exits \[0\] returns \[\] sets \[\]`
	runtime.Goexit()                 // want `NoReturn runtime\.Goexit`
	lib.Both(err, true)              // want `Call helper cases/passes/exits/lib\.Both code 5 \(codes 5 via os\.Exit\(5\) crossings 0 module "cases"; 5 via os\.Exit\(5\)\)$`
}

// LookAlikes end no process.
func LookAlikes(err error) {
	lib.T{}.Exit(1)
	lib.Literal()
	lib.Goexit()
	lib.Print(3)
	fmt.Println(3)
	lib.ViaSwapped()
	exit := lib.Mention()
	exit(3) // a call of a function value: not followed
	var t lib.T
	t.Exit(2)
	errors.Is(err, lib.ErrNotFound)
}

// Helper exits with 3 and 4 through lib, and with 7 itself.
func Helper(bad bool) { // want `Func Helper: codes 3,4,7 via lib\.Usage → exitcode\.Exit\(3\) crossings 0 module "cases"; 4 via lib\.Sys → syscall\.Exit\(4\); 7 via os\.Exit\(7\)`
	if bad {
		lib.Usage() // want `Call helper cases/passes/exits/lib\.Usage code 3 \(codes 3 via exitcode\.Exit\(3\) crossings 0 module "cases"\)`
	}
	lib.Sys()  // want `Call helper cases/passes/exits/lib\.Sys code 4 \(codes 4 via syscall\.Exit\(4\) crossings 0 module "cases"\)`
	os.Exit(7) // want `Call exit os\.Exit code 7 arg 7` `NoReturn os\.Exit` `Site 7 via os\.Exit \[direct\]`
}

// Deep reaches dep's exit through lib: two crossings.
func Deep() { // want `Func Deep: codes 1 via lib\.ViaDep → dep\.Die → os\.Exit\(1\) crossings 2 module "cases"`
	lib.ViaDep() // want `Call helper cases/passes/exits/lib\.ViaDep code 1 \(codes 1 via dep\.Die → os\.Exit\(1\) crossings 1 module "cases"\)`
}

// Mixed reaches an exit in its own package first, then one in dep: its
// shortest path crosses none.
func Mixed() { // want `Func Mixed: codes 1,3,4,7 via Deep → lib\.ViaDep → dep\.Die → os\.Exit\(1\) crossings 0 module "cases"; 3 via Helper → lib\.Usage → exitcode\.Exit\(3\); 4 via Helper → lib\.Sys → syscall\.Exit\(4\); 7 via Helper → os\.Exit\(7\)`
	Deep()        // want `Call helper cases/passes/exits/view\.Deep code 1 \(codes 1 via lib\.ViaDep → dep\.Die → os\.Exit\(1\) crossings 2 module "cases"\)`
	Helper(false) // want `Call helper cases/passes/exits/view\.Helper code computed \(codes 3,4,7 via lib\.Usage → exitcode\.Exit\(3\) crossings 0 module "cases"; 4 via lib\.Sys → syscall\.Exit\(4\); 7 via os\.Exit\(7\)\)`
}

var errUsage = errors.New("usage")

// Guarded exits with 5 only for errUsage, with 1 for anything else.
func Guarded(err error) { // want `Func Guarded: codes 1,5,6 via os\.Exit\(5\) crossings 0 module "cases"; 1 via os\.Exit\(1\); 5 via os\.Exit\(5\) if errors\.Is\(param 0, cases/passes/exits/view\.errUsage\) std=false; 6 via os\.Exit\(6\) if errors\.Is\(param 0, os\.ErrNotExist\) std=true`
	switch {
	case errors.Is(err, errUsage):
		os.Exit(5) // want `Call exit os\.Exit code 5 arg 5` `NoReturn os\.Exit` `Site 5 via os\.Exit \[direct\]`
	case errors.Is(err, os.ErrNotExist):
		os.Exit(6) // want `Call exit os\.Exit code 6 arg 6` `NoReturn os\.Exit` `Site 6 via os\.Exit \[direct\]`
	}
	os.Exit(1) // want `Call exit os\.Exit code 1 arg 1` `NoReturn os\.Exit` `Site 1 via os\.Exit \[direct\]`
}

// Sets stores its parameter as the exit status; Run exits with it.
func Sets(n int) { // want `Code Sets: exits \[\] returns \[\] sets \[0\]`
	status = n
}

var status int // want `IsStatus status`

func Run() { // want `Func Run: codes computed via os\.Exit\(…\) crossings 0 module "cases"`
	status = 9      // want `Site 9 via status → os\.Exit \[\]`
	Sets(10)        // want `Site 10 via Sets sets the exit status to it \[\]`
	os.Exit(status) // want `Call exit os\.Exit code computed arg status` `NoReturn os\.Exit`
}

// notStatus is an integer no exit passes on.
var notStatus int

func Count() { notStatus = 11 }

// seam holds os.Exit; no code assigns it.
var seam = os.Exit // want `ExitVar seam holds os\.Exit`

// Seams calls through seams: its own, dep's, and lib's helper that does.
func Seams() { // want `Func Seams: codes 2,6,12 via os\.Exit\(12\) crossings 0 module "cases"; 2 via lib\.ViaSeam → os\.Exit\(2\); 6 via os\.Exit\(6\)`
	seam(12)      // want `Call exit os\.Exit code 12 arg 12` `Site 12 via os\.Exit \[direct\]`
	dep.OsExit(6) // want `Call exit os\.Exit code 6 arg 6` `Site 6 via os\.Exit \[direct\]`
	lib.ViaSeam() // want `Call helper cases/passes/exits/lib\.ViaSeam code 2 \(codes 2 via os\.Exit\(2\) crossings 0 module "cases"\)`
}

// main exits with run's result: run's constants are code sites.
func main() { // want `Func main: codes computed via os\.Exit\(…\) crossings 0 module "cases"`
	if len(os.Args) > 3 {
		os.Exit(runNamed()) // want `Call exit os\.Exit code computed arg runNamed\(\)` `NoReturn os\.Exit`
	}
	os.Exit(run()) // want `Call exit os\.Exit code computed arg run\(\)` `NoReturn os\.Exit`
}

// runNamed returns its named result bare: what it assigns there is the
// code, returned by a statement elsewhere.
func runNamed() (code int) {
	code = 15 // want `Site 15 via runNamed's result → os\.Exit \[return elsewhere\]`
	return
}

func run() int {
	if len(os.Args) > 1 {
		return exitBad // want `Site exitBad via run's result → os\.Exit \[return\]`
	}
	lib.SetExitStatus(13)     // want `Code lib\.SetExitStatus: exits \[\] returns \[\] sets \[0\]` `Site 13 via lib\.SetExitStatus sets the exit status to it \[\]`
	return lib.Report(nil, 0) // want `Code lib\.Report: exits \[\] returns \[1\] sets \[\]` `Site 0 via run's result → os\.Exit \[return\]`
}

// codeOf is no exit code's source: its result goes nowhere near an exit.
func codeOf() int { return 14 }

// The table of view: exitBad reaches os.Exit through run's result, and its
// block's siblings are named for exit codes too.
const (
	exitOK  = 0 // want `Table 0 member exitOK = 0 \(exitBad reaches run's result → os\.Exit\)`
	exitBad = 8 // want `Table 0 member exitBad = 8 \(exitBad reaches run's result → os\.Exit\)`
)

// uses refers to lib's tables: checked where lib declares them.
func uses() []int { return []int{lib.CodeUsage, lib.ExitBad, lib.MaxRetries} } // want `Checked lib\.CodeUsage` `Checked lib\.ExitBad`
