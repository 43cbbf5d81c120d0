package main

import (
	"flag"
	"io"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/exitcode"
)

// moreOptions are the flags that answer a question about exitlint itself
// and end the run.
type moreOptions struct {
	version bool
}

// moreFlags registers moreOptions' flags.
func moreFlags(fs *flag.FlagSet, m *moreOptions) {
	fs.BoolVar(&m.version, "version", false, "print exitlint's version (the module version, or devel with the version control revision) and exit")
}

// answer answers the question the flags ask, if they ask one, and says so.
func (m *moreOptions) answer(stdout, stderr io.Writer, asJSON bool, start time.Time, analyzers []*analysis.Analyzer) (exitcode.Code, bool) {
	if m.version {
		return printVersion(stdout, asJSON, start), true
	}
	return exitcode.Success, false
}
