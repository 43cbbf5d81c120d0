package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Status is what a run recorded about one repository in <name>.status:
// lines of key<TAB>value, a key may repeat. bench/realworld/run writes
//
//	commit         the commit checked out
//	setup_seconds  wall time of the checkout and go mod download
//	module         DIR EXIT SECONDS: exitlint's exit code and wall time in one module directory
//	error          a problem that kept (part of) the repository from being analyzed
//
// and score findings appends, from the envelopes,
//
//	analyzed  the number of packages analyzed in one module directory ("?" when not known)
//	skipped   package: first error, for each package exitlint could not analyze
//	failed    package: check: error, for each check that failed on a package
//	error     an envelope without findings, or output that is no envelope
type Status struct {
	Commit       string
	SetupSeconds float64
	Modules      []ModuleRun
	Analyzed     int  // summed over the module directories
	AnalyzedSome bool // some module directory said how many
	Skipped      []string
	Failed       []string
	Errors       []string
}

// ModuleRun is one run of exitlint.
type ModuleRun struct {
	Dir     string  `json:"dir"`
	Exit    int     `json:"exit"`
	Seconds float64 `json:"seconds"`
}

// Seconds is exitlint's wall time summed over the module directories.
func (s *Status) Seconds() float64 {
	t := 0.0
	for _, m := range s.Modules {
		t += m.Seconds
	}
	return t
}

// ParseStatus reads a status file.
func ParseStatus(r io.Reader, name string) (*Status, error) {
	s := &Status{}
	seq, done := lines(r, name)
	for n, line := range seq {
		key, val, ok := strings.Cut(line, "\t")
		if !ok {
			return nil, fmt.Errorf("%s:%d: want key<TAB>value: %q", name, n, line)
		}
		bad := func() error { return fmt.Errorf("%s:%d: bad %s value %q", name, n, key, val) }
		switch key {
		case "commit":
			s.Commit = val
		case "setup_seconds":
			v, err := strconv.ParseFloat(val, 64)
			if err != nil {
				return nil, bad()
			}
			s.SetupSeconds = v
		case "module":
			f := strings.Fields(val)
			if len(f) != 3 {
				return nil, bad()
			}
			code, err1 := strconv.Atoi(f[1])
			secs, err2 := strconv.ParseFloat(f[2], 64)
			if err1 != nil || err2 != nil {
				return nil, bad()
			}
			s.Modules = append(s.Modules, ModuleRun{Dir: f[0], Exit: code, Seconds: secs})
		case "analyzed":
			if val == "?" {
				continue
			}
			v, err := strconv.Atoi(val)
			if err != nil {
				return nil, bad()
			}
			s.Analyzed += v
			s.AnalyzedSome = true
		case "skipped":
			s.Skipped = append(s.Skipped, val)
		case "failed":
			s.Failed = append(s.Failed, val)
		case "error":
			s.Errors = append(s.Errors, val)
		default:
			// Unknown keys are for readers, not for the score.
		}
	}
	if err := done(); err != nil {
		return nil, err
	}
	return s, nil
}

// statusLines is what score findings appends to the status file for one
// module directory's envelope.
func statusLines(module string, sum RunSummary, err error) []string {
	var out []string
	if err != nil {
		return append(out, "error\t"+module+": "+oneLine(err.Error()))
	}
	if sum.Analyzed < 0 {
		out = append(out, "analyzed\t?")
	} else {
		out = append(out, "analyzed\t"+strconv.Itoa(sum.Analyzed))
	}
	for _, s := range sum.Skipped {
		out = append(out, "skipped\t"+oneLine(s))
	}
	for _, s := range sum.Failed {
		out = append(out, "failed\t"+oneLine(s))
	}
	if sum.Error != "" {
		out = append(out, "error\t"+module+": exitlint analyzed nothing: "+oneLine(sum.Error))
	}
	return out
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
