// Package crosspkg: the helpers of another package emit ARG_ERROR here, by
// their facts.
package crosspkg

import (
	"context"
	"net/http"
	"os"

	"cases/argphase/codelib"
	"cases/argphase/store"

	"github.com/exitlint/exitlint/exitcode"
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

// check reads through another package's helper, whose fact says it sends
// what it is given: a GET here, no side effect.
func check(ctx context.Context, c *http.Client, url, format string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodHead, url, nil)
	if err != nil {
		return err
	}
	if _, err := store.Send(ctx, c, req); err != nil {
		return err
	}
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json")
	}
	return nil
}

func submit(ctx context.Context, c *http.Client, url, format string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, url, nil)
	if err != nil {
		return err
	}
	if _, err := store.Send(ctx, c, req); err != nil {
		return err
	}
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json") // want `ARG_ERROR returned \(exitcode.New\) after a side effect: store.Send → http.Client.Do sends an HTTP request`
	}
	return nil
}
