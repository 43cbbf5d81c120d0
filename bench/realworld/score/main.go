// Command score compares exitlint's findings on real repositories with the
// hand-judged files of bench/realworld/judged. bench/realworld/run calls it;
// bench/realworld/README.md describes the files it reads.
//
//	score manifest [-half H] repos.tsv [NAME...]
//	score findings -root DIR -status FILE MODULE=ENVELOPE...
//	score report [-json] [-v] [-half H] -manifest repos.tsv -out DIR -judged DIR [NAME...]
//
// -half selects a half of the corpus: tuning (the default), heldout or all.
// A NAME of the other half is an error, so that a held-out repository is
// never run or scored by accident.
//
// manifest checks the manifest and prints the repositories of the half
// that are named (default all of them), one a line: name, owner/repo,
// commit, modules (comma-separated), patterns (space-separated), separated
// by tabs.
//
// findings reads the envelopes exitlint -json -findings-ok wrote in the
// module directories of one checkout at DIR, prints their findings sorted,
// one a line, `path:line check message` with paths relative to DIR, and
// appends what the envelopes say (packages analyzed, skipped, failed
// checks, errors) to the status file.
//
// report reads, for each repository of the half (or each NAME),
// OUT/NAME.status, OUT/NAME.findings.txt and JUDGED/NAME.txt, and prints
// per repository and per check the findings, their verdicts, the judged
// lines no longer reported, the misses now found, precision and recall;
// then the totals, per half when both are selected. -v lists the unjudged findings and the changed
// judgements; -json writes all of it as one JSON object instead.
//
// Exit codes: 0 done; 3 bad arguments or an unknown NAME; 4 a manifest,
// judged or status file is malformed (report: after printing the rest);
// 5 a file named on the command line does not exist; 1 anything else.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
)

// Exit codes, from exitlint's contract (score imports nothing outside the
// standard library).
const (
	exitSuccess      = 0
	exitGeneralError = 1
	exitArgError     = 3
	exitPrecondition = 4
	exitNotFound     = 5
)

// codedError is an error with the exit code it ends score with.
type codedError struct {
	code  int
	err   error
	usage bool // print the usage after the error
}

func (e *codedError) Error() string { return e.err.Error() }
func (e *codedError) Unwrap() error { return e.err }

func argError(format string, args ...any) error {
	return &codedError{exitArgError, fmt.Errorf(format, args...), true}
}

// unknownName is a NAME argument the manifest does not have.
func unknownName(err error) error { return &codedError{exitArgError, err, false} }

func precondition(err error) error { return &codedError{exitPrecondition, err, false} }

// fileError classifies an error opening a file named on the command line.
func fileError(err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		return &codedError{exitNotFound, err, false}
	}
	return err
}

const usage = `usage:
  score manifest [-half tuning|heldout|all] repos.tsv [NAME...]
  score findings -root DIR -status FILE MODULE=ENVELOPE...
  score report [-json] [-v] [-half tuning|heldout|all] -manifest repos.tsv -out DIR -judged DIR [NAME...]`

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	var err error
	switch {
	case len(args) == 0:
		err = argError("no command")
	case args[0] == "-h" || args[0] == "-help" || args[0] == "--help":
		fmt.Fprintln(stdout, usage)
		return exitSuccess
	case args[0] == "manifest":
		err = cmdManifest(args[1:], stdout)
	case args[0] == "findings":
		err = cmdFindings(args[1:], stdout)
	case args[0] == "report":
		err = cmdReport(args[1:], stdout)
	default:
		err = argError("unknown command %q", args[0])
	}
	if err == nil {
		return exitSuccess
	}
	fmt.Fprintln(stderr, "score:", err)
	var ce *codedError
	if !errors.As(err, &ce) {
		//exitlint:ignore fallback an error of no kind score declares: the last branch after its coded errors
		return exitGeneralError
	}
	if ce.usage {
		fmt.Fprintln(stderr, usage)
	}
	return ce.code
}

func readManifest(file string) ([]Repo, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, fileError(err)
	}
	defer f.Close()
	repos, err := ParseManifest(f, file)
	if err != nil {
		return nil, precondition(err)
	}
	return repos, nil
}

func cmdManifest(args []string, stdout io.Writer) error {
	fl := flag.NewFlagSet("manifest", flag.ContinueOnError)
	fl.SetOutput(io.Discard)
	half := fl.String("half", HalfTuning, "tuning, heldout or all")
	if err := fl.Parse(args); err != nil {
		return argError("manifest: %v", err)
	}
	args = fl.Args()
	if len(args) < 1 || strings.HasPrefix(args[0], "-") {
		return argError("manifest wants the manifest file")
	}
	repos, err := readManifest(args[0])
	if err != nil {
		return err
	}
	sel, err := Select(repos, *half, args[1:])
	if err != nil {
		return unknownName(err)
	}
	for _, r := range sel {
		fmt.Fprintf(stdout, "%s\t%s\t%s\t%s\t%s\n", r.Name, r.Repo, r.Commit, strings.Join(r.Modules, ","), strings.Join(r.Patterns, " "))
	}
	return nil
}

func cmdFindings(args []string, stdout io.Writer) error {
	fl := flag.NewFlagSet("findings", flag.ContinueOnError)
	fl.SetOutput(io.Discard)
	root := fl.String("root", "", "the checkout's directory")
	status := fl.String("status", "", "the status file to append to")
	if err := fl.Parse(args); err != nil {
		return argError("findings: %v", err)
	}
	if *root == "" || *status == "" || fl.NArg() == 0 {
		return argError("findings wants -root, -status and at least one MODULE=ENVELOPE")
	}
	type pair struct{ module, file string }
	var pairs []pair
	for _, a := range fl.Args() {
		m, file, ok := strings.Cut(a, "=")
		if !ok || m == "" || file == "" {
			return argError("findings: %q is not MODULE=ENVELOPE", a)
		}
		pairs = append(pairs, pair{m, file})
	}
	var all []Finding
	var lines []string
	for _, p := range pairs {
		b, err := os.ReadFile(p.file)
		var found []Finding
		var sum RunSummary
		if err == nil {
			found, sum, err = ReadEnvelope(b, *root, p.module)
			if err != nil {
				err = fmt.Errorf("exitlint's output %s: %w", p.file, err)
			}
		}
		lines = append(lines, statusLines(p.module, sum, err)...)
		all = append(all, found...)
	}
	sf, err := os.OpenFile(*status, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return fileError(err)
	}
	for _, l := range lines {
		fmt.Fprintln(sf, l)
	}
	if err := sf.Close(); err != nil {
		return err
	}
	SortFindings(all)
	for _, f := range all {
		fmt.Fprintln(stdout, f)
	}
	return nil
}

func cmdReport(args []string, stdout io.Writer) error {
	fl := flag.NewFlagSet("report", flag.ContinueOnError)
	fl.SetOutput(io.Discard)
	manifest := fl.String("manifest", "", "the manifest, repos.tsv")
	out := fl.String("out", "", "the directory of the run's output")
	judged := fl.String("judged", "", "the directory of the judged files")
	asJSON := fl.Bool("json", false, "write JSON")
	verbose := fl.Bool("v", false, "list unjudged findings and changed judgements")
	half := fl.String("half", HalfTuning, "tuning, heldout or all")
	if err := fl.Parse(args); err != nil {
		return argError("report: %v", err)
	}
	if *manifest == "" || *out == "" || *judged == "" {
		return argError("report wants -manifest, -out and -judged")
	}
	repos, err := readManifest(*manifest)
	if err != nil {
		return err
	}
	sel, err := Select(repos, *half, fl.Args())
	if err != nil {
		return unknownName(err)
	}
	var reps []*RepoReport
	var bad []string
	for _, rp := range sel {
		r := ScoreRepo(rp, LoadRepo(rp, *out, *judged))
		if r.invalid {
			bad = append(bad, r.JudgedFile)
		}
		reps = append(reps, r)
	}
	if *asJSON {
		if err := WriteJSON(stdout, reps); err != nil {
			return err
		}
	} else {
		WriteText(stdout, reps, *verbose)
	}
	if len(bad) > 0 {
		return precondition(fmt.Errorf("malformed judged file(s), their judgements ignored: %s", strings.Join(bad, ", ")))
	}
	return nil
}
