package barecode

import (
	"flag"
	"fmt"
	"os"
)

// An exit that follows a call that never returns never runs: the code an
// agent sees is the one the earlier call exits with. A usage function
// that exits itself, reached directly, through a local variable, or
// through the Usage field of a flag set the package made, ends the run
// before the exit after it. Beside each, a look-alike whose earlier call
// returns, so the exit after it runs.

func usageExits() {
	fmt.Fprintln(os.Stderr, "usage: tool CMD")
	os.Exit(2) // want `exit code 2 written as a bare integer`
}

func usagePrints() {
	fmt.Fprintln(os.Stderr, "usage: tool CMD")
}

func afterExitingUsage(args []string) {
	if len(args) == 0 {
		usageExits()
		os.Exit(2)
	}
	if len(args) == 1 {
		usagePrints()
		os.Exit(2) // want `exit code 2 written as a bare integer`
	}
}

// dieOrWarn returns when warn is set: a function that may return is no
// call that never returns.
func dieOrWarn(warn bool) {
	if warn {
		return
	}
	os.Exit(4) // want `exit code 4 written as a bare integer`
}

func afterMaybeReturning() {
	dieOrWarn(true)
	os.Exit(5) // want `exit code 5 written as a bare integer`
}

var subFlags *flag.FlagSet

func initSubFlags() {
	subFlags = flag.NewFlagSet("sub", flag.ContinueOnError)
	subFlags.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: tool sub [-v]")
		os.Exit(2) // want `exit code 2 written as a bare integer`
	}
}

func afterFieldUsage(args []string) {
	initSubFlags()
	if len(args) > 2 {
		subFlags.Usage()
		os.Exit(2)
	}
}

// looseFlags is handed to a function of another package, which may set
// its Usage to one that returns.
var looseFlags = flag.NewFlagSet("loose", flag.ContinueOnError)

func register(fs *flag.FlagSet) { fmt.Println(fs.Name()) }

func afterLooseUsage(args []string) {
	looseFlags.Usage = func() {
		os.Exit(2) // want `exit code 2 written as a bare integer`
	}
	register(looseFlags)
	if len(args) > 2 {
		looseFlags.Usage()
		os.Exit(2) // want `exit code 2 written as a bare integer`
	}
}

func afterLocalUsage(args []string) {
	usage := func() {
		fmt.Fprintln(os.Stderr, "usage: tool [-v]")
		os.Exit(2) // want `exit code 2 written as a bare integer`
	}
	if len(args) > 3 {
		usage()
		os.Exit(2)
	}
	switch args[0] {
	case "x":
	default:
		usage()
		os.Exit(2)
	}
}

// A label after the call may be the target of a jump: the exit after it
// may run.
func afterLabel(n int) {
	if n > 0 {
		goto retry
	}
	usageExits()
retry:
	os.Exit(6) // want `exit code 6 written as a bare integer`
}

// safeUsage recovers from its own panic and returns.
func safeUsage() {
	defer func() { _ = recover() }()
	panic("usage")
}

func afterRecoveredPanic() {
	safeUsage()
	os.Exit(7) // want `exit code 7 written as a bare integer`
}

// A field of the package's own struct type, set only to a function that
// exits, and a package variable holding one; beside them, a field one of
// whose values returns.
type cli struct {
	fail func()
	warn func()
}

var showUsage = func() { os.Exit(2) } // want `exit code 2 written as a bare integer`

func newCLI(quiet bool) *cli {
	c := &cli{fail: func() { os.Exit(8) }} // want `exit code 8 written as a bare integer`
	c.warn = func() { os.Exit(9) }         // want `exit code 9 written as a bare integer`
	if quiet {
		c.warn = func() {}
	}
	return c
}

func afterFields(c *cli, n int) {
	if n > 0 {
		c.fail()
		os.Exit(8)
	}
	if n > 1 {
		c.warn()
		os.Exit(9) // want `exit code 9 written as a bare integer`
	}
	if n > 2 {
		showUsage()
		os.Exit(2)
	}
}
