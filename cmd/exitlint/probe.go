package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/exitlint/exitlint/envelope"
	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/internal/configfile"
	"github.com/exitlint/exitlint/internal/probe"
	"github.com/exitlint/exitlint/internal/regularfile"
)

// probeOptions are the flags of exitlint probe.
type probeOptions struct {
	json, sarif, findingsOK, verbose bool
	jsonAlways                       bool
	file                             string
	jsonArgs, jsonAt, schema         string
	jsonEnv, env, skip               listFlag
	manifest                         string
	timeout                          time.Duration
}

// listFlag is a flag given once per value.
type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

func probeFlags(o *probeOptions) *flag.FlagSet {
	fs := flag.NewFlagSet("exitlint probe", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.BoolVar(&o.json, "json", false, "write one response envelope (JSON) instead of text")
	fs.BoolVar(&o.sarif, "sarif", false, "write a SARIF 2.1.0 log instead of text (a rule per check; the findings have no source position)")
	fs.BoolVar(&o.findingsOK, "findings-ok", false, "exit 0 when probes fail, with the report as the envelope's data")
	fs.BoolVar(&o.verbose, "v", false, "write each call to stderr as it ends")
	fs.StringVar(&o.file, "file", "", "the probe file to read (default: "+probe.FileName+" in the working directory, when there is one)")
	fs.StringVar(&o.jsonArgs, "json-args", "", "the flags that switch the program's JSON mode on, as one string (\"--json\", \"-o json\"); default: the probe file's json.args, else none (the program always answers in JSON)")
	fs.StringVar(&o.jsonAt, "json-at", "", "where -json-args go: command (after the command's words; the default), first (right after the program) or last")
	fs.Var(&o.jsonEnv, "json-env", "NAME=VALUE: a variable that switches the program's JSON mode on (repeatable)")
	fs.BoolVar(&o.jsonAlways, "json-always", false, "the program answers every call in JSON with no switch: hold every answer to the envelope (without it, and without -json-args or -json-env, a program that answers no call with JSON is taken to have no JSON mode)")
	fs.Var(&o.env, "env", "NAME=VALUE, or NAME to pass exitlint's own value: a variable every call gets besides PATH and the sandbox's (repeatable)")
	fs.StringVar(&o.manifest, "manifest", "", "a file holding the program's manifest (as its schema command prints it, the envelope or its data); default: ask the program's schema command when its help lists one")
	fs.StringVar(&o.schema, "schema", "", "the command line, after the program, that prints its manifest (\"schema\", \"describe --all\")")
	fs.DurationVar(&o.timeout, "timeout", 0, "the time limit of each call (default: the probe file's timeout, else 10s)")
	fs.Var(&o.skip, "skip", "a probe not to run, or a per-command probe and a command (\"bad_flag sync\") (repeatable; comma-separated too)")
	return fs
}

// probeCommand runs `exitlint probe [flags] -- CMD [ARGS…]`: it runs a
// built program through the probes (internal/probe) and reports each
// broken promise as a finding, with exitlint's exit codes and outputs.
// Everything the command line and the files say is checked before the
// first call: a mistake there is an ARG_ERROR with nothing run.
func probeCommand(args []string, stdout, stderr io.Writer) exitcode.Code {
	start := time.Now()
	var o probeOptions
	fs := probeFlags(&o)
	wantJSON := jsonRequested(fs, args)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			if wantJSON {
				return writeEnvelope(stdout, start, exitcode.Success, probeHelpData(fs), nil)
			}
			probeUsage(stdout, fs)
			return exitcode.Success
		}
		return fail(stdout, stderr, wantJSON, start, probeUsageError("%v", err))
	}
	if o.json && o.sarif {
		return fail(stdout, stderr, true, start, probeUsageError("-json and -sarif both choose the output: pass one"))
	}
	cfg, err := o.config(fs.Args())
	if err != nil {
		return fail(stdout, stderr, o.json, start, err)
	}
	if o.verbose {
		cfg.Progress = stderr
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	rep, runErr := probe.Run(ctx, cfg)
	return probeReport(stdout, stderr, o, start, rep, probeRunError(ctx, runErr))
}

// probeUsageError is a bad command line of exitlint probe.
func probeUsageError(format string, args ...any) error {
	return exitcode.New(exitcode.ArgError, "USAGE", fmt.Sprintf(format, args...)).
		WithSuggestion("run exitlint probe -h for the flags and the probes")
}

// config builds the probe run's configuration from the flags, the probe
// file and the command line (CMD ARGS…), checking each.
func (o *probeOptions) config(command []string) (probe.Config, error) {
	var cfg probe.Config
	if len(command) == 0 {
		return cfg, probeUsageError("name the program to probe: exitlint probe [flags] -- CMD [ARGS…]")
	}
	file, err := o.probeFile()
	if err != nil {
		return cfg, err
	}
	if file == nil {
		file = &probe.File{}
	}
	cfg = probe.Config{Timeout: file.Timeout, Schema: file.Schema, Commands: file.Commands, Codes: file.Codes,
		Invocations: file.Invocations, Interrupts: file.Interrupts, Skip: file.Skip}
	if o.timeout < 0 {
		return cfg, probeUsageError("-timeout %s: the time limit must be positive", o.timeout)
	}
	if o.timeout > 0 {
		cfg.Timeout = o.timeout
	}
	if cfg.JSON, err = o.jsonMode(file); err != nil {
		return cfg, err
	}
	if cfg.Env, err = o.environment(file); err != nil {
		return cfg, err
	}
	for _, s := range o.skip {
		for _, one := range strings.Split(s, ",") {
			if err := probe.CheckSkip(one); err != nil {
				return cfg, probeUsageError("-skip: %v", err)
			}
			cfg.Skip = append(cfg.Skip, strings.TrimSpace(one))
		}
	}
	if o.schema != "" {
		cfg.Schema = strings.Fields(o.schema)
	}
	manifest := file.Manifest
	if o.manifest != "" {
		manifest = o.manifest
	}
	if manifest != "" {
		if cfg.Manifest, err = readManifest(manifest); err != nil {
			return cfg, err
		}
		cfg.ManifestSource = manifest
	}
	program, err := findProgram(command[0], envValue(cfg.Env, "PATH"))
	if err != nil {
		return cfg, err
	}
	cfg.Command = append([]string{program}, command[1:]...)
	return cfg, nil
}

// probeFile reads the probe file -file names, or the one in the working
// directory.
func (o *probeOptions) probeFile() (*probe.File, error) {
	path := o.file
	if path == "" {
		wd, _ := os.Getwd()
		if path = probe.FindFile(wd); path == "" {
			return nil, nil
		}
	}
	f, err := probe.LoadFile(path)
	if err != nil {
		var ce *configfile.Error
		msg := err.Error()
		if errors.As(err, &ce) {
			msg = ce.Error()
		}
		return nil, exitcode.New(exitcode.ArgError, "BAD_PROBE_FILE", msg).
			WithSuggestion("correct the probe file at that line; docs/probe.md lists its keys")
	}
	return f, nil
}

func (o *probeOptions) jsonMode(file *probe.File) (probe.JSONMode, error) {
	var m probe.JSONMode
	if file.JSON != nil {
		m = *file.JSON
	}
	if o.jsonArgs != "" {
		m.Args = strings.Fields(o.jsonArgs)
	}
	if o.jsonAt != "" {
		at, err := probe.ParsePosition(o.jsonAt)
		if err != nil {
			return m, probeUsageError("-json-at: %v", err)
		}
		m.At = at
	}
	for _, kv := range o.jsonEnv {
		if err := probe.CheckEnv(kv); err != nil {
			return m, probeUsageError("-json-env: %v", err)
		}
		m.Env = append(m.Env, kv)
	}
	switch {
	case o.jsonAlways && (o.jsonArgs != "" || len(o.jsonEnv) > 0):
		return m, probeUsageError("-json-always says the program answers in JSON with no switch, and -json-args or -json-env gives one: pass one or the other")
	case o.jsonAlways:
		m.Args, m.Env, m.Always = nil, nil, true
	case o.jsonArgs != "" || len(o.jsonEnv) > 0:
		m.Always = false // the flags' switch overrides the file's always
	}
	return m, nil
}

// environment is what every call gets besides the sandbox's variables:
// PATH (exitlint's own unless set), then the probe file's, then the
// flags'.
func (o *probeOptions) environment(file *probe.File) ([]string, error) {
	env := []string{"PATH=" + os.Getenv("PATH")}
	set := func(kv string) {
		name, _, _ := strings.Cut(kv, "=")
		env = slices.DeleteFunc(env, func(e string) bool { return strings.HasPrefix(e, name+"=") })
		env = append(env, kv)
	}
	for _, kv := range file.Env {
		set(kv)
	}
	for _, v := range o.env {
		if !strings.Contains(v, "=") {
			v += "=" + os.Getenv(v)
		}
		if err := probe.CheckEnv(v); err != nil {
			return nil, probeUsageError("-env: %v", err)
		}
		set(v)
	}
	return env, nil
}

func envValue(env []string, name string) string {
	for _, kv := range slices.Backward(env) {
		if v, ok := strings.CutPrefix(kv, name+"="); ok {
			return v
		}
	}
	return ""
}

// maxManifest bounds a manifest file: a manifest lists each command's
// codes and data schema, kilobytes for most programs.
const maxManifest = 64 << 20

// readManifest reads a manifest file: the manifest as JSON, or an
// envelope whose data is one.
func readManifest(path string) (*envelope.Manifest, error) {
	bad := func(msg string) error {
		return exitcode.New(exitcode.ArgError, "BAD_MANIFEST", fmt.Sprintf("-manifest %s: %s", path, msg)).
			WithSuggestion("give the file the program's schema command writes (program schema > manifest.json), or leave -manifest out to ask the program")
	}
	data, err := regularfile.Read(path, maxManifest)
	if err != nil {
		return nil, bad("cannot be read: " + err.Error())
	}
	var doc struct {
		Data     *envelope.Manifest `json:"data"`
		Commands json.RawMessage    `json:"commands"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, bad("not a JSON object: " + err.Error())
	}
	m := doc.Data
	if doc.Commands != nil {
		m = new(envelope.Manifest)
		if err := json.Unmarshal(data, m); err != nil {
			return nil, bad(err.Error())
		}
	}
	if m == nil || len(m.Commands) == 0 {
		return nil, bad("it lists no commands: want a manifest {program, commands, result_types, ...} or an envelope whose data is one")
	}
	return m, nil
}

// findProgram resolves the program to an absolute path: a name with a
// slash from the working directory, a bare name on path (PATH as the
// calls get it).
func findProgram(name, path string) (string, error) {
	notFound := func(msg string) error {
		return exitcode.New(exitcode.NotFound, "PROGRAM_NOT_FOUND", msg).
			WithSuggestion("build the program and name its path (exitlint probe -- ./bin/tool), or put its directory on PATH")
	}
	var candidates []string
	if strings.ContainsRune(name, os.PathSeparator) || strings.Contains(name, "/") {
		candidates = []string{name}
	} else {
		for _, dir := range filepath.SplitList(path) {
			if dir == "" {
				dir = "."
			}
			candidates = append(candidates, filepath.Join(dir, name))
		}
	}
	var notExecutable string
	for _, c := range candidates {
		abs, err := filepath.Abs(c)
		if err != nil {
			continue
		}
		info, err := os.Stat(abs)
		switch {
		case err != nil:
			continue
		case info.IsDir():
			notExecutable = abs + " is a directory"
		case info.Mode()&0o111 == 0:
			notExecutable = abs + " is not executable"
		default:
			return abs, nil
		}
	}
	if notExecutable != "" {
		return "", exitcode.New(exitcode.ArgError, "PROGRAM_NOT_EXECUTABLE", notExecutable).
			WithSuggestion("name a built program, or run a script through its interpreter (exitlint probe -- sh ./tool.sh)")
	}
	if len(candidates) == 1 && candidates[0] == name {
		return "", notFound(fmt.Sprintf("%s: no such file", name))
	}
	return "", notFound(fmt.Sprintf("%s: not found on PATH", name))
}

// probeRunError is how a probe run that did not finish ends: interrupted
// (TIMEOUT, the contract's code for work cut short), or a program or
// sandbox that could not be used (PRECONDITION). Nothing outside the
// sandboxes changed either way: they are removed.
func probeRunError(ctx context.Context, err error) error {
	switch {
	case err == nil:
		return nil
	case ctx.Err() != nil:
		return exitcode.New(exitcode.Timeout, "INTERRUPTED", "exitlint probe was interrupted before every probe ran").
			WithPhase(exitcode.PhaseExecution).WithRetryable(true).
			WithSuggestion("run exitlint probe again")
	}
	return exitcode.New(exitcode.Precondition, "CANNOT_RUN", err.Error()).
		WithSuggestion("check that the program starts on this system (its interpreter line, its architecture) and that the temporary directory is writable")
}

// probeReport writes how the probe run ended in the format o chose and
// returns its exit code.
func probeReport(stdout, stderr io.Writer, o probeOptions, start time.Time, rep *probe.Report, runErr error) exitcode.Code {
	code, err := probeOutcome(rep, o.findingsOK, runErr)
	switch {
	case o.sarif:
		if werr := writeProbeSARIF(stdout, rep, code); werr != nil {
			fmt.Fprintf(stderr, "exitlint: writing the SARIF log: %v\n", werr)
			return exitcode.GeneralError
		}
		if runErr != nil {
			fmt.Fprintf(stderr, "exitlint: %v\n", runErr)
		}
		return code
	case o.json:
		var data *probe.Report
		if err == nil {
			data = rep
		}
		return writeEnvelope(stdout, start, code, data, err)
	}
	for i, f := range rep.Findings {
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		fmt.Fprintln(stdout, f.Text())
	}
	if rep.JSONMode == probe.NoJSONMode {
		fmt.Fprintf(stderr, "exitlint probe: JSON mode: %s\n", rep.JSONMode)
	}
	for _, r := range rep.Runs {
		if r.Note != "" {
			fmt.Fprintf(stderr, "exitlint probe: %s: %s: %s\n", r.Probe, envelope.ShellQuote(r.Args...), r.Note)
		}
	}
	if runErr != nil {
		// The findings are on stdout already: stderr says why the run
		// stopped.
		return fail(io.Discard, stderr, false, start, runErr)
	}
	return code
}

// probeOutcome is the exit code of a probe run and its envelope's error:
// the run's own error first, then FINDINGS when a probe failed (unless
// findingsOK).
func probeOutcome(rep *probe.Report, findingsOK bool, runErr error) (exitcode.Code, error) {
	var lines []string
	for _, f := range rep.Findings {
		lines = append(lines, f.Text())
	}
	var xe *exitcode.Error
	switch {
	case runErr != nil && errors.As(runErr, &xe) && len(lines) > 0:
		// The findings of the calls made are no less true.
		xe = xe.WithDetail(fmt.Sprintf("%d finding(s) from the %d call(s) made:\n%s", len(lines), len(rep.Runs), strings.Join(lines, "\n")))
		return exitcode.FromError(xe), xe
	case runErr != nil:
		return exitcode.FromError(runErr), runErr
	case len(rep.Findings) > 0 && !findingsOK:
		probes := map[string]bool{}
		for _, f := range rep.Findings {
			probes[f.Probe] = true
		}
		err := exitcode.New(Findings, "FINDINGS", fmt.Sprintf("%d finding(s) from %d probe(s) in %d call(s)", len(rep.Findings), len(probes), len(rep.Runs))).
			WithDetail(strings.Join(lines, "\n")).
			WithSuggestion("change the program where each finding says (docs/probe.md explains each check), or run with -json -findings-ok to receive the report as data")
		return Findings, err
	}
	return exitcode.Success, nil
}

// probeUsage prints exitlint probe's help.
func probeUsage(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprintf(w, `exitlint probe runs a built command-line program (any language) in a sandbox,
through calls an agent makes, and reports each promise of the agent CLI
contract the answers break.

Usage:
  exitlint probe [flags] -- CMD [ARGS…]

Probes: %s
The probe file (%s) says what only the program's authors know: how JSON
mode is switched on, command lines that are safe to run with their codes, a
command to interrupt, probes to skip. docs/probe.md describes both.

Flags:
`, strings.Join(probe.Probes, ", "), probe.FileName)
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
	fmt.Fprintf(w, "\nExit codes: 0 when every probe passed, 80 (FINDINGS) when one failed, 3 (ARG_ERROR) for a bad\ncommand line or probe file, 5 (NOT_FOUND) when the program is not found, 4 (PRECONDITION) when\nit cannot be started, 10 (TIMEOUT) when exitlint probe is interrupted.\n")
}

// ProbeHelp is the data of exitlint probe -json -h.
type ProbeHelp struct {
	Usage  []string      `json:"usage"`
	Probes []string      `json:"probes"`
	Checks []probe.Check `json:"checks"`
	Flags  []HelpFlag    `json:"flags"`
	File   string        `json:"file"`
}

func probeHelpData(fs *flag.FlagSet) *ProbeHelp {
	h := &ProbeHelp{Usage: []string{"exitlint probe [flags] -- CMD [ARGS…]"}, Probes: probe.Probes, Checks: probe.Checks, Flags: []HelpFlag{}, File: probe.FileName}
	fs.VisitAll(func(f *flag.Flag) {
		h.Flags = append(h.Flags, HelpFlag{f.Name, f.DefValue, f.Usage})
	})
	return h
}
