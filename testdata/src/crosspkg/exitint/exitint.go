// Package exitint is a CLI's exit error of an integer type: the error's
// value is the code main exits with, and the commands of other packages
// give it by a conversion (exitint.ErrExit(1)).
package exitint

import "strconv"

// ErrExit is an error whose value is the exit code.
type ErrExit int

func (e ErrExit) Error() string { return "exit " + strconv.Itoa(int(e)) }

// Errno is an error of an integer type too, but no exit reads it: its
// values are no exit codes.
type Errno int

func (e Errno) Error() string { return "errno " + strconv.Itoa(int(e)) }
