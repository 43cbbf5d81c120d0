package exitcode_test

import (
	"testing"

	"github.com/exitlint/exitlint/exitcode"
)

func TestDeclareOverridesDefaults(t *testing.T) {
	d, err := exitcode.Declare("fetch",
		exitcode.Entry{Code: exitcode.NotFound},
		exitcode.Entry{Code: exitcode.Timeout, SideEffects: exitcode.EffectsNone}, // read-only command
		exitcode.Entry{Code: 80, Name: "STALE_INDEX", Retryable: exitcode.RetryYes, SideEffects: exitcode.EffectsNone, Action: "Rebuild the index"},
	)
	require.NoError(t, err)
	assert.Equal(t, "fetch", d.Command())

	to, ok := d.Lookup(exitcode.Timeout)
	require.True(t, ok)
	assert.Equal(t, exitcode.EffectsNone, to.SideEffects)
	assert.Equal(t, exitcode.RetryYes, to.Retryable, "unstated retryability keeps the table's")
	assert.Equal(t, "TIMEOUT", to.Name)

	own, ok := d.Lookup(80)
	require.True(t, ok)
	assert.Equal(t, exitcode.GroupCommand, own.Group)

	assert.True(t, d.Allows(exitcode.Success), "SUCCESS is always declared")
	assert.True(t, d.Allows(exitcode.GeneralError), "GENERAL_ERROR is always declared")
	assert.False(t, d.Allows(exitcode.ArgError))

	var codes []int
	for _, e := range d.Entries() {
		codes = append(codes, int(e.Code))
	}
	assert.Equal(t, []int{0, 1, 5, 10, 80}, codes)
}

func TestDeclareRejects(t *testing.T) {
	cases := []struct {
		name  string
		entry exitcode.Entry
		msg   string
	}{
		{"framework range", exitcode.Entry{Code: 14, Name: "X", Retryable: exitcode.RetryNo, SideEffects: exitcode.EffectsNone}, "framework-reserved"},
		{"posix range", exitcode.Entry{Code: 64, Name: "X", Retryable: exitcode.RetryNo, SideEffects: exitcode.EffectsNone}, "POSIX"},
		{"shell range", exitcode.Entry{Code: 130, Name: "X", Retryable: exitcode.RetryNo, SideEffects: exitcode.EffectsNone}, "shell-reserved"},
		{"negative", exitcode.Entry{Code: -1}, "outside 0–255"},
		{"unnamed command code", exitcode.Entry{Code: 90, Retryable: exitcode.RetryNo, SideEffects: exitcode.EffectsNone}, "UPPER_SNAKE_CASE"},
		{"lowercase name", exitcode.Entry{Code: 90, Name: "stale", Retryable: exitcode.RetryNo, SideEffects: exitcode.EffectsNone}, "UPPER_SNAKE_CASE"},
		{"command code without guarantees", exitcode.Entry{Code: 90, Name: "STALE"}, "must state both"},
		{"command code reusing a table name", exitcode.Entry{Code: 90, Name: "NOT_FOUND", Retryable: exitcode.RetryNo, SideEffects: exitcode.EffectsNone}, "already the name of code 5"},
		{"renamed table code", exitcode.Entry{Code: exitcode.NotFound, Name: "MISSING"}, "cannot be renamed"},
		{"regrouped table code", exitcode.Entry{Code: exitcode.NotFound, Group: exitcode.GroupAuth}, "cannot be moved"},
		{"ARG_ERROR with side effects", exitcode.Entry{Code: exitcode.ArgError, SideEffects: exitcode.EffectsPartial, Retryable: exitcode.RetryNo}, "ARG_ERROR must have side effects none"},
		{"retryable PARTIAL_FAILURE", exitcode.Entry{Code: exitcode.PartialFailure, Retryable: exitcode.RetryYes}, "PARTIAL_FAILURE must not be retryable"},
		{"complete side effects on failure", exitcode.Entry{Code: exitcode.Conflict, SideEffects: exitcode.EffectsComplete}, "only SUCCESS"},
		{"TIMEOUT left at the table's retryable+partial", exitcode.Entry{Code: exitcode.Timeout}, "partial side effects"},
		{"command code partial and retryable", exitcode.Entry{Code: 100, Name: "HALF", Retryable: exitcode.RetryYes, SideEffects: exitcode.EffectsPartial}, "partial side effects"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d, err := exitcode.Declare("cmd", tc.entry)
			require.Error(t, err)
			assert.Nil(t, d)
			assert.Contains(t, err.Error(), tc.msg)
			assert.Contains(t, err.Error(), `command "cmd"`)
		})
	}
}

func TestDeclareRejectsDuplicatesAndReportsAll(t *testing.T) {
	_, err := exitcode.Declare("cmd",
		exitcode.Entry{Code: exitcode.NotFound},
		exitcode.Entry{Code: exitcode.NotFound},
		exitcode.Entry{Code: 140},
	)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "code 5 is declared twice")
	assert.Contains(t, err.Error(), "code 140")
}

func TestDeclareAcceptsTheInvariantsKept(t *testing.T) {
	_, err := exitcode.Declare("write",
		exitcode.Entry{Code: exitcode.Timeout, Retryable: exitcode.RetryNo}, // partial, so not retryable
		exitcode.Entry{Code: exitcode.ArgError},
		exitcode.Entry{Code: exitcode.PartialFailure},
		exitcode.Entry{Code: exitcode.Success},
	)
	assert.NoError(t, err)
}

func TestMustDeclarePanics(t *testing.T) {
	assert.Panics(t, func() { exitcode.MustDeclare("x", exitcode.Entry{Code: 200}) })
	assert.NotPanics(t, func() { exitcode.MustDeclare("x", exitcode.Entry{Code: exitcode.Conflict}) })
}

func TestCommandCodeNames(t *testing.T) {
	for name, valid := range map[string]bool{
		"QUOTA": true, "QUOTA_EXCEEDED": true, "E2E_FAILED": true, "A": true, "V2": true,
		"": false, "quota": false, "Quota": false, "2FA": false, "_QUOTA": false,
		"QUOTA_": false, "QUOTA__EXCEEDED": false, "QUOTA-EXCEEDED": false, "QUÖTA": false,
	} {
		_, err := exitcode.Declare("cmd", exitcode.Entry{Code: 80, Name: name, Retryable: exitcode.RetryNo, SideEffects: exitcode.EffectsNone})
		if valid {
			assert.NoError(t, err, name)
		} else {
			assert.ErrorContains(t, err, "UPPER_SNAKE_CASE", name)
		}
	}
}
