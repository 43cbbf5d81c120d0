package cmd

import (
	"cases/derivedok/output"

	"github.com/exitlint/exitlint/envelope"
	"github.com/exitlint/exitlint/exitcode"
)

// Health is no envelope.
type Health struct {
	OK      bool   `json:"ok"`
	Version string `json:"version"`
}

// Embeds promotes the envelope's fields.
type Embeds struct{ output.Response }

func handler(resp *output.Response, e *Embeds, code exitcode.Code) {
	resp.OK = false      // want `assigning resp.OK sets ok of envelope output.Response by hand`
	(*resp).OK = true    // want `assigning \(\*resp\).OK sets ok`
	e.Response.OK = true // want `assigning e.Response.OK sets ok`
	resp.OK = code.IsSuccess()
	h := Health{OK: true}
	h.OK = false
	_ = h
	env, _ := envelope.New(nowish(), code, 1, nil)
	_ = env
}
