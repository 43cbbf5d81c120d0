// Package out writes the program's failures: main calls Fail; Fatal has
// no caller, and Die is called only by Fatal.
package out

import (
	"fmt"
	"os"
)

// Fail prints err and returns the code to exit with.
func Fail(err error) int {
	fmt.Fprintln(os.Stderr, err)
	return 1
}

// Fatal prints err and ends the process.
func Fatal(err error) {
	Die(err)
}

// Die ends the process with 1.
func Die(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}

// Sink is what main logs through.
type Sink interface {
	Alert(msg string)
	Fatal(msg string)
}

// Logger is a Sink whose Fatal nothing the program runs calls: only
// Shutdown calls Fatal through a Sink, and nothing calls Shutdown.
type Logger struct{}

// Alert prints msg.
func (Logger) Alert(msg string) {
	fmt.Fprintln(os.Stderr, msg)
}

// Fatal ends the process.
func (Logger) Fatal(msg string) {
	fmt.Fprintln(os.Stderr, msg)
	os.Exit(1)
}

// Shutdown ends the process through a Sink; nothing calls it.
func Shutdown(s Sink) {
	s.Fatal("shutting down")
}

// Alarm is a Sink whose Alert ends the process: main calls Alert through
// a Sink.
type Alarm struct{}

// Alert ends the process.
func (Alarm) Alert(msg string) {
	fmt.Fprintln(os.Stderr, msg)
	os.Exit(1)
}

// Fatal prints msg.
func (Alarm) Fatal(msg string) {
	fmt.Fprintln(os.Stderr, msg)
}

// Hook ends the process in Fire; main hands a Hook to another package,
// which may call any of its methods (by reflection, or through an
// interface of its own).
type Hook struct{}

// Fire ends the process.
func (Hook) Fire() {
	os.Exit(1)
}

// App holds a command; main hands an App to another package, which may
// call the methods of what it holds.
type App struct{ Deploy Deploy }

// Deploy is a command.
type Deploy struct{}

// Run ends the process.
func (Deploy) Run() {
	os.Exit(1)
}

// Abort ends the process; only the Windows build calls it.
func Abort() {
	os.Exit(1)
}
