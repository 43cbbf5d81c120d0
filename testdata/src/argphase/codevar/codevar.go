// Package codevar: the code is chosen into a variable and the variable is
// returned into the exit, as batch commands do: the ARG_ERROR a later
// item earns comes after the writes of earlier ones.
package main

import (
	"os"
)

const (
	exitOK    = 0
	exitError = 1
	exitUsage = 3
)

// fixAll rewrites each file; a name that is empty earns exitUsage, after
// the files before it were written.
func fixAll(files []string) int {
	code := exitOK
	for _, f := range files {
		if f == "" {
			code = exitUsage
			continue
		}
		if err := os.WriteFile(f, nil, 0o644); err != nil {
			code = exitError
		}
	}
	return code // want `ARG_ERROR returned as the exit code \(fixAll's result → os.Exit\) after a side effect: os.WriteFile writes a file`
}

// writeThen writes, then chooses ARG_ERROR into a variable.
func writeThen(f string) int {
	code := exitOK
	_ = os.WriteFile(f, nil, 0o644)
	if len(f) > 10 {
		code = exitUsage
	}
	return code // want `ARG_ERROR returned as the exit code \(writeThen's result → os.Exit\) after a side effect: os.WriteFile writes a file`
}

// checkAll validates every name before it writes any: no finding.
func checkAll(files []string) int {
	code := exitOK
	for _, f := range files {
		if f == "" {
			code = exitUsage
		}
	}
	if code != exitOK {
		return code
	}
	for _, f := range files {
		_ = os.WriteFile(f, nil, 0o644)
	}
	return code
}

func main() {
	switch len(os.Args) {
	case 1:
		os.Exit(checkAll(os.Args))
	case 2:
		os.Exit(writeThen(os.Args[1]))
	}
	os.Exit(fixAll(os.Args[1:]))
}
