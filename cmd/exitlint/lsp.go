package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"github.com/exitlint/exitlint/analyzers/all"
	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/internal/configfile"
	lspserver "github.com/exitlint/exitlint/internal/lsp"
	"github.com/exitlint/exitlint/passes/config"
)

// lsp runs `exitlint lsp`, the language server, on stdin and stdout. Its
// exit status is the protocol's: SUCCESS when the editor sent shutdown
// before exit, GENERAL_ERROR when the stream ended without it. Malformed
// messages are answered and the server goes on; what it answered with an
// error, and why it stopped, goes to stderr, which editors keep in their
// language-server log.
func lsp(args []string, stdin io.Reader, stdout, stderr io.Writer) exitcode.Code {
	fs := flag.NewFlagSet("exitlint lsp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	enable := fs.String("enable", "", "comma-separated checks to run (default: all)")
	disable := fs.String("disable", "", "comma-separated checks not to run")
	useCache := fs.Bool("cache", true, "read and write the cache the command line keeps; -cache=false leaves it alone (EXITLINT_CACHE=off too)")
	verbose := fs.Bool("v", false, "log each analysis to stderr (the editor's language-server log): how long it took, how many packages came from memory")
	registerAnalyzerFlags(fs, all.WithConfig(all.Analyzers()))
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: exitlint lsp [-enable checks] [-disable checks] [-v]\n\n"+
			"Runs exitlint's language server on stdin and stdout: an editor starts it.\n"+
			"It analyzes a Go file's package when the file is opened, edited or saved\n"+
			"and offers each finding's fixes as quick fixes. docs/editors.md has the setups.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitcode.Success
		}
		return exitcode.ArgError
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "exitlint lsp: unexpected argument %q: the server takes no packages, the editor names the files\n", fs.Arg(0))
		return exitcode.ArgError
	}
	analyzers, err := selectAnalyzers(*enable, *disable)
	if err != nil {
		fmt.Fprintf(stderr, "exitlint lsp: %v\n", err)
		return exitcode.FromError(err)
	}
	cache, err := openCache(!*useCache, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "exitlint lsp: %v\n", err)
		return exitcode.FromError(err)
	}
	if cache != nil {
		defer cache.Close()
	}
	version := ""
	if bi, ok := debug.ReadBuildInfo(); ok {
		version = bi.Main.Version
	}
	rw := stdio{stdin, stdout}
	server := lspserver.New(append(analyzers, config.Analyzer), version)
	server.Log = stderr
	server.Verbose = *verbose
	server.Cache = cache
	server.Configure = lspConfig(fs, *enable, *disable)
	server.ConfigNames = configfile.Names
	if !server.Serve(context.Background(), rw) {
		//exitlint:ignore fallback the server lost its editor (the stream ended before exit): no code tells more, and no agent reads it
		return exitcode.GeneralError
	}
	return exitcode.Success
}

// lspConfig returns the server's Configure: before each analysis it reads
// the config file found walking up from the package's directory, as it is
// on disk then, and applies it under the flags fs set. A setting no flag
// set is the file's, or empty when the file has none: an edit that removes
// a key takes effect as one that changes it. The settings are the
// process's; the server runs one analysis at a time.
func lspConfig(fs *flag.FlagSet, enableFlag, disableFlag string) func(dir string) (lspserver.Setup, error) {
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	return func(dir string) (lspserver.Setup, error) {
		path, err := configfile.Find(dir)
		if err != nil {
			return lspserver.Setup{}, lspConfigError(err)
		}
		var f *configfile.File
		if path != "" {
			if f, err = configfile.Load(path); err != nil {
				return lspserver.Setup{}, lspConfigError(err)
			}
		}
		for _, s := range config.Settings {
			if !configfile.SetBy(s, set) {
				if err := config.Set(s.Name, nil); err != nil {
					return lspserver.Setup{}, err
				}
			}
		}
		enable, disable := enableFlag, disableFlag
		if f != nil {
			if err := f.Apply(func(s config.Setting) bool { return configfile.SetBy(s, set) }); err != nil {
				return lspserver.Setup{}, err
			}
			if !set["enable"] && f.Enable != nil {
				enable = strings.Join(f.Enable, ",")
			}
			if !set["disable"] && f.Disable != nil {
				disable = strings.Join(f.Disable, ",")
			}
		}
		analyzers, err := selectAnalyzers(enable, disable)
		if err != nil {
			if path != "" {
				return lspserver.Setup{}, &lspserver.ConfigError{File: path, Msg: err.Error() + " (with the flags exitlint lsp was started with)"}
			}
			return lspserver.Setup{}, err
		}
		return lspserver.Setup{Analyzers: append(analyzers, config.Analyzer), File: path}, nil
	}
}

// lspConfigError is a config file's error as the server publishes it: on
// the file, at its line.
func lspConfigError(err error) error {
	var ce *configfile.Error
	if errors.As(err, &ce) {
		return &lspserver.ConfigError{File: ce.Path, Line: ce.Line, Msg: ce.Msg}
	}
	return err
}

type stdio struct {
	io.Reader
	io.Writer
}

func (stdio) Close() error { return nil }
