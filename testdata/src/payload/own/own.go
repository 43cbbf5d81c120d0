// Package own writes its own envelope: its error object's code is held to
// the same rule, and where the envelope carries its exit code, so are the
// code's payloads.
package own

import (
	"encoding/json"
	"os"
	"strings"
)

// Response is the program's envelope.
type Response struct {
	OK       bool      `json:"ok"`
	Data     any       `json:"data"`
	Error    *ErrorObj `json:"error"`
	Warnings []string  `json:"warnings"`
	ExitCode int       `json:"exit_code"`
}

// ErrorObj is its error object.
type ErrorObj struct {
	Code       string    `json:"code"`
	Message    string    `json:"message"`
	RetryAfter *int      `json:"retry_after,omitempty"`
	Redirect   *Redirect `json:"redirect,omitempty"`
}

// Redirect is the replacement command.
type Redirect struct {
	Command   string `json:"command"`
	Permanent bool   `json:"permanent"`
}

func write(r Response) { _ = json.NewEncoder(os.Stdout).Encode(r) }

func Fail(err error) {
	write(Response{Error: &ErrorObj{Code: strings.ToUpper(err.Error()), Message: err.Error()}, Warnings: []string{}, ExitCode: 1}) // want `error.code computed from an error's message \(err.Error\(\)\)`
}

func FailConst(err error) {
	write(Response{Error: &ErrorObj{Code: "UPSTREAM_FAILED", Message: err.Error()}, Warnings: []string{}, ExitCode: 12})
}

func Assigned(err error) {
	e := &ErrorObj{Message: err.Error()}
	e.Code = err.Error() // want `error.code computed from an error's message`
	write(Response{Error: e, Warnings: []string{}, ExitCode: 1})
}

func Renamed() {
	write(Response{Error: &ErrorObj{Code: "COMMAND_RENAMED", Message: "renamed"}, Warnings: []string{}, ExitCode: 13}) // want `REDIRECTED \(13\) without a redirect`
}

func Moved() {
	write(Response{Error: &ErrorObj{Code: "MOVED", Redirect: &Redirect{Command: "x"}}, Warnings: []string{}, ExitCode: 5}) // want `a redirect on NOT_FOUND \(5\)`
}

func Auth() {
	write(Response{Error: &ErrorObj{Code: "UNAUTHORIZED", Message: "sign in"}, Warnings: []string{}, ExitCode: 8}) // want `error.code "UNAUTHORIZED" at AUTH_REQUIRED \(8\)`
}

func writeMap(v map[string]any) { _ = json.NewEncoder(os.Stdout).Encode(v) }

func MapEnvelope(err error) {
	writeMap(map[string]any{"ok": false, "data": nil, "error": map[string]any{"code": strings.ToUpper(err.Error()), "retry_after": 30}, "exit_code": 2}) // want `error.code computed from an error's message` `retry_after on PARTIAL_FAILURE \(2\)`
}

func MapRateLimited() {
	writeMap(map[string]any{"ok": false, "data": nil, "error": map[string]any{"code": "RATE_LIMIT_EXCEEDED", "retry_after": 30}, "exit_code": 11})
}
