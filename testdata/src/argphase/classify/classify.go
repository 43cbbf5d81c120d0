// Package classify has an exit helper whose first exit is not the one that
// gives ARG_ERROR: the message names the one that does.
package classify

import "os"

func finish(ok bool) {
	if ok {
		os.Exit(0)
	}
	os.Exit(3)
}

func save(path string) {
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		return
	}
	finish(false) // want `ARG_ERROR emitted by classify.finish \(which may exit with it, via os.Exit\(3\)\) after a side effect: os.WriteFile writes a file`
}
