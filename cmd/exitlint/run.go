package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/analyzers/all"
	"github.com/exitlint/exitlint/exitcode"
)

type options struct {
	json, sarif, findingsOK, tests, listCodes, fix, scaffolding bool
	enable, disable                                             string
	cpuProfile, memProfile                                      string
}

// usageError is a problem with the command line: ARG_ERROR.
func usageError(format string, args ...any) error {
	return exitcode.New(exitcode.ArgError, "USAGE", fmt.Sprintf(format, args...)).
		WithSuggestion("run exitlint -h for the flags and checks")
}

// run is the standalone command. It writes findings (or the -json envelope)
// to stdout, messages to stderr, and returns the exit code.
func run(args []string, stdout, stderr io.Writer) exitcode.Code {
	start := time.Now()
	fs := flag.NewFlagSet("exitlint", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var o options
	fs.BoolVar(&o.json, "json", false, "write one response envelope (JSON) instead of text")
	fs.BoolVar(&o.sarif, "sarif", false, "write a SARIF 2.1.0 log (for GitHub code scanning and other SARIF viewers) instead of text")
	fs.BoolVar(&o.findingsOK, "findings-ok", false, "exit 0 when findings are reported, with the findings as the envelope's data")
	fs.BoolVar(&o.tests, "test", true, "analyze test files too")
	fs.BoolVar(&o.scaffolding, "scaffolding", false, "also report findings in packages that only tests import (fake servers, mocks, test helpers); they are left out by default and counted in the report")
	fs.BoolVar(&o.listCodes, "exit-codes", false, "list the exit codes exitlint declares and exit")
	fs.BoolVar(&o.fix, "fix", false, "apply the suggested fixes to the source files (gofmt-formatted); the findings that remain are reported")
	fs.StringVar(&o.enable, "enable", "", "comma-separated checks to run (default: all)")
	fs.StringVar(&o.disable, "disable", "", "comma-separated checks not to run")
	fs.StringVar(&o.cpuProfile, "cpuprofile", "", "write a CPU profile of the analysis to this file (for go tool pprof)")
	fs.StringVar(&o.memProfile, "memprofile", "", "write a heap profile, taken when the analysis ends, to this file")
	analyzers := all.Analyzers()
	registerAnalyzerFlags(fs, all.WithConfig(analyzers))

	wantJSON := hasFlag(args, "json")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			usage(stdout, fs, analyzers)
			return exitcode.Success
		}
		return fail(stdout, stderr, wantJSON, start, usageError("%v", err))
	}
	if o.json && o.sarif {
		return fail(stdout, stderr, true, start, usageError("-json and -sarif both choose the output: pass one"))
	}
	if o.listCodes {
		return listCodes(stdout, o.json, start)
	}
	selected, err := selectAnalyzers(o.enable, o.disable)
	if err != nil {
		return fail(stdout, stderr, o.json, start, err)
	}
	patterns := fs.Args()
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	stopProfiles, err := startProfiles(o.cpuProfile, o.memProfile)
	if err != nil {
		return fail(stdout, stderr, o.json, start, err)
	}
	res, err := analyze(selected, patterns, o.tests, o.scaffolding)
	if perr := stopProfiles(); perr != nil && err == nil {
		return fail(stdout, stderr, o.json, start, perr)
	}
	if res != nil && o.fix && len(res.Unresolved) == 0 {
		fix(res)
	}
	return report(stdout, stderr, o, start, res, err)
}

// report writes how the run ended in the format o chose and returns its
// exit code. res is what the run found, nil when it ended before analysis
// for the reason stopped.
func report(stdout, stderr io.Writer, o options, start time.Time, res *result, stopped error) exitcode.Code {
	code, err := outcome(res, o.findingsOK, stopped)
	switch {
	case res == nil:
		return fail(stdout, stderr, o.json, start, err)
	case o.sarif:
		if werr := writeSARIF(stdout, res, code); werr != nil {
			fmt.Fprintf(stderr, "exitlint: writing the SARIF log: %v\n", werr)
			return exitcode.GeneralError
		}
		return code
	case o.json:
		return writeJSON(stdout, start, res, code, err)
	}
	writeText(stdout, stderr, res, code, err)
	return code
}

// fail reports an error that ended the run before there were findings to
// report: an envelope with -json, else the error on stderr.
func fail(stdout, stderr io.Writer, asJSON bool, start time.Time, err error) exitcode.Code {
	code := exitcode.FromError(err)
	if asJSON {
		return writeEnvelope[*Report](stdout, start, code, nil, err)
	}
	fmt.Fprintf(stderr, "exitlint: %v\n", err)
	var xe *exitcode.Error
	if errors.As(err, &xe) {
		if xe.Detail != "" {
			fmt.Fprintln(stderr, indent(xe.Detail))
		}
		if xe.Suggestion != "" {
			fmt.Fprintf(stderr, "exitlint: %s\n", xe.Suggestion)
		}
	}
	return code
}

// hasFlag reports whether args set the boolean flag name before flag parsing
// fails, so a usage error can still be written as JSON.
func hasFlag(args []string, name string) bool {
	for _, a := range args {
		if a == "-"+name || a == "--"+name || a == "-"+name+"=true" || a == "--"+name+"=true" {
			return true
		}
		if a == "--" {
			break
		}
	}
	return false
}

// registerAnalyzerFlags exposes each analyzer's flags as -NAME.flag.
func registerAnalyzerFlags(fs *flag.FlagSet, analyzers []*analysis.Analyzer) {
	for _, a := range analyzers {
		prefix := a.Name + "."
		a.Flags.VisitAll(func(f *flag.Flag) {
			fs.Var(f.Value, prefix+f.Name, f.Usage)
		})
	}
}

func selectAnalyzers(enable, disable string) ([]*analysis.Analyzer, error) {
	selected, err := all.Select(strings.Split(enable, ","), strings.Split(disable, ","), "-enable", "-disable")
	if err != nil {
		return nil, usageError("%v", err)
	}
	return selected, nil
}

func usage(w io.Writer, fs *flag.FlagSet, analyzers []*analysis.Analyzer) {
	fmt.Fprintf(w, `exitlint checks Go command-line programs against the agent CLI contract.

Usage:
  exitlint [flags] [packages]               (packages as for go list; ./... by default)
  go vet -vettool=$(which exitlint) [packages]
  go fix -fixtool=$(which exitlint) [packages]
  exitlint lsp                              (the language server an editor starts)

Checks:
`)
	for _, a := range analyzers {
		first, _, _ := strings.Cut(a.Doc, "\n")
		fmt.Fprintf(w, "  %-11s %s\n", a.Name, first)
	}
	fmt.Fprintf(w, "\nFlags:\n")
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
	fmt.Fprintf(w, "\nExit codes:\n")
	listCodes(w, false, time.Now())
	fmt.Fprintf(w, "\nSuppress a finding with //exitlint:ignore CHECK reason on its line or the line above.\n")
}
