// Package guarded: a helper that maps errors to exit codes gives ARG_ERROR
// to the provider's errors alone; it emits ARG_ERROR where it is given an
// error that may be the provider's.
package guarded

import (
	"os/exec"

	"cases/argphase/guarded/codes"
	"cases/argphase/guarded/workflow"
)

func publish(dir, url string) error {
	if err := exec.Command("git", "-C", dir, "fetch").Run(); err != nil {
		return err
	}
	tag, err := workflow.Release(dir)
	if err != nil {
		return codes.ExitError(err) // no finding: Release returns no ProviderError
	}
	if err := workflow.Publish(url, tag); err != nil {
		return codes.ExitError(err) // want `ARG_ERROR returned \(codes.ExitError\) after a side effect: exec.Cmd.Run runs a process`
	}
	return nil
}
