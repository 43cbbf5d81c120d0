package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
)

// The states of a repository in a report.
const (
	StateOK      = "ok"      // every package analyzed, every check ran
	StatePartial = "partial" // findings, but some packages skipped, checks failed or module directories not analyzed
	StateFailed  = "failed"  // nothing analyzed
	StateNotRun  = "not run" // no output of a run for this repository
	StateStale   = "stale"   // the output is of another commit than the manifest pins
)

// RepoReport is the score of one repository.
type RepoReport struct {
	Name         string             `json:"name"`
	Repo         string             `json:"repo"`
	Commit       string             `json:"commit"`
	Half         string             `json:"half"`
	State        string             `json:"state"`
	Problems     []string           `json:"problems"` // why the state is not ok, and trouble with the judged file
	Modules      []ModuleRun        `json:"modules"`
	Analyzed     int                `json:"analyzed"` // packages; -1 when not known
	Skipped      []string           `json:"skipped"`
	Failed       []string           `json:"failed"`
	Seconds      float64            `json:"seconds"`       // exitlint's wall time
	SetupSeconds float64            `json:"setup_seconds"` // checkout and go mod download
	JudgedFile   string             `json:"judged_file"`
	Judgements   int                `json:"judgements"` // judgements compared (0 when the file is missing, stale or invalid)
	Checks       map[string]*Counts `json:"-"`
	All          Counts             `json:"-"`
	Changes      *Changes           `json:"changes"`
	invalid      bool               // the judged file is malformed
}

// scored reports whether the repository's findings count in the totals.
func (r *RepoReport) scored() bool { return r.State == StateOK || r.State == StatePartial }

// Inputs is what scoring one repository reads; a nil field was not there.
type Inputs struct {
	Status     *Status
	StatusErr  error // reading or parsing the status file
	Findings   []Finding
	FindingErr error // reading or parsing the findings file
	Judged     *Judged
	JudgedErr  error // reading or parsing the judged file; fs.ErrNotExist when there is none
	JudgedFile string
}

// ScoreRepo scores one repository from what the run left and its judged file.
func ScoreRepo(rp Repo, in Inputs) *RepoReport {
	r := &RepoReport{Name: rp.Name, Repo: rp.Repo, Commit: rp.Commit, Half: rp.Half, Analyzed: -1, JudgedFile: in.JudgedFile,
		Problems: []string{}, Skipped: []string{}, Failed: []string{}, Modules: []ModuleRun{}}
	var js []Judgement
	switch {
	case errors.Is(in.JudgedErr, fs.ErrNotExist):
		r.Problems = append(r.Problems, "no judged file "+in.JudgedFile+": every finding is unjudged")
	case in.JudgedErr != nil:
		r.invalid = true
		r.Problems = append(r.Problems, "judged file invalid, judgements ignored: "+in.JudgedErr.Error())
	case in.Judged.Commit != "" && in.Judged.Commit != rp.Commit:
		r.Problems = append(r.Problems, fmt.Sprintf("%s was judged at %s, the manifest pins %s: judgements ignored until judged again", in.JudgedFile, short(in.Judged.Commit), short(rp.Commit)))
	default:
		js = in.Judged.Judgements
		r.Judgements = len(js)
	}
	st := in.Status
	switch {
	case st == nil && (in.StatusErr == nil || errors.Is(in.StatusErr, fs.ErrNotExist)):
		r.State = StateNotRun
	case st == nil:
		r.State = StateFailed
		r.Problems = append(r.Problems, in.StatusErr.Error())
	case st.Commit != rp.Commit:
		r.State = StateStale
		r.Problems = append(r.Problems, fmt.Sprintf("the output is of commit %s, the manifest pins %s: run again", short(st.Commit), short(rp.Commit)))
	default:
		r.Modules = append(r.Modules, st.Modules...)
		r.Seconds, r.SetupSeconds = st.Seconds(), st.SetupSeconds
		if st.AnalyzedSome {
			r.Analyzed = st.Analyzed
		}
		r.Skipped = append(r.Skipped, st.Skipped...)
		r.Failed = append(r.Failed, st.Failed...)
		r.Problems = append(r.Problems, st.Errors...)
		switch {
		case in.FindingErr != nil:
			r.State = StateFailed
			r.Problems = append(r.Problems, "findings: "+in.FindingErr.Error())
		case len(st.Modules) == 0,
			len(in.Findings) == 0 && r.Analyzed == 0,
			len(in.Findings) == 0 && !st.AnalyzedSome && len(st.Failed) == 0:
			r.State = StateFailed // no module directory analyzed a package
		case len(st.Errors) > 0 || len(st.Skipped) > 0 || len(st.Failed) > 0:
			r.State = StatePartial
		default:
			r.State = StateOK
		}
		if len(st.Skipped) > 0 {
			r.Problems = append(r.Problems, fmt.Sprintf("%d package(s) skipped: they do not load or type-check", len(st.Skipped)))
		}
		if len(st.Failed) > 0 {
			r.Problems = append(r.Problems, fmt.Sprintf("%d check run(s) failed on a package: a bug in exitlint", len(st.Failed)))
		}
	}
	if !r.scored() {
		r.Checks = map[string]*Counts{}
		r.Changes = &Changes{}
		return r
	}
	r.Checks, r.Changes = Score(in.Findings, js)
	for _, c := range r.Checks {
		r.All.add(*c)
	}
	return r
}

func short(commit string) string {
	if len(commit) > 12 {
		return commit[:12]
	}
	return commit
}

// LoadRepo reads a repository's files: <out>/<name>.status,
// <out>/<name>.findings.txt and <judged>/<name>.txt.
func LoadRepo(rp Repo, outDir, judgedDir string) Inputs {
	in := Inputs{JudgedFile: filepath.Join(judgedDir, rp.Name+".txt")}
	if f, err := os.Open(filepath.Join(outDir, rp.Name+".status")); err != nil {
		in.StatusErr = err
	} else {
		in.Status, in.StatusErr = ParseStatus(f, f.Name())
		f.Close()
	}
	if in.Status != nil {
		if f, err := os.Open(filepath.Join(outDir, rp.Name+".findings.txt")); err != nil {
			in.FindingErr = err
		} else {
			in.Findings, in.FindingErr = ParseFindings(f, f.Name())
			f.Close()
		}
	}
	if f, err := os.Open(in.JudgedFile); err != nil {
		in.JudgedErr = err
	} else {
		in.Judged, in.JudgedErr = ParseJudged(f, in.JudgedFile)
		f.Close()
	}
	return in
}

// Totals sums the scored repositories, per check and in all.
func Totals(reps []*RepoReport) (map[string]*Counts, Counts) {
	per := map[string]*Counts{}
	var all Counts
	for _, r := range reps {
		if !r.scored() {
			continue
		}
		for name, c := range r.Checks {
			if per[name] == nil {
				per[name] = &Counts{}
			}
			per[name].add(*c)
		}
		all.add(r.All)
	}
	return per, all
}

const countsHeader = "findings\tTP\tFP\tNOISE\tunjudged\tfixedFP\tlostTP\tgoneNOISE\tFNfound\tFNmissed\tprecision\tstrictP\trecall"

// countsColumns is the number of columns countsRow writes.
const countsColumns = 13

func countsRow(c Counts) string {
	p, pok := c.Precision()
	sp, spok := c.StrictPrecision()
	rc, rok := c.Recall()
	return fmt.Sprintf("%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%s\t%s\t%s",
		c.Findings, c.TP, c.FP, c.Noise, c.Unjudged, c.FixedFP, c.LostTP, c.GoneNoise, c.FNFound, c.FNMissed, ratio(p, pok), ratio(sp, spok), ratio(rc, rok))
}

func ratio(v float64, ok bool) string {
	if !ok {
		return "-"
	}
	return fmt.Sprintf("%.2f", v)
}

func checkTable(w io.Writer, per map[string]*Counts, all Counts) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	rows := checkOrder(per)
	width := len("check")
	for _, name := range rows {
		width = max(width, len(name))
	}
	fmt.Fprintf(tw, "%-*s\t%s\t\n", width, "check", countsHeader)
	for _, name := range rows {
		c := per[name]
		if c == nil {
			c = &Counts{}
		}
		fmt.Fprintf(tw, "%-*s\t%s\t\n", width, name, countsRow(*c))
	}
	fmt.Fprintf(tw, "%-*s\t%s\t\n", width, "all", countsRow(all))
	tw.Flush()
}

// WriteText writes the report as tables: one per repository, per check,
// then the totals per repository and per check. verbose lists, under each
// repository, the unjudged findings and the judged lines whose outcome
// changed.
func WriteText(w io.Writer, reps []*RepoReport, verbose bool) {
	for _, r := range reps {
		fmt.Fprintf(w, "== %s  %s@%s  %s", r.Name, r.Repo, short(r.Commit), r.State)
		switch {
		case r.scored():
			pk := "?"
			if r.Analyzed >= 0 {
				pk = fmt.Sprint(r.Analyzed)
			}
			fmt.Fprintf(w, ": %s packages analyzed in %.1f s (setup %.1f s)", pk, r.Seconds, r.SetupSeconds)
		case r.State == StateFailed && len(r.Modules) > 0:
			fmt.Fprintf(w, ": exitlint ran %.1f s and analyzed nothing", r.Seconds)
		case r.State == StateFailed:
			fmt.Fprint(w, ": exitlint did not run")
		}
		fmt.Fprintf(w, "; %d judgements (%s)\n", r.Judgements, r.JudgedFile)
		for _, p := range r.Problems {
			fmt.Fprintf(w, "   problem: %s\n", p)
		}
		for _, s := range r.Skipped {
			fmt.Fprintf(w, "   skipped: %s\n", s)
		}
		for _, s := range r.Failed {
			fmt.Fprintf(w, "   failed:  %s\n", s)
		}
		if !r.scored() {
			fmt.Fprintln(w)
			continue
		}
		checkTable(w, r.Checks, r.All)
		if verbose {
			ch := r.Changes
			for _, f := range ch.Unjudged {
				fmt.Fprintf(w, "   unjudged:  %s\n", f)
			}
			for _, l := range []struct {
				what string
				js   []Judgement
			}{{"lost TP:  ", ch.LostTP}, {"fixed FP: ", ch.FixedFP}, {"gone NOISE:", ch.Gone}, {"FN found: ", ch.FNFound}, {"FN missed:", ch.FNMissed}} {
				for _, j := range l.js {
					fmt.Fprintf(w, "   %s %s  (%s)\n", l.what, j.Key, j.Reason)
				}
			}
		}
		fmt.Fprintln(w)
	}
	per, all := Totals(reps)
	fmt.Fprintln(w, "== all repositories")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	nw, sw := len("repo"), len("state")
	for _, r := range reps {
		nw, sw = max(nw, len(r.Name)), max(sw, len(r.State))
	}
	fmt.Fprintf(tw, "%-*s\t%-*s\thalf\tpackages\tseconds\t%s\t\n", nw, "repo", sw, "state", countsHeader)
	for _, r := range reps {
		if !r.scored() {
			fmt.Fprintf(tw, "%-*s\t%-*s\t%s\t-\t-\t%s\t\n", nw, r.Name, sw, r.State, r.Half, strings.Repeat("-\t", countsColumns-1)+"-")
			continue
		}
		pk := "?"
		if r.Analyzed >= 0 {
			pk = fmt.Sprint(r.Analyzed)
		}
		fmt.Fprintf(tw, "%-*s\t%-*s\t%s\t%s\t%.1f\t%s\t\n", nw, r.Name, sw, r.State, r.Half, pk, r.Seconds, countsRow(r.All))
	}
	fmt.Fprintf(tw, "%-*s\t%-*s\t\t\t\t%s\t\n", nw, "all", sw, "", countsRow(all))
	tw.Flush()
	if halves := byHalf(reps); len(halves) > 1 {
		for _, h := range []string{HalfTuning, HalfHeldOut} {
			hp, ha := Totals(halves[h])
			fmt.Fprintf(w, "\n== the %s half (%d repositories)\n", h, len(halves[h]))
			checkTable(w, hp, ha)
		}
		fmt.Fprintln(w, "\n== both halves")
	} else {
		fmt.Fprintln(w)
	}
	checkTable(w, per, all)
	var left []string
	for _, r := range reps {
		if !r.scored() {
			left = append(left, r.Name+" ("+r.State+")")
		}
	}
	if len(left) > 0 {
		fmt.Fprintf(w, "not in the totals: %s\n", strings.Join(left, ", "))
	}
}

// byHalf groups the reports by their half.
func byHalf(reps []*RepoReport) map[string][]*RepoReport {
	out := map[string][]*RepoReport{}
	for _, r := range reps {
		out[r.Half] = append(out[r.Half], r)
	}
	return out
}

// countsJSON is Counts with its ratios, null when undefined.
type countsJSON struct {
	Counts
	Precision       *float64 `json:"precision"`
	StrictPrecision *float64 `json:"strict_precision"` // NOISE counted as wrong
	Recall          *float64 `json:"recall"`
}

func withRatios(c Counts) countsJSON {
	out := countsJSON{Counts: c}
	if p, ok := c.Precision(); ok {
		out.Precision = &p
	}
	if p, ok := c.StrictPrecision(); ok {
		out.StrictPrecision = &p
	}
	if r, ok := c.Recall(); ok {
		out.Recall = &r
	}
	return out
}

func perJSON(per map[string]*Counts) map[string]countsJSON {
	out := map[string]countsJSON{}
	for name, c := range per {
		out[name] = withRatios(*c)
	}
	return out
}

// WriteJSON writes the report as one JSON object: the repositories with
// their counts per check and changes, and the totals.
func WriteJSON(w io.Writer, reps []*RepoReport) error {
	type repoJSON struct {
		*RepoReport
		Checks map[string]countsJSON `json:"checks"`
		All    countsJSON            `json:"all"`
	}
	type halfJSON struct {
		Repos  int                   `json:"repos"`
		Checks map[string]countsJSON `json:"checks"`
		All    countsJSON            `json:"all"`
	}
	per, all := Totals(reps)
	out := struct {
		Repos  []repoJSON            `json:"repos"`
		Halves map[string]halfJSON   `json:"halves"`
		Checks map[string]countsJSON `json:"checks"`
		All    countsJSON            `json:"all"`
	}{Repos: []repoJSON{}, Halves: map[string]halfJSON{}, Checks: perJSON(per), All: withRatios(all)}
	for h, rs := range byHalf(reps) {
		hp, ha := Totals(rs)
		out.Halves[h] = halfJSON{Repos: len(rs), Checks: perJSON(hp), All: withRatios(ha)}
	}
	for _, r := range reps {
		out.Repos = append(out.Repos, repoJSON{RepoReport: r, Checks: perJSON(r.Checks), All: withRatios(r.All)})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
