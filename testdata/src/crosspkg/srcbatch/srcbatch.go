// Package srcbatch runs batches: a failed query fails with cmderr's code
// for query errors, which main exits with.
package srcbatch

import "cases/crosspkg/cmderr"

// Apply applies a batch.
func Apply(errs []string) error {
	if len(errs) > 0 {
		return cmderr.ExitCode(cmderr.QueryErrorsExitCode, nil)
	}
	return nil
}
