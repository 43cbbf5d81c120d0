package main

import (
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
)

// Verdict is a judge's ruling on one line of a repository.
type Verdict string

const (
	TP    Verdict = "TP"    // a finding that is right and worth fixing
	FP    Verdict = "FP"    // a finding that is wrong
	FN    Verdict = "FN"    // a miss: exitlint should report this line with this check and does not
	Noise Verdict = "NOISE" // a finding that is technically right but not worth a user's time
)

func (v Verdict) valid() bool { return v == TP || v == FP || v == FN || v == Noise }

// Key is what a judgement is about: one check on one line of one file,
// the path relative to the repository root with forward slashes.
type Key struct {
	Path  string `json:"path"`
	Line  int    `json:"line"`
	Check string `json:"check"`
}

func (k Key) String() string { return fmt.Sprintf("%s:%d %s", k.Path, k.Line, k.Check) }

// Judgement is one line of a judged file.
type Judgement struct {
	Key
	Verdict Verdict `json:"verdict"`
	Reason  string  `json:"reason"`
	At      int     `json:"-"` // its line in the judged file
}

// Judged is a judged file: the commit it was judged at, when it says, and
// its judgements in file order.
type Judged struct {
	Commit     string
	Judgements []Judgement
}

var (
	judgementRE = regexp.MustCompile(`^(\S+):([0-9]+)\s+(\S+)\s+(\S+)\s+(.*\S)\s*$`)
	checkRE     = regexp.MustCompile(`^[a-z][a-z0-9]*$`)
	commitRE    = regexp.MustCompile(`^[0-9a-f]{40}$`)
)

// ParseJudged reads a judged file. Blank lines and lines starting with #
// are comments, except `# commit: SHA`, which names the commit the
// judgements hold for. Every other line is
//
//	path/in/repo.go:LINE check VERDICT reason
//
// name is the file's name for error messages. A malformed line, a
// judgement without a reason, or a second judgement of the same check on
// the same line is an error.
func ParseJudged(r io.Reader, name string) (*Judged, error) {
	j := &Judged{}
	seen := map[Key]int{}
	seq, done := lines(r, name)
	for n, line := range seq {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "#") {
			if c, ok := strings.CutPrefix(strings.TrimSpace(strings.TrimPrefix(line, "#")), "commit:"); ok {
				c = strings.TrimSpace(c)
				if !commitRE.MatchString(c) {
					return nil, fmt.Errorf("%s:%d: # commit: wants a full commit (40 hex digits), not %q", name, n, c)
				}
				if j.Commit != "" && j.Commit != c {
					return nil, fmt.Errorf("%s:%d: a second # commit: line (%s, the first said %s)", name, n, c, j.Commit)
				}
				j.Commit = c
			}
			continue
		}
		m := judgementRE.FindStringSubmatch(line)
		if m == nil {
			if len(strings.Fields(line)) == 3 {
				return nil, fmt.Errorf("%s:%d: a judgement needs a reason after its verdict: %q", name, n, line)
			}
			return nil, fmt.Errorf("%s:%d: not a judgement (want path/in/repo.go:LINE check VERDICT reason): %q", name, n, line)
		}
		ln, err := strconv.Atoi(m[2])
		if err != nil || ln < 1 {
			return nil, fmt.Errorf("%s:%d: line number %q is not a positive number", name, n, m[2])
		}
		k := Key{Path: m[1], Line: ln, Check: m[3]}
		switch {
		case strings.HasPrefix(k.Path, "/") || strings.HasPrefix(k.Path, "./") || strings.HasPrefix(k.Path, "../") || strings.Contains(k.Path, `\`):
			return nil, fmt.Errorf("%s:%d: path %q must be relative to the repository root, with forward slashes and no ./ or ../", name, n, k.Path)
		case !checkRE.MatchString(k.Check):
			return nil, fmt.Errorf("%s:%d: %q is not a check name", name, n, k.Check)
		}
		v := Verdict(m[4])
		if !v.valid() {
			return nil, fmt.Errorf("%s:%d: verdict %q is not one of TP, FP, FN, NOISE", name, n, m[4])
		}
		if prev, dup := seen[k]; dup {
			return nil, fmt.Errorf("%s:%d: %s is judged already on line %d", name, n, k, prev)
		}
		seen[k] = n
		j.Judgements = append(j.Judgements, Judgement{Key: k, Verdict: v, Reason: m[5], At: n})
	}
	if err := done(); err != nil {
		return nil, err
	}
	return j, nil
}
