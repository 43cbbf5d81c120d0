package exitcode_test

import (
	"bufio"
	"encoding/json"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/exitlint/exitlint/exitcode"
)

// seedRow is one row of the contract's table as the seed document writes it.
type seedRow struct {
	code                        int
	name, group, retry, effects string
	action                      string
}

// readSeedTable parses testdata/exit-code-table.txt, a verbatim copy of the
// table in the contract's exit-code document. Each row spans two lines there:
// "| 3 | ARG_ERROR |" then "yes | none | Fix the input, ... |".
func readSeedTable(t *testing.T) []seedRow {
	t.Helper()
	f, err := os.Open("testdata/exit-code-table.txt")
	require.NoError(t, err)
	defer f.Close()

	head := regexp.MustCompile(`^\| (\d+) \| ([A-Z_]+) \|$`)
	var rows []seedRow
	var group string
	var pending *seedRow
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case pending != nil:
			cells := strings.Split(strings.TrimSuffix(line, " |"), " | ")
			require.Len(t, cells, 3, "row continuation %q", line)
			pending.retry, pending.effects, pending.action = cells[0], cells[1], cells[2]
			rows = append(rows, *pending)
			pending = nil
		case head.MatchString(line):
			m := head.FindStringSubmatch(line)
			n, _ := strconv.Atoi(m[1])
			pending = &seedRow{code: n, name: m[2], group: group}
		case line != "" && !strings.HasPrefix(line, "|") && !strings.HasPrefix(line, "*") && !strings.HasPrefix(line, "-"):
			group = strings.ToLower(strings.Fields(line)[0])
		}
	}
	require.NoError(t, sc.Err())
	require.Len(t, rows, 14, "the seed table has fourteen codes")
	return rows
}

func TestTableMatchesSeed(t *testing.T) {
	retry := map[string]exitcode.Retryability{
		"—": exitcode.RetryNotApplicable, "yes": exitcode.RetryYes, "no": exitcode.RetryNo,
		"depends": exitcode.RetryDepends, "yes*": exitcode.RetryAfterPrerequisite,
	}
	effects := map[string]exitcode.SideEffects{
		"none": exitcode.EffectsNone, "partial": exitcode.EffectsPartial,
		"complete": exitcode.EffectsComplete, "unknown": exitcode.EffectsUnknown,
	}
	got := exitcode.Table()
	require.Len(t, got, 14)
	for i, want := range readSeedTable(t) {
		e := got[i]
		assert.Equal(t, want.code, int(e.Code), "row %d code", i)
		assert.Equal(t, want.name, e.Name, "code %d name", want.code)
		assert.Equal(t, want.name, e.Code.String(), "code %d String", want.code)
		assert.Equal(t, want.group, e.Group.String(), "code %d group", want.code)
		assert.Equal(t, retry[want.retry], e.Retryable, "code %d retryable %q", want.code, want.retry)
		assert.Equal(t, effects[want.effects], e.SideEffects, "code %d side effects %q", want.code, want.effects)
		assert.Equal(t, want.action, e.Action, "code %d action", want.code)

		looked, ok := exitcode.Lookup(exitcode.Code(want.code))
		assert.True(t, ok)
		assert.Equal(t, e, looked)
	}
}

func TestConstantsInTableOrder(t *testing.T) {
	members := []exitcode.Code{
		exitcode.Success, exitcode.GeneralError, exitcode.PartialFailure, exitcode.ArgError,
		exitcode.Precondition, exitcode.NotFound, exitcode.Conflict, exitcode.PermissionDenied,
		exitcode.AuthRequired, exitcode.PaymentRequired, exitcode.Timeout, exitcode.RateLimited,
		exitcode.Unavailable, exitcode.Redirected,
	}
	for i, c := range members {
		assert.Equal(t, i, int(c))
	}
}

func TestTableIsACopy(t *testing.T) {
	tab := exitcode.Table()
	tab[3].Name = "CHANGED"
	assert.Equal(t, "ARG_ERROR", exitcode.ArgError.String())
}

func TestStringOutsideTable(t *testing.T) {
	for _, n := range []int{-1, 14, 79, 130, 1000} {
		s := exitcode.Code(n).String()
		assert.Equal(t, "exitcode.Code("+strconv.Itoa(n)+")", s)
		_, ok := exitcode.Lookup(exitcode.Code(n))
		assert.False(t, ok)
		assert.Equal(t, exitcode.NoGroup, exitcode.Code(n).Group())
	}
}

func TestGroupPredicates(t *testing.T) {
	type preds struct{ success, execution, input, resource, auth, infra, routing bool }
	want := map[exitcode.Code]preds{
		exitcode.Success:          {success: true},
		exitcode.GeneralError:     {execution: true},
		exitcode.PartialFailure:   {execution: true},
		exitcode.ArgError:         {input: true},
		exitcode.Precondition:     {input: true},
		exitcode.NotFound:         {resource: true},
		exitcode.Conflict:         {resource: true},
		exitcode.PermissionDenied: {auth: true},
		exitcode.AuthRequired:     {auth: true},
		exitcode.PaymentRequired:  {auth: true},
		exitcode.Timeout:          {infra: true},
		exitcode.RateLimited:      {infra: true},
		exitcode.Unavailable:      {infra: true},
		exitcode.Redirected:       {routing: true},
		exitcode.Code(99):         {},
	}
	for c, w := range want {
		got := preds{c.IsSuccess(), c.IsExecution(), c.IsInput(), c.IsResource(), c.IsAuth(), c.IsInfrastructure(), c.IsRouting()}
		assert.Equal(t, w, got, "%v", c)
	}
}

func TestClassify(t *testing.T) {
	cases := map[int]exitcode.Range{
		-1: exitcode.RangeInvalid, 0: exitcode.RangeTable, 13: exitcode.RangeTable,
		14: exitcode.RangeFramework, 63: exitcode.RangeFramework,
		64: exitcode.RangePOSIX, 78: exitcode.RangePOSIX,
		79: exitcode.RangeCommand, 125: exitcode.RangeCommand,
		126: exitcode.RangeShell, 130: exitcode.RangeShell, 255: exitcode.RangeShell,
		256: exitcode.RangeInvalid,
	}
	for n, want := range cases {
		assert.Equal(t, want, exitcode.Classify(n), "%d", n)
	}
	assert.True(t, exitcode.RangeCommand.Emittable())
	assert.False(t, exitcode.RangeShell.Emittable())
	assert.False(t, exitcode.RangeFramework.Emittable())
}

func TestJSONIsTheInteger(t *testing.T) {
	b, err := json.Marshal(struct {
		Code exitcode.Code            `json:"code"`
		ByID map[exitcode.Code]string `json:"by"`
	}{exitcode.ArgError, map[exitcode.Code]string{exitcode.NotFound: "x"}})
	require.NoError(t, err)
	assert.JSONEq(t, `{"code":3,"by":{"5":"x"}}`, string(b))

	var c exitcode.Code
	require.NoError(t, json.Unmarshal([]byte(`11`), &c))
	assert.Equal(t, exitcode.RateLimited, c)
	assert.Error(t, json.Unmarshal([]byte(`"RATE_LIMITED"`), &c), "a name is not an exit code")
	assert.Error(t, json.Unmarshal([]byte(`1.5`), &c))
}

// TestRangeBounds: every code of the space lies within the bounds of the
// range exitcode.Classify puts it in, and the ranges' spans are as the contract
// spells them.
func TestRangeBounds(t *testing.T) {
	for n := -1; n <= 256; n++ {
		r := exitcode.Classify(n)
		lo, hi := r.Bounds()
		if r == exitcode.RangeInvalid {
			if hi >= lo {
				t.Errorf("exitcode.RangeInvalid has bounds %d..%d", lo, hi)
			}
			continue
		}
		if n < lo || n > hi {
			t.Errorf("%d is classified %v, whose bounds are %d..%d", n, r, lo, hi)
		}
	}
	want := map[exitcode.Range]string{exitcode.RangeTable: "0–13", exitcode.RangeFramework: "14–63", exitcode.RangePOSIX: "64–78", exitcode.RangeCommand: "79–125", exitcode.RangeShell: "126–255", exitcode.RangeInvalid: ""}
	for r, span := range want {
		if got := r.Span(); got != span {
			t.Errorf("%v.Span() = %q; want %q", r, got, span)
		}
	}
}
