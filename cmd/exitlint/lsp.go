package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"sync/atomic"

	"github.com/exitlint/exitlint/analyzers/all"
	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/internal/configfile"
	lspserver "github.com/exitlint/exitlint/internal/lsp"
	"github.com/exitlint/exitlint/internal/settings"
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
	setChecks := checkFlags(fs)
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
	setChecks()
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "exitlint lsp: unexpected argument %q: the server takes no packages, the editor names the files\n", fs.Arg(0))
		return exitcode.ArgError
	}
	analyzers, err := checksOf(&settings.Resolved{Config: config.Current()})
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
	// Where the editor started the server, its workspace: the
	// dependencies' settings are the file found from there (none when it
	// cannot be read).
	start, _ := os.Getwd()
	configure := &lspConfig{start: start}
	server.Configure = configure.setup
	server.PackageSalt = configure.salt
	server.ConfigNames = configfile.Names
	if !server.Serve(context.Background(), rw) {
		//exitlint:ignore fallback the server lost its editor (the stream ended before exit): no code tells more, and no agent reads it
		return exitcode.GeneralError
	}
	return exitcode.Success
}

// lspConfig is the server's view of the settings: before each analysis
// (setup) a new resolution (internal/settings) that reads the config files
// as they are on disk then, under the flags the server was started with,
// and that the config pass and the packages' keys (salt) then use. The
// settings are the process's; the server runs one analysis at a time.
type lspConfig struct {
	start   string                            // the directory the server started in
	current atomic.Pointer[settings.Resolver] // the resolution of the analysis under way
}

func (l *lspConfig) setup(dir string) (lspserver.Setup, error) {
	r := settings.New("", l.start)
	res, err := r.For(dir, false)
	if err != nil {
		return lspserver.Setup{}, lspConfigError(err)
	}
	analyzers, err := checksOf(res)
	if err != nil {
		if res.File != "" {
			return lspserver.Setup{}, &lspserver.ConfigError{File: res.File, Msg: err.Error() + " (with the flags exitlint lsp was started with)"}
		}
		return lspserver.Setup{}, err
	}
	l.current.Store(r)
	r.Use()
	return lspserver.Setup{Analyzers: append(analyzers, config.Analyzer), File: res.File}, nil
}

func (l *lspConfig) salt(dir string, dependency bool) string {
	if r := l.current.Load(); r != nil {
		return r.Salt(dir, dependency)
	}
	return ""
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
