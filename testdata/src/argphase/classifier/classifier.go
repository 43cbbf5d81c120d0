// Package classifier: an exit helper that classifies the error it is given
// exits with ARG_ERROR only for its own sentinel. Given an error that cannot
// be that sentinel, it exits with something else.
package classifier

import (
	"errors"
	"fmt"
	"os"
)

const notFound = 3 // the program's own table: 3 is ARG_ERROR to an agent

var ErrNotFound = errors.New("not found")

func handleAndExit(err error) {
	if err == nil {
		os.Exit(0)
	}
	switch {
	case errors.Is(err, ErrNotFound):
		os.Exit(notFound)
	default:
		os.Exit(1)
	}
}

func lookup(name string) error {
	if name == "" {
		return ErrNotFound
	}
	return nil
}

// mkdir hands over an error of the standard library, wrapped with %w:
// it cannot be ErrNotFound, so the helper exits 1 here.
func mkdir(dir string) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		handleAndExit(fmt.Errorf("mkdir %s: %w", dir, err))
	}
	handleAndExit(errors.New("done badly"))
}

// save hands over an error that may be the sentinel, after a write.
func save(path, name string) {
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		return
	}
	handleAndExit(lookup(name)) // want `ARG_ERROR emitted by classifier.handleAndExit \(which may exit with it, via os.Exit\(3\)\) after a side effect`
}
