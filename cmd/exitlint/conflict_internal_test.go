package main

import (
	"errors"
	"testing"

	"github.com/exitlint/exitlint/exitcode"
)

// TestConflictIsRetryable: exit 6's advice is to run -fix again, which
// clears it (the files are analyzed as they are now), so its retryable
// says yes, in the envelope and in -exit-codes.
func TestConflictIsRetryable(t *testing.T) {
	res := &result{Complete: true, fixFailed: []fileFailure{{file: "main.go", kind: failChanged, err: errors.New("main.go changed on disk since it was analyzed; run exitlint -fix again")}}}
	code, err := outcome(res, false, nil)
	var xe *exitcode.Error
	if code != exitcode.Conflict || !errors.As(err, &xe) {
		t.Fatalf("outcome: %v, %v; want CONFLICT", code, err)
	}
	if retryable, _ := xe.IsRetryable(); !retryable {
		t.Errorf("FIX_CONFLICT says %q, and retryable: false", xe.Suggestion)
	}
	for _, e := range codes.Entries() {
		if e.Code == exitcode.Conflict && e.Retryable != exitcode.RetryYes {
			t.Errorf("-exit-codes lists CONFLICT as retryable %v; its action says %q", e.Retryable, e.Action)
		}
	}
}
