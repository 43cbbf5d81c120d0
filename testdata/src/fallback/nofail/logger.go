package main

import (
	"fmt"
	"os"

	"go.uber.org/zap"
)

// newLogger: zap's presets log to standard error with an encoder zap
// always has, so building one cannot fail and the exit never happens.
// A Config of the program's own may name an encoding or a path that
// does not work: its exit stays reported.
func newLogger(debug bool, encoding string) *zap.Logger {
	if debug {
		l, err := zap.NewDevelopment()
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return l
	}
	if encoding == "" {
		l, err := zap.NewProduction()
		if err != nil {
			os.Exit(1)
		}
		return l
	}
	cfg := zap.NewProductionConfig()
	cfg.Encoding = encoding
	l, err := cfg.Build()
	if err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
	return l
}
