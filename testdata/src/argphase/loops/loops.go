// Package loops: a call that both writes and may return ARG_ERROR checks
// its own order, but in a loop an earlier iteration's write precedes a
// later iteration's ARG_ERROR.
package loops

import (
	"os"

	"github.com/exitlint/exitlint/exitcode"
)

// copyOne refuses to overwrite before it writes: no finding here.
func copyOne(name string, force bool) error {
	if _, err := os.Stat(name); err == nil && !force {
		return exitcode.New(exitcode.ArgError, "EXISTS", "not overwriting "+name)
	}
	return os.WriteFile(name, nil, 0o644)
}

// copyAll copies entry after entry: the second entry's refusal comes
// after the first entry's write.
func copyAll(names []string, force bool) error {
	for _, name := range names {
		if err := copyOne(name, force); err != nil {
			return err // want `ARG_ERROR returned \(loops.copyOne\) after a side effect: loops.copyOne → os.WriteFile writes a file \(line 24, in an earlier iteration\)`
		}
	}
	return nil
}

// copyFirst copies one entry: copyOne's refusal comes before its write.
func copyFirst(names []string, force bool) error {
	if len(names) == 0 {
		return nil
	}
	if err := copyOne(names[0], force); err != nil {
		return err
	}
	return nil
}

// retry calls copyOne again only when it failed: an earlier iteration
// that wrote succeeded and left the loop, so no write precedes the
// refusal.
func retry(name string, force bool) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = copyOne(name, force); err == nil {
			return nil
		}
	}
	return err
}
