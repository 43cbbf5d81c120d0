//go:build debug

package main

import "os"

func startTrace() (func(), error) {
	f, err := os.Create("trace.out")
	if err != nil {
		return nil, err
	}
	return func() { f.Close() }, nil
}
