//go:build !unix

package probe

import (
	"os"
	"os/exec"
)

// ownGroup does nothing where there are no process groups: the time limit
// kills the program alone.
func ownGroup(*exec.Cmd) {}

func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
	}
}

// interruptGroup cannot send SIGINT here; CanInterrupt says so, and the
// interrupt probes are skipped.
func interruptGroup(*exec.Cmd) {}

// CanInterrupt reports whether this system can send SIGINT to a program.
const CanInterrupt = false

func signalOf(*os.ProcessState) string { return "" }
