package cmd

import (
	"time"

	"cases/derivedok/output"
)

func nowish() time.Time { return time.Time{} }

func multi(resp *output.Response) {
	var err error
	resp.OK, err = check() // want `assigning resp.OK sets ok`
	_ = err
}

func check() (bool, error) { return true, nil }

// A run calls them: code nothing calls sets no ok of a run.
var _ = []any{handler, multi}
