// Command benchreport turns what bench/run measured into the tables of
// docs/performance.md, and summarizes the clean run's envelopes.
//
//	benchreport table results.tsv
//	benchreport clean envelope.json EXIT
//	benchreport same envelope.json envelope.json
//	benchreport lsp lsp.tsv
//
// table prints, per corpus, the median wall time, CPU time and peak RSS of
// every tool, the ratios against the floors, go vet and staticcheck, and
// whether each target of the performance budget holds. clean prints one line
// per corpus and starts it with BAD when exitlint failed, a check failed, or
// the output is no envelope. same compares the data of two of exitlint's
// envelopes (the findings, the packages analyzed and skipped) and prints a
// line that starts with DIFFERENT when they differ. lsp prints the medians
// of lspbench's measures per corpus, against the standalone run of the same
// package, and the language server's targets.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/exitlint/exitlint/exitcode"
)

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: benchreport table results.tsv | clean envelope.json EXIT | same envelope.json envelope.json | lsp lsp.tsv")
		exitcode.Exit(exitcode.ArgError)
	}
	var err error
	switch os.Args[1] {
	case "table":
		err = table(os.Stdout, os.Args[2])
	case "same":
		if len(os.Args) != 4 {
			fmt.Fprintln(os.Stderr, "usage: benchreport same envelope.json envelope.json")
			exitcode.Exit(exitcode.ArgError)
		}
		err = same(os.Stdout, os.Args[2], os.Args[3])
	case "lsp":
		err = lspTable(os.Stdout, os.Args[2])
	case "clean":
		if len(os.Args) != 4 {
			fmt.Fprintln(os.Stderr, "usage: benchreport clean envelope.json EXIT")
			exitcode.Exit(exitcode.ArgError)
		}
		err = clean(os.Stdout, os.Args[2], os.Args[3])
	default:
		fmt.Fprintf(os.Stderr, "benchreport: unknown command %q (table, clean, same or lsp)\n", os.Args[1])
		exitcode.Exit(exitcode.ArgError)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchreport:", err)
		exitcode.Exit(exitcode.FromError(err))
	}
}

// sample is one timed run.
type sample struct {
	wall, cpu float64 // seconds
	rssKiB    float64
	exit      int
}

// stats is the medians of a tool's runs on a corpus.
type stats struct {
	wall, cpu, rssMiB float64
	runs              int
	exits             []int
}

// order is the order of the table's rows; the floor of each row is named
// beside it.
var order = []struct{ tool, floor, label string }{
	{"vet-floor", "vet-floor", "go vet -vettool=noop (vet floor)"},
	{"vet-default", "vet-floor", "go vet (default analyzers)"},
	{"vet-ssaonly", "vet-floor", "go vet -vettool=ssaonly"},
	{"vet-exitlint", "vet-floor", "go vet -vettool=exitlint"},
	{"vet-exitlint-coldbuild", "vet-floor", "go vet -vettool=exitlint, build cache cold"},
	{"floor", "floor", "noop standalone (standalone floor)"},
	{"ssaonly", "floor", "ssaonly standalone"},
	{"exitlint-nocache", "floor", "exitlint standalone -cache=false"},
	{"exitlint", "floor", "exitlint standalone, its cache cold"},
	{"exitlint-warm", "floor", "exitlint standalone, its cache warm"},
	{"exitlint-edit1", "floor", "exitlint standalone, first edit after the cold run"},
	{"exitlint-edit2", "floor", "exitlint standalone, the next edit"},
	{"staticcheck-cold", "floor", "staticcheck, its cache cold"},
	{"staticcheck-warm", "floor", "staticcheck, its cache warm"},
}

func readResults(path string) (map[string]map[string][]sample, []string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, exitcode.New(exitcode.NotFound, "RESULTS", err.Error()).
			WithSuggestion("run bench/run first; it writes the results file")
	}
	defer f.Close()
	res := map[string]map[string][]sample{}
	var corpora []string
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		if line == 1 {
			continue // header
		}
		fields := strings.Split(sc.Text(), "\t")
		if len(fields) != 8 {
			return nil, nil, fmt.Errorf("%s:%d: %d fields, want 8", path, line, len(fields))
		}
		var nums [5]float64
		for i, s := range []string{fields[3], fields[4], fields[5], fields[6], fields[7]} {
			if nums[i], err = strconv.ParseFloat(s, 64); err != nil {
				return nil, nil, fmt.Errorf("%s:%d: %v", path, line, err)
			}
		}
		c, tool := fields[0], fields[1]
		if res[c] == nil {
			res[c] = map[string][]sample{}
			corpora = append(corpora, c)
		}
		res[c][tool] = append(res[c][tool], sample{wall: nums[0], cpu: nums[1] + nums[2], rssKiB: nums[3], exit: int(nums[4])})
	}
	return res, corpora, sc.Err()
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	sort.Float64s(s)
	if n := len(s); n%2 == 1 {
		return s[n/2]
	} else {
		return (s[n/2-1] + s[n/2]) / 2
	}
}

func summarize(samples []sample) stats {
	var wall, cpu, rss []float64
	st := stats{runs: len(samples)}
	for _, s := range samples {
		wall = append(wall, s.wall)
		cpu = append(cpu, s.cpu)
		rss = append(rss, s.rssKiB/1024)
		if !slices.Contains(st.exits, s.exit) {
			st.exits = append(st.exits, s.exit)
		}
	}
	st.wall, st.cpu, st.rssMiB = median(wall), median(cpu), median(rss)
	return st
}

func ratio(a, b float64) string {
	if a == 0 || b == 0 {
		return "–"
	}
	return fmt.Sprintf("%.2f×", a/b)
}

func table(w io.Writer, path string) error {
	res, corpora, err := readResults(path)
	if err != nil {
		return err
	}
	for _, c := range corpora {
		tools := res[c]
		npkg := 0.0
		if p := tools["packages"]; len(p) > 0 {
			npkg = p[0].wall
		}
		st := map[string]stats{}
		for tool, samples := range tools {
			if tool != "packages" {
				st[tool] = summarize(samples)
			}
		}
		fmt.Fprintf(w, "### %s (%.0f packages, medians of %d runs)\n\n", c, npkg, st["exitlint"].runs)
		fmt.Fprintln(w, "| run | wall | CPU | peak RSS | wall ÷ floor | RSS ÷ floor | wall ÷ go vet | exit |")
		fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|")
		for _, row := range order {
			s, ok := st[row.tool]
			if !ok {
				continue
			}
			fl := st[row.floor]
			vet := st["vet-default"]
			exits := make([]string, len(s.exits))
			for i, e := range s.exits {
				exits[i] = strconv.Itoa(e)
			}
			fmt.Fprintf(w, "| %s | %.2f s | %.2f s | %.0f MiB | %s | %s | %s | %s |\n",
				row.label, s.wall, s.cpu, s.rssMiB, ratio(s.wall, fl.wall), ratio(s.rssMiB, fl.rssMiB),
				ratio(s.wall, vet.wall), strings.Join(exits, ","))
		}
		fmt.Fprintln(w)
		targets(w, st, npkg)
		fmt.Fprintln(w)
	}
	return nil
}

// targets prints the performance budget of docs/performance.md against the
// medians of one corpus.
func targets(w io.Writer, st map[string]stats, npkg float64) {
	check := func(name string, got, limit float64, atMost bool) {
		verdict := "holds"
		if got == 0 {
			verdict = "not measured"
		} else if atMost && got > limit || !atMost && got < limit {
			verdict = "MISSED"
		}
		fmt.Fprintf(w, "- %s: %.2f× (%s)\n", name, got, verdict)
	}
	div := func(a, b float64) float64 {
		if a == 0 || b == 0 {
			return 0
		}
		return a / b
	}
	vf, ve, f, e := st["vet-floor"], st["vet-exitlint"], st["floor"], st["exitlint"]
	sc := st["staticcheck-cold"]
	check("go vet -vettool=exitlint wall ÷ vet floor, at most 1.2", div(ve.wall, vf.wall), 1.2, true)
	check("exitlint standalone wall ÷ standalone floor, at most 1.5", div(e.wall, f.wall), 1.5, true)
	check("exitlint standalone peak RSS ÷ standalone floor, at most 1.5", div(e.rssMiB, f.rssMiB), 1.5, true)
	check("staticcheck (cold) wall ÷ go vet -vettool=exitlint wall, at least 3", div(sc.wall, ve.wall), 3, false)
	check("staticcheck (cold) wall ÷ exitlint standalone wall, at least 3", div(sc.wall, e.wall), 3, false)
	check("stretch: exitlint standalone peak RSS ÷ staticcheck (cold), at most 1", div(e.rssMiB, sc.rssMiB), 1, true)
	check("exitlint standalone, cache warm, wall ÷ standalone floor, at most 0.3 (std)", div(st["exitlint-warm"].wall, f.wall), 0.3, true)
	if r := div(e.wall, st["exitlint-nocache"].wall); r > 0 {
		fmt.Fprintf(w, "- exitlint standalone, cache cold, wall ÷ -cache=false wall: %.2f×\n", r)
	}
	if r := div(st["exitlint-warm"].wall, st["staticcheck-warm"].wall); r > 0 {
		fmt.Fprintf(w, "- exitlint standalone, cache warm, wall ÷ staticcheck (warm) wall: %.2f×\n", r)
	}
	if npkg > 0 {
		fmt.Fprintf(w, "- per 100 packages: exitlint standalone %.2f s, go vet -vettool=exitlint %.2f s (floors %.2f s and %.2f s)\n",
			e.wall/npkg*100, ve.wall/npkg*100, f.wall/npkg*100, vf.wall/npkg*100)
	}
}

// envelope is the part of exitlint's -json output the clean run reads.
type envelope struct {
	OK   bool `json:"ok"`
	Data *struct {
		Analyzed    []string          `json:"analyzed"`
		Skipped     []json.RawMessage `json:"skipped"`
		Failed      []json.RawMessage `json:"failed"`
		Diagnostics []struct {
			Check string `json:"check"`
		} `json:"diagnostics"`
	} `json:"data"`
	Error *struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

func clean(w io.Writer, path, exit string) error {
	rc, err := strconv.Atoi(exit)
	if err != nil {
		return exitcode.New(exitcode.ArgError, "USAGE", fmt.Sprintf("exit status %q is no number", exit))
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var env envelope
	if err := json.Unmarshal(raw, &env); err != nil {
		fmt.Fprintf(w, "BAD exit=%d: the output is no JSON envelope (%v)\n", rc, err)
		return nil
	}
	verdict := "ok"
	if rc != 0 || env.Error != nil || env.Data == nil || len(env.Data.Failed) > 0 {
		verdict = "BAD"
	}
	fmt.Fprintf(w, "%s exit=%d", verdict, rc)
	if d := env.Data; d != nil {
		counts := map[string]int{}
		for _, diag := range d.Diagnostics {
			counts[diag.Check]++
		}
		checks := make([]string, 0, len(counts))
		for c, n := range counts {
			checks = append(checks, fmt.Sprintf("%s=%d", c, n))
		}
		sort.Strings(checks)
		fmt.Fprintf(w, " analyzed=%d skipped=%d failed-checks=%d findings: %s",
			len(d.Analyzed), len(d.Skipped), len(d.Failed), strings.Join(checks, " "))
	}
	if e := env.Error; e != nil {
		fmt.Fprintf(w, " error=%s: %s", e.Code, e.Message)
	}
	fmt.Fprintln(w)
	return nil
}

// same compares the data of two envelopes.
func same(w io.Writer, a, b string) error {
	var data [2]json.RawMessage
	for i, path := range []string{a, b} {
		raw, err := os.ReadFile(path)
		if err != nil {
			return exitcode.New(exitcode.NotFound, "ENVELOPE", err.Error())
		}
		var env struct {
			Data json.RawMessage `json:"data"`
		}
		if err := json.Unmarshal(raw, &env); err != nil || len(env.Data) == 0 || string(env.Data) == "null" {
			fmt.Fprintf(w, "DIFFERENT: %s holds no envelope with data\n", path)
			return nil
		}
		data[i] = env.Data
	}
	var findings struct {
		Diagnostics []json.RawMessage `json:"diagnostics"`
		Analyzed    []string          `json:"analyzed"`
	}
	json.Unmarshal(data[0], &findings)
	if string(data[0]) == string(data[1]) {
		fmt.Fprintf(w, "same: %d findings in %d packages analyzed\n", len(findings.Diagnostics), len(findings.Analyzed))
		return nil
	}
	x, y := string(data[0]), string(data[1])
	i := 0
	for i < len(x) && i < len(y) && x[i] == y[i] {
		i++
	}
	from := max(i-200, 0)
	fmt.Fprintf(w, "DIFFERENT from byte %d:\n  %s\n  %s\n", i, x[from:min(i+200, len(x))], y[from:min(i+200, len(y))])
	return nil
}

// lspTable prints the medians of lspbench's measures: lines of corpus,
// measure, run, milliseconds.
func lspTable(w io.Writer, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return exitcode.New(exitcode.NotFound, "RESULTS", err.Error()).
			WithSuggestion("run bench/run -lsp first; it writes the results file")
	}
	defer f.Close()
	ms := map[string]map[string][]float64{}
	var corpora []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "\t")
		if len(fields) != 4 || fields[0] == "corpus" {
			continue
		}
		v, err := strconv.ParseFloat(fields[3], 64)
		if err != nil {
			continue
		}
		if ms[fields[0]] == nil {
			ms[fields[0]] = map[string][]float64{}
			corpora = append(corpora, fields[0])
		}
		ms[fields[0]][fields[1]] = append(ms[fields[0]][fields[1]], v)
	}
	if err := sc.Err(); err != nil {
		return err
	}
	labels := []struct{ measure, label string }{
		{"standalone", "exitlint -cache=false on the package (standalone run)"},
		{"open", "open → first diagnostics"},
		{"open-cached", "open → first diagnostics, the cache filled by a run of exitlint on the package"},
		{"first-save-cached", "after that open and 20 s idle, edit + save → diagnostics"},
		{"save", "edit + save → diagnostics (median of each run's saves)"},
		{"save-max", "slowest save of a run"},
		{"save-unchanged", "save without an edit → diagnostics"},
		{"burst", "30 edits + saves → the last one's diagnostics"},
		{"rss_kib", "server peak RSS (MiB)"},
	}
	for _, c := range corpora {
		m := ms[c]
		fmt.Fprintf(w, "### exitlint lsp: %s (medians of %d runs)\n\n| measure | median | runs |\n|---|---|---|\n", c, len(m["open"]))
		for _, l := range labels {
			xs := m[l.measure]
			if len(xs) == 0 {
				continue
			}
			runs := make([]string, len(xs))
			for i, x := range xs {
				runs[i] = strconv.FormatFloat(x, 'f', 0, 64)
			}
			med := median(xs)
			if l.measure == "rss_kib" {
				fmt.Fprintf(w, "| %s | %.0f MiB | %s KiB |\n", l.label, med/1024, strings.Join(runs, ", "))
				continue
			}
			fmt.Fprintf(w, "| %s | %.0f ms | %s |\n", l.label, med, strings.Join(runs, ", "))
		}
		save, alone, burst := median(m["save"]), median(m["standalone"]), median(m["burst"])
		fmt.Fprintln(w)
		verdict := func(ok bool) string {
			if ok {
				return "holds"
			}
			return "MISSED"
		}
		if alone > 0 && save > 0 {
			fmt.Fprintf(w, "- save ÷ standalone run, at most 0.25: %.2f× (%s)\n", save/alone, verdict(save/alone <= 0.25))
		}
		if save > 0 {
			fmt.Fprintf(w, "- save at most 300 ms: %.0f ms (%s)\n", save, verdict(save <= 300))
			fmt.Fprintf(w, "- burst of 30 ÷ one save, at most 3: %.2f× (%s)\n", burst/save, verdict(burst/save <= 3))
		}
		fmt.Fprintln(w)
	}
	return nil
}
