package main

import (
	"slices"
	"sort"
)

// Counts compares one set of findings with one set of judgements.
//
// Findings is the number of findings exitlint reported. The verdict
// columns count judged lines (path:line check), since a judgement covers
// every finding of its check on its line; one check reporting twice on a
// line is one line.
type Counts struct {
	Findings  int `json:"findings"`
	TP        int `json:"tp"`         // reported lines judged TP
	FP        int `json:"fp"`         // reported lines judged FP
	Noise     int `json:"noise"`      // reported lines judged NOISE
	Unjudged  int `json:"unjudged"`   // reported lines with no judgement: new since the judged run
	FixedFP   int `json:"fixed_fp"`   // lines judged FP no longer reported
	LostTP    int `json:"lost_tp"`    // lines judged TP no longer reported
	GoneNoise int `json:"gone_noise"` // lines judged NOISE no longer reported
	FNFound   int `json:"fn_found"`   // misses (judged FN) now reported
	FNMissed  int `json:"fn_missed"`  // misses still not reported
}

func (c *Counts) add(o Counts) {
	c.Findings += o.Findings
	c.TP += o.TP
	c.FP += o.FP
	c.Noise += o.Noise
	c.Unjudged += o.Unjudged
	c.FixedFP += o.FixedFP
	c.LostTP += o.LostTP
	c.GoneNoise += o.GoneNoise
	c.FNFound += o.FNFound
	c.FNMissed += o.FNMissed
}

// Precision is the share of right findings among the judged ones: a miss
// now found is right too, NOISE counts neither way. ok is false when no
// reported line is judged TP, FP or FN.
func (c Counts) Precision() (p float64, ok bool) {
	right := c.TP + c.FNFound
	if right+c.FP == 0 {
		return 0, false
	}
	return float64(right) / float64(right+c.FP), true
}

// StrictPrecision is Precision with NOISE counted as wrong: a finding a
// user would not want is a cost to them whether or not it is true. ok is
// false when no reported line is judged.
func (c Counts) StrictPrecision() (p float64, ok bool) {
	right := c.TP + c.FNFound
	if right+c.FP+c.Noise == 0 {
		return 0, false
	}
	return float64(right) / float64(right+c.FP+c.Noise), true
}

// Recall is the share of the judged misses that are now found. ok is
// false when nothing is judged FN.
func (c Counts) Recall() (r float64, ok bool) {
	if c.FNFound+c.FNMissed == 0 {
		return 0, false
	}
	return float64(c.FNFound) / float64(c.FNFound+c.FNMissed), true
}

// Changes lists what Counts counts that a reader will want to look at.
type Changes struct {
	Unjudged []Finding   `json:"unjudged"`
	FixedFP  []Judgement `json:"fixed_fp"`
	LostTP   []Judgement `json:"lost_tp"`
	Gone     []Judgement `json:"gone_noise"`
	FNFound  []Judgement `json:"fn_found"`
	FNMissed []Judgement `json:"fn_missed"`
}

// Score compares findings with judgements, per check. The map has an
// entry for every check that has a finding or a judgement.
func Score(fs []Finding, js []Judgement) (map[string]*Counts, *Changes) {
	per := map[string]*Counts{}
	get := func(check string) *Counts {
		c := per[check]
		if c == nil {
			c = &Counts{}
			per[check] = c
		}
		return c
	}
	verdict := map[Key]Verdict{}
	for _, j := range js {
		verdict[j.Key] = j.Verdict
	}
	ch := &Changes{}
	reported := map[Key]bool{}
	for _, f := range fs {
		c := get(f.Check)
		c.Findings++
		k := f.Key()
		if reported[k] {
			continue
		}
		reported[k] = true
		switch verdict[k] {
		case TP:
			c.TP++
		case FP:
			c.FP++
		case Noise:
			c.Noise++
		case FN:
			c.FNFound++
		default:
			c.Unjudged++
			ch.Unjudged = append(ch.Unjudged, f)
		}
	}
	for _, j := range js {
		c := get(j.Check)
		if reported[j.Key] {
			if j.Verdict == FN {
				ch.FNFound = append(ch.FNFound, j)
			}
			continue
		}
		switch j.Verdict {
		case TP:
			c.LostTP++
			ch.LostTP = append(ch.LostTP, j)
		case FP:
			c.FixedFP++
			ch.FixedFP = append(ch.FixedFP, j)
		case Noise:
			c.GoneNoise++
			ch.Gone = append(ch.Gone, j)
		case FN:
			c.FNMissed++
			ch.FNMissed = append(ch.FNMissed, j)
		}
	}
	return per, ch
}

// knownChecks are exitlint's checks, in the order the tables list them.
var knownChecks = []string{"barecode", "fallback", "argphase", "handbuilt", "derivedok", "envshape", "payload", "undeclared", "directives"}

// checkOrder is the rows of a table: every known check, then any other
// check that has counts, by name.
func checkOrder(per map[string]*Counts) []string {
	rows := slices.Clone(knownChecks)
	var extra []string
	for c := range per {
		if !slices.Contains(knownChecks, c) {
			extra = append(extra, c)
		}
	}
	sort.Strings(extra)
	return append(rows, extra...)
}
