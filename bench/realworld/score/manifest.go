package main

import (
	"fmt"
	"io"
	"path"
	"regexp"
	"strings"
)

// Repo is one line of the manifest, repos.tsv.
type Repo struct {
	Name     string   `json:"name"`
	Repo     string   `json:"repo"` // owner/name on GitHub
	Commit   string   `json:"commit"`
	Modules  []string `json:"modules"`  // module directories inside the repository, "." for the root
	Patterns []string `json:"patterns"` // package patterns given to exitlint in each module directory
	Half     string   `json:"half"`     // HalfTuning or HalfHeldOut
	Note     string   `json:"note"`
}

// The halves of the corpus. The tuning half is what checks are changed
// against; the held-out half is judged once and scored only at the end of a
// session, so that it measures how a change does on code nobody looked at
// while making it.
const (
	HalfTuning  = "tuning"
	HalfHeldOut = "heldout"
	HalfAll     = "all" // a selection, not a half: both
)

var (
	nameRE     = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]*$`)
	repoNameRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]*/[A-Za-z0-9][A-Za-z0-9._-]*$`)
)

// ParseManifest reads repos.tsv: a repository a line, seven fields
// separated by tabs (name, owner/repo, commit, modules, patterns, half,
// note); blank lines and lines starting with # are comments.
func ParseManifest(r io.Reader, name string) ([]Repo, error) {
	var repos []Repo
	seen := map[string]int{}
	seq, done := lines(r, name)
	for n, line := range seq {
		if strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 7 {
			return nil, fmt.Errorf("%s:%d: %d tab-separated fields, want 7 (name, owner/repo, commit, modules, patterns, half, note)", name, n, len(f))
		}
		for i := range f {
			f[i] = strings.TrimSpace(f[i])
		}
		rp := Repo{Name: f[0], Repo: f[1], Commit: f[2], Patterns: strings.Fields(f[4]), Half: f[5], Note: f[6]}
		switch {
		case !nameRE.MatchString(rp.Name):
			return nil, fmt.Errorf("%s:%d: name %q: lower-case letters, digits, '.', '_' and '-' only", name, n, rp.Name)
		case !repoNameRE.MatchString(rp.Repo):
			return nil, fmt.Errorf("%s:%d: repository %q is not owner/name", name, n, rp.Repo)
		case !commitRE.MatchString(rp.Commit):
			return nil, fmt.Errorf("%s:%d: commit %q: want the full commit, 40 lower-case hex digits", name, n, rp.Commit)
		case len(rp.Patterns) == 0:
			return nil, fmt.Errorf("%s:%d: no package patterns", name, n)
		case rp.Half != HalfTuning && rp.Half != HalfHeldOut:
			return nil, fmt.Errorf("%s:%d: half %q: want %s or %s", name, n, rp.Half, HalfTuning, HalfHeldOut)
		case rp.Note == "":
			return nil, fmt.Errorf("%s:%d: say in a note why %s is in the set", name, n, rp.Name)
		}
		for _, m := range strings.Split(f[3], ",") {
			m = strings.TrimSpace(m)
			if m == "" || path.IsAbs(m) || path.Clean(m) != m || m == ".." || strings.HasPrefix(m, "../") {
				return nil, fmt.Errorf("%s:%d: module directory %q: want a clean path inside the repository (. for its root)", name, n, m)
			}
			rp.Modules = append(rp.Modules, m)
		}
		if prev, dup := seen[rp.Name]; dup {
			return nil, fmt.Errorf("%s:%d: %s is on line %d already", name, n, rp.Name, prev)
		}
		seen[rp.Name] = n
		repos = append(repos, rp)
	}
	if err := done(); err != nil {
		return nil, err
	}
	if len(repos) == 0 {
		return nil, fmt.Errorf("%s: no repositories", name)
	}
	return repos, nil
}

// Select returns the repositories of half (HalfTuning, HalfHeldOut or
// HalfAll) that are named, in the manifest's order, or all of the half's
// when names is empty. An unknown name is an error, and so is a name of the
// other half: a held-out repository is never scored by accident.
func Select(repos []Repo, half string, names []string) ([]Repo, error) {
	if half != HalfTuning && half != HalfHeldOut && half != HalfAll {
		return nil, fmt.Errorf("half %q: want %s, %s or %s", half, HalfTuning, HalfHeldOut, HalfAll)
	}
	inHalf := func(r Repo) bool { return half == HalfAll || r.Half == half }
	if len(names) == 0 {
		var out []Repo
		for _, r := range repos {
			if inHalf(r) {
				out = append(out, r)
			}
		}
		return out, nil
	}
	want := map[string]bool{}
	for _, n := range names {
		want[n] = true
	}
	var out []Repo
	var other []string
	for _, r := range repos {
		if want[r.Name] {
			if !inHalf(r) {
				other = append(other, r.Name)
			}
			out = append(out, r)
			delete(want, r.Name)
		}
	}
	if len(other) > 0 {
		return nil, fmt.Errorf("%s not in the %s half (select it with -half %s or -half %s)", strings.Join(other, ", "), half, HalfAll, otherHalf(half))
	}
	if len(want) > 0 {
		var unknown, all []string
		for _, n := range names {
			if want[n] {
				unknown = append(unknown, n)
			}
		}
		for _, r := range repos {
			all = append(all, r.Name)
		}
		return nil, fmt.Errorf("no repository %s in the manifest (it has %s)", strings.Join(unknown, ", "), strings.Join(all, ", "))
	}
	return out, nil
}

func otherHalf(h string) string {
	if h == HalfHeldOut {
		return HalfTuning
	}
	return HalfHeldOut
}
