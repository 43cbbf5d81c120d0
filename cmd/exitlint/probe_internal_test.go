package main

import (
	"context"
	"errors"
	"testing"

	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/internal/probe"
)

// TestProbeOutcome: a probe run ends in each code its docs give, each one
// exitlint declares.
func TestProbeOutcome(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	clean := &probe.Report{}
	found := &probe.Report{Findings: []probe.Finding{{Probe: probe.ProbeUnknownFlag, Check: probe.CheckInvalidInput}}, Runs: []probe.CallResult{{}}}
	for _, tc := range []struct {
		name       string
		rep        *probe.Report
		findingsOK bool
		err        error
		want       exitcode.Code
		errCode    string
	}{
		{"clean", clean, false, nil, exitcode.Success, ""},
		{"findings", found, false, nil, Findings, "FINDINGS"},
		{"findings ok", found, true, nil, exitcode.Success, ""},
		{"interrupted", found, false, probeRunError(cancelled, context.Canceled), exitcode.Timeout, "INTERRUPTED"},
		{"cannot start", clean, false, probeRunError(context.Background(), errors.New("exec format error")), exitcode.Precondition, "CANNOT_RUN"},
	} {
		code, err := probeOutcome(tc.rep, tc.findingsOK, tc.err)
		var xe *exitcode.Error
		switch {
		case code != tc.want:
			t.Errorf("%s: code %d, want %d", tc.name, code, tc.want)
		case !codes.Allows(code):
			t.Errorf("%s: code %d is not declared", tc.name, code)
		case tc.errCode == "" && err != nil:
			t.Errorf("%s: error %v", tc.name, err)
		case tc.errCode != "" && (!errors.As(err, &xe) || xe.Code != tc.errCode):
			t.Errorf("%s: error %v, want %s", tc.name, err, tc.errCode)
		}
	}
}
