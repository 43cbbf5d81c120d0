// Package store is a dependency whose functions return codes the commands
// of another package end with.
package store

import (
	"context"
	"fmt"

	"github.com/exitlint/exitlint/envelope"
	"github.com/exitlint/exitlint/exitcode"
)

// Snapshot is what restore returns.
type Snapshot struct{ ID string }

// Fetch may time out.
func Fetch(ctx context.Context, id string) (Snapshot, error) {
	if ctx.Err() != nil {
		return Snapshot{}, exitcode.New(exitcode.Timeout, "FETCH_TIMEOUT", "fetching timed out")
	}
	return Snapshot{ID: id}, nil
}

// Load wraps a missing snapshot's error.
func Load(id string) error {
	return fmt.Errorf("load %s: %w", id, exitcode.New(exitcode.NotFound, "NO_SNAPSHOT", id))
}

// Lock is a phase of its own: it may end with CONFLICT.
func Lock(ctx context.Context, id string, _ *envelope.Output) (string, error) {
	return "", exitcode.New(exitcode.Conflict, "LOCKED", id)
}
