// Package use reads lib's facts across the package boundary.
package use

import (
	"fmt"

	"cases/passes/errcodes/lib"
)

func Fetch(id string) error { // want Fetch:`codes\(0: 5 via Either, 0: 6 via Either\)`
	if err := lib.Either(id == ""); err != nil {
		return fmt.Errorf("fetch %s: %w", id, err)
	}
	return nil
}

func Sentinel() error { // want Sentinel:`codes\(0: 6 via exitcode.New\)`
	return lib.ErrLocked
}

func Second() error { // want Second:`codes\(0: 10 via Pair\)`
	_, err := lib.Pair()
	return err
}

func Plain() error { return lib.Copied() }
