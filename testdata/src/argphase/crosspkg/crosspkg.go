// Package crosspkg: the helpers of another package emit ARG_ERROR here, by
// their facts.
package crosspkg

import (
	"os"

	"cases/argphase/codelib"
)

func die(path string, n int) {
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		codelib.Die(1, err.Error())
	}
	if n > 1 {
		codelib.Die(3, "too many arguments") // want `ARG_ERROR emitted by codelib.Die \(it exits with the code it is given\) after a side effect: os.WriteFile writes a file`
	}
	os.Exit(codelib.Report(nil, 3)) // want `ARG_ERROR emitted by os.Exit \(codelib.Report returns the code it is given\) after a side effect: os.WriteFile writes a file`
}

func put(s codelib.Store, format string) error {
	if err := s.Put("k"); err != nil {
		return err
	}
	return codelib.CheckFormat(format) // want `ARG_ERROR returned \(codelib.CheckFormat\) after a side effect: codelib.Store.Put is marked //exitlint:sideeffect`
}

func joined(path, format string) error {
	if err := os.Remove(path); err != nil {
		return err
	}
	return codelib.CheckAll(format, 1) // want `ARG_ERROR returned \(codelib.CheckAll\) after a side effect: os.Remove removes a file`
}

func usage(path string, n int) error {
	if err := os.Remove(path); err != nil {
		return err
	}
	return codelib.Usage(n) // want `ARG_ERROR returned \(codelib.Usage\) after a side effect: os.Remove removes a file`
}

// validateFirst: the same helpers, before any write.
func validateFirst(path string, n int) {
	if n > 1 {
		codelib.Die(3, "too many arguments")
	}
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		codelib.Die(1, err.Error())
	}
}
