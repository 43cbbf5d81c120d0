package findings

import (
	"github.com/exitlint/exitlint/internal/driver"
)

// Analysis is what a run of the checks came to on the packages asked for.
type Analysis struct {
	// Findings are the checks' diagnostics, sorted (Collector.Findings).
	Findings []Finding
	// Loaded are the packages that loaded, and Unloaded those that did
	// not (driver.Package.Errors says why), each in the order given.
	Loaded, Unloaded []*driver.Package
	// Failed are the checks that failed on a package, in the order of the
	// actions: an internal error, or a panic its Guard caught. The other
	// checks' findings on that package stand.
	Failed []*driver.Action
}

// Gather is the one loop from a driver run to what every front end
// reports: the command line and the language server word the packages and
// checks that failed differently, but agree on which they are and on the
// findings, which c collects from every action that did not fail.
func Gather(roots []*driver.Package, actions []*driver.Action, c *Collector) Analysis {
	var a Analysis
	for _, p := range roots {
		if len(p.Errors()) > 0 {
			a.Unloaded = append(a.Unloaded, p)
		} else {
			a.Loaded = append(a.Loaded, p)
		}
	}
	for _, act := range actions {
		if act.Err != nil {
			a.Failed = append(a.Failed, act)
			continue
		}
		for _, d := range act.Diagnostics {
			c.Add(act.Analyzer, d)
		}
	}
	a.Findings = c.Findings()
	return a
}
