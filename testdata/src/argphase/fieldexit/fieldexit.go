// Package fieldexit ends the process through an exit function its runner
// holds in an unexported field (the exits pass's exitFields): a 3 given to
// it after a write is ARG_ERROR after a side effect, as os.Exit(3) is.
package main

import "os"

type runner struct {
	exit func(int)
}

func newRunner() *runner { return &runner{exit: os.Exit} }

func (r *runner) run(args []string) {
	if err := os.WriteFile("out.txt", nil, 0o644); err != nil {
		r.exit(1)
	}
	if len(args) == 0 {
		r.exit(3) // want `ARG_ERROR emitted by .*after a side effect: os.WriteFile writes a file`
	}
}

// validated checks its input before the write.
func (r *runner) validated(args []string) {
	if len(args) == 0 {
		r.exit(3)
	}
	if err := os.WriteFile("out.txt", nil, 0o644); err != nil {
		r.exit(1)
	}
}

func main() {
	r := newRunner()
	if len(os.Args) > 2 {
		r.validated(os.Args[1:])
		return
	}
	r.run(os.Args[1:])
}
