package main

import (
	"os"

	"cases/argphase/othermeaning/codes"
)

// Through another package's errors: the update's 3 is the table's own
// outcome and is left; the usage error after the same write is reported.
func sync(args []string) error {
	if err := os.WriteFile("sync.json", nil, 0o644); err != nil {
		return codes.UpdateFailed(err)
	}
	if len(args) > 3 {
		return codes.Usage(nil) // want `ARG_ERROR returned \(codes.Usage\) after a side effect: os.WriteFile writes a file`
	}
	return codes.UpdateFailed(nil)
}
