package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/analyzers/all"
	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/internal/driver"
	"github.com/exitlint/exitlint/internal/settings"
	"github.com/exitlint/exitlint/passes/config"
)

type options struct {
	json, sarif, findingsOK, tests, listCodes, fix, scaffolding, unreached bool
	configFile                                                             string
	configDump                                                             bool
	cpuProfile, memProfile                                                 string
	tags                                                                   string
	baseline, writeBaseline, newFromRev                                    string
	useCache                                                               bool
	cache                                                                  *driver.Cache // nil without one
	sarifRoot                                                              string
	// settings resolves each package's settings; nil leaves them to the
	// flags, for every package.
	settings *settings.Resolver
	more     moreOptions // flags.go
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
	var o options
	fs, setChecks := flagSet(&o)
	analyzers := all.Analyzers()

	// -json anywhere on the command line, in any spelling the flag
	// package accepts, asks for an envelope: a command line that does not
	// parse, or asks for help, still gets one.
	wantJSON := jsonRequested(fs, args)
	if flag := vetHandshake(args); flag != "" && wantJSON {
		return fail(stdout, stderr, true, start, exitcode.New(exitcode.ArgError, "USAGE",
			fmt.Sprintf("%s is go vet's question to its tool, answered in go vet's own format and never in an envelope: go vet asks it, alone, when it runs exitlint (go vet -vettool=$(which exitlint) ./...)", flag)).
			WithSuggestion("leave -json out to answer go vet; exitlint -json -h gives exitlint's own flags and checks as data"))
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			if wantJSON {
				return writeEnvelope(stdout, start, exitcode.Success, helpData(fs, analyzers), nil)
			}
			usage(stdout, fs, analyzers)
			return exitcode.Success
		}
		return fail(stdout, stderr, wantJSON, start, usageError("%v", err))
	}
	setChecks()
	if err := flagsAfterPatterns(fs, args); err != nil {
		return fail(stdout, stderr, wantJSON, start, err)
	}
	if o.json && o.sarif {
		return fail(stdout, stderr, true, start, usageError("-json and -sarif both choose the output: pass one"))
	}
	if info, err := os.Stat(o.sarifRoot); o.sarifRoot != "" && (err != nil || !info.IsDir()) {
		return fail(stdout, stderr, o.json, start, usageError("-sarif-root %s: not a directory", o.sarifRoot))
	}
	if o.listCodes {
		return listCodes(stdout, o.json, start)
	}
	if code, done := o.more.answer(stdout, stderr, o.json, start); done {
		return code
	}
	o.more.rep = newReporter(stderr, o.more.verbose, start)
	stdoutFormat, err := checkOutputs(o.more.formats, o.json, o.sarif)
	if err != nil {
		return fail(stdout, stderr, o.json, start, err)
	}
	o.more.stdoutFormat = stdoutFormat
	r, here, err := startSettings(o.configFile)
	if err != nil {
		return fail(stdout, stderr, o.json, start, err)
	}
	if _, err := checksOf(here); err != nil {
		return fail(stdout, stderr, o.json, start, err)
	}
	if o.configDump {
		return dumpConfig(stdout, o.json, start, here)
	}
	o.settings = r
	hide, err := newFilter(o)
	if err != nil {
		return fail(stdout, stderr, o.json, start, err)
	}
	patterns := fs.Args()
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	if o.cache, err = openCache(!o.useCache, stderr); err != nil {
		return fail(stdout, stderr, o.json, start, err)
	}
	stopProfiles, err := startProfiles(o.cpuProfile, o.memProfile)
	if o.cache != nil {
		defer func() {
			if err := o.cache.Close(); err != nil {
				fmt.Fprintf(stderr, "exitlint: %v\n", err)
			}
		}()
	}
	if err != nil {
		return fail(stdout, stderr, o.json, start, err)
	}
	res, err := analyze(analyzers, patterns, o)
	o.more.rep.end()
	if perr := stopProfiles(); perr != nil && err == nil {
		return fail(stdout, stderr, o.json, start, perr)
	}
	if res != nil && hide != nil {
		hide.apply(res)
	}
	var warnings []string
	if res != nil && o.fix && len(res.Unresolved) == 0 {
		if res.Complete {
			warnings = removeLeftovers(res.scope, stderr)
		}
		fix(res)
	}
	code := report(stdout, stderr, o, start, res, err, warnings...)
	o.more.rep.stage("done: exit code %d", code)
	return code
}

// report writes how the run ended in the format o chose and returns its
// exit code. res is what the run found, nil when it ended before analysis
// for the reason stopped. warnings, and the cache's notes, were written
// to stderr as they came; -json gives them as the envelope's warnings.
func report(stdout, stderr io.Writer, o options, start time.Time, res *result, stopped error, warnings ...string) exitcode.Code {
	code, err := outcome(res, o.findingsOK, stopped)
	if res != nil {
		code, err = writeFormatFiles(o.more.formats, res, code, err, o.sarifRoot)
	}
	switch {
	case res == nil:
		return fail(stdout, stderr, o.json, start, err)
	case o.sarif:
		if werr := writeSARIF(stdout, res, code, o.sarifRoot); werr != nil {
			fmt.Fprintf(stderr, "exitlint: writing the SARIF log: %v\n", werr)
			//exitlint:ignore fallback stdout cannot be written: the envelope cannot be either, so no code can be explained
			return exitcode.GeneralError
		}
		return code
	case o.json:
		return writeJSON(stdout, start, res, code, err, append(cacheNotes(o.cache), warnings...))
	case o.more.stdoutFormat != "":
		if werr := writeFormat(stdout, o.more.stdoutFormat, res, code, err, o.sarifRoot); werr != nil {
			fmt.Fprintf(stderr, "exitlint: writing -format %s: %v\n", o.more.stdoutFormat, werr)
			//exitlint:ignore fallback stdout cannot be written: the envelope cannot be either, so no code can be explained
			return exitcode.GeneralError
		}
		writeText(io.Discard, stderr, res, code, err) // what text says on stderr
		return code
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

// flagSet registers exitlint's flags on a new flag set, their values in
// o; the function it returns hands -enable and -disable to the settings
// once the set is parsed.
func flagSet(o *options) (*flag.FlagSet, func()) {
	fs := flag.NewFlagSet("exitlint", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.BoolVar(&o.json, "json", false, "write one response envelope (JSON) instead of text")
	fs.BoolVar(&o.sarif, "sarif", false, "write a SARIF 2.1.0 log (for GitHub code scanning and other SARIF viewers) instead of text")
	fs.StringVar(&o.sarifRoot, "sarif-root", "", "the directory -sarif names files relative to, as the repository's root for code scanning (default: the working directory)")
	fs.BoolVar(&o.findingsOK, "findings-ok", false, "exit 0 when findings are reported, with the findings as the envelope's data")
	fs.BoolVar(&o.tests, "test", true, "analyze test files too")
	fs.BoolVar(&o.scaffolding, "scaffolding", false, "also report findings in packages that only tests import (fake servers, mocks, test helpers); they are left out by default and counted in the report")
	fs.BoolVar(&o.unreached, "unreached", false, "also report findings in code that no main of its module reaches (a function nothing calls, a table member nothing uses); they are left out by default, when the patterns cover the whole module, and counted in the report")
	fs.BoolVar(&o.listCodes, "exit-codes", false, "list the exit codes exitlint declares and exit")
	fs.BoolVar(&o.fix, "fix", false, "apply the suggested fixes to the source files (gofmt-formatted); the findings that remain are reported")
	setChecks := checkFlags(fs)
	moreFlags(fs, &o.more)
	fs.StringVar(&o.cpuProfile, "cpuprofile", "", "write a CPU profile of the analysis to this file (for go tool pprof)")
	fs.StringVar(&o.memProfile, "memprofile", "", "write a heap profile, taken when the analysis ends, to this file")
	fs.BoolVar(&o.useCache, "cache", true, "reuse what an earlier run found for the packages that did not change; -cache=false analyzes every package again (the cache is in EXITLINT_CACHE, by default exitlint in the user's cache directory; EXITLINT_CACHE=off turns it off)")
	fs.StringVar(&o.tags, "tags", "", "comma-separated build tags to consider satisfied while loading the packages, as for go build and go vet")
	fs.StringVar(&o.baseline, "baseline", "", "hide the findings recorded in this baseline file (written by -write-baseline): report only new ones")
	fs.StringVar(&o.writeBaseline, "write-baseline", "", "record every finding in this baseline file, and report none")
	fs.StringVar(&o.newFromRev, "new-from-rev", "", "report only findings on lines changed since this git revision (committed or not), and in files git does not track")
	fs.StringVar(&o.configFile, "config", "", "the config file to read (default: .exitlint.yml or .exitlint.yaml in the working directory or the nearest directory above it); flags override it")
	fs.BoolVar(&o.configDump, "config-dump", false, "print the settings in effect, from the config file and the flags, and exit")
	registerAnalyzerFlags(fs, all.WithConfig(all.Analyzers()))
	return fs, setChecks
}

// jsonArg reports whether args ask for -json, as the command reads them
// (jsonRequested): go vet's questions to its tool do not, and are answered
// in go vet's formats.
func jsonArg(args []string) bool {
	fs, _ := flagSet(new(options))
	return jsonRequested(fs, args)
}

// jsonRequested reports whether args set -json, read as the flag package
// reads it (-json, --json, -json=1, -json=t, ..., the last one counting),
// but anywhere before "--", after the patterns too, and without stopping at
// an error: so that a command line that fails to parse, or puts -json after
// the patterns, is still answered with an envelope.
func jsonRequested(fs *flag.FlagSet, args []string) bool {
	want := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		name, ok := strings.CutPrefix(a, "-")
		if !ok || name == "" {
			continue
		}
		name = strings.TrimPrefix(name, "-")
		name, value, hasValue := strings.Cut(name, "=")
		f := fs.Lookup(name)
		switch {
		case f == nil:
		case isBoolFlag(f):
			if name != "json" {
				break
			}
			if !hasValue {
				want = true
			} else if b, err := strconv.ParseBool(value); err == nil {
				want = b
			}
		case !hasValue:
			i++ // the flag's value, whatever it looks like
		}
	}
	return want
}

func isBoolFlag(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// flagsAfterPatterns rejects a command line that puts flags after the
// package patterns, where the flag package stops reading flags and they
// would be taken for patterns: no package pattern begins with "-".
func flagsAfterPatterns(fs *flag.FlagSet, args []string) error {
	patterns := fs.Args()
	var flags, rest []string
	for i := 0; i < len(patterns); i++ {
		p := patterns[i]
		if !strings.HasPrefix(p, "-") || p == "-" {
			rest = append(rest, p)
			continue
		}
		flags = append(flags, p)
		name, _, hasValue := strings.Cut(strings.TrimLeft(p, "-"), "=")
		if f := fs.Lookup(name); f != nil && !isBoolFlag(f) && !hasValue && i+1 < len(patterns) {
			i++
			flags = append(flags, patterns[i])
		}
	}
	if len(flags) == 0 {
		return nil
	}
	before := args[:len(args)-len(patterns)]
	if n := len(before); n > 0 && before[n-1] == "--" {
		before = before[:n-1]
	}
	fixed := strings.Join(slices.Concat([]string{"exitlint"}, before, flags, rest), " ")
	return exitcode.New(exitcode.ArgError, "FLAG_AFTER_PATTERNS",
		fmt.Sprintf("%s comes after the package patterns, where flags are not read: put flags before patterns", flags[0])).
		WithSuggestion("run " + fixed)
}

// checkFlags registers -enable and -disable, the table's settings of the
// checks, as the string flags -h has always shown; the function it returns
// hands what the command line set them to to the settings, once fs is
// parsed.
func checkFlags(fs *flag.FlagSet) func() {
	values := map[string]*string{}
	for _, s := range []*config.Setting{config.Enable, config.Disable} {
		values[s.Name] = fs.String(s.Name, "", s.Usage)
	}
	return func() {
		fs.Visit(func(f *flag.Flag) {
			if v, ok := values[f.Name]; ok {
				// Names of checks have no form to refuse: all.Select
				// names the unknown ones.
				_ = config.Set(f.Name, strings.Split(*v, ","))
			}
		})
	}
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

func usage(w io.Writer, fs *flag.FlagSet, analyzers []*analysis.Analyzer) {
	fmt.Fprintf(w, `exitlint checks Go command-line programs against the agent CLI contract.

Usage:
  exitlint [flags] [packages]               (packages as for go list; ./... by default)
  go vet -vettool=$(which exitlint) [packages]
  go fix -fixtool=$(which exitlint) [packages]
  exitlint lsp                              (the language server an editor starts)
  exitlint probe [flags] -- CMD [ARGS…]     (run a built program through an agent's calls; exitlint probe -h)

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
	fmt.Fprintf(w, "\nSuppress a finding with //exitlint:ignore CHECK reason on its line or the line above,\nor golangci-lint's //nolint:exitlint // reason. exitlint -explain CHECK explains a check.\n")
}

// Help is the data of exitlint -json -h: what -h prints, as an envelope's
// data, for a caller that reads envelopes only.
type Help struct {
	Usage     []string    `json:"usage"`
	Checks    []HelpCheck `json:"checks"`
	Flags     []HelpFlag  `json:"flags"`
	ExitCodes []codeRow   `json:"exit_codes"`
}

// HelpCheck is one check as -json -h lists it.
type HelpCheck struct {
	Name    string `json:"name"`
	Summary string `json:"summary"`
	URL     string `json:"url"`
}

// HelpFlag is one flag as -json -h lists it.
type HelpFlag struct {
	Name    string `json:"name"`
	Default string `json:"default"`
	Usage   string `json:"usage"`
}

func helpData(fs *flag.FlagSet, analyzers []*analysis.Analyzer) *Help {
	h := &Help{Usage: []string{
		"exitlint [flags] [packages]",
		"go vet -vettool=$(which exitlint) [packages]",
		"go fix -fixtool=$(which exitlint) [packages]",
		"exitlint lsp",
		"exitlint probe [flags] -- CMD [ARGS…]",
	}, Checks: []HelpCheck{}, Flags: []HelpFlag{}}
	for _, a := range analyzers {
		first, _, _ := strings.Cut(a.Doc, "\n")
		h.Checks = append(h.Checks, HelpCheck{a.Name, first, a.URL})
	}
	fs.VisitAll(func(f *flag.Flag) {
		h.Flags = append(h.Flags, HelpFlag{f.Name, f.DefValue, f.Usage})
	})
	for _, e := range codes.Entries() {
		h.ExitCodes = append(h.ExitCodes, codeRow{int(e.Code), e.Name, e.Retryable.String(), e.SideEffects.String(), e.Action})
	}
	return h
}

// cacheNotes are what the cache noted during the run (an entry that could
// not be used, a GOCACHEPROG program that failed, entries that could not
// be written): they were written to stderr as they were made, and -json
// gives them as the envelope's warnings. They cost the run its cache,
// never its result.
func cacheNotes(c *driver.Cache) []string {
	if c == nil {
		return nil
	}
	return c.Notes()
}

// openCache opens the persistent cache unless it is turned off; nothing is
// created before the analysis writes. A cache directory that cannot be
// created or written costs the run its cache, not its result: the run says
// so on stderr. EXITLINT_CACHE set to a relative path is an ARG_ERROR.
// Unless EXITLINT_CACHE names a directory (or off), a GOCACHEPROG the go
// command would use keeps the entries; one that cannot be started leaves
// them to the default directory, and the run says so. The caller closes
// the cache.
func openCache(off bool, stderr io.Writer) (*driver.Cache, error) {
	if off {
		return nil, nil
	}
	dir, err := driver.DefaultCacheDir()
	set := os.Getenv("EXITLINT_CACHE") != ""
	if err != nil && set {
		return nil, exitcode.New(exitcode.ArgError, "USAGE", err.Error()).
			WithSuggestion("set EXITLINT_CACHE to an absolute directory, or to off")
	}
	if command := driver.CacheProgCommand(); command != "" && !set {
		// Started on first use, in the execute phase.
		c, perr := driver.OpenCacheProg(command, dir, stderr)
		if perr == nil {
			return c, nil
		}
		fmt.Fprintf(stderr, "exitlint: %v; using the cache directory instead\n", perr)
	}
	switch {
	case err != nil:
		fmt.Fprintf(stderr, "exitlint: running without a cache: %v\n", err)
		return nil, nil
	case dir == "":
		return nil, nil
	}
	c, err := driver.OpenCache(dir)
	if err != nil {
		fmt.Fprintf(stderr, "exitlint: running without a cache: %v\n", err)
		return nil, nil
	}
	c.Stderr = stderr
	return c, nil
}
