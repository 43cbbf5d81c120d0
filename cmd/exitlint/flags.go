package main

import (
	"flag"
	"io"
	"time"

	"github.com/exitlint/exitlint/exitcode"
)

// moreOptions are the flags that answer a question about exitlint itself
// and end the run (-version, -list-checks, -explain), and those that choose
// what the run says and where (-format, -v).
type moreOptions struct {
	version, listChecks bool
	explain             string
	// formats are the -format outputs; stdoutFormat the one of them that
	// writes to stdout in place of text, "" for none.
	formats      formatFlag
	stdoutFormat string
	// verbose is -v; rep says on stderr what the run does (progress.go).
	verbose bool
	rep     *reporter
}

// moreFlags registers moreOptions' flags.
func moreFlags(fs *flag.FlagSet, m *moreOptions) {
	fs.BoolVar(&m.version, "version", false, "print exitlint's version (the module version, or devel with the version control revision) and exit")
	fs.BoolVar(&m.listChecks, "list-checks", false, "list the checks and the helper passes they build on, each with its summary and docs page, and exit")
	fs.BoolVar(&m.verbose, "v", false, "say on stderr what the run does, stage by stage: the packages go list named, the checks chosen, what was analyzed, read from export data or reused from the cache, the findings (a line counting the packages is drawn on stderr whenever it is a terminal)")
	fs.Var(&m.formats, "format", "write the report as NAME (text, json, sarif, checkstyle, junit, github) to stdout, or with NAME=FILE to FILE; repeat for several (at most one on stdout); the exit code is the same")
	fs.StringVar(&m.explain, "explain", "", "print the documentation of a check or helper pass (what it flags and why, examples, the fix) and exit")
}

// answer answers the question the flags ask, if they ask one, and says so.
func (m *moreOptions) answer(stdout, stderr io.Writer, asJSON bool, start time.Time) (exitcode.Code, bool) {
	asked := 0
	for _, b := range []bool{m.version, m.listChecks, m.explain != ""} {
		if b {
			asked++
		}
	}
	switch {
	case asked > 1:
		return fail(stdout, stderr, asJSON, start, usageError("-version, -list-checks and -explain each answer one question: pass one of them")), true
	case m.version:
		return printVersion(stdout, asJSON, start), true
	case m.listChecks:
		return listChecks(stdout, asJSON, start), true
	case m.explain != "":
		return explain(stdout, stderr, asJSON, start, m.explain), true
	}
	return exitcode.Success, false
}
