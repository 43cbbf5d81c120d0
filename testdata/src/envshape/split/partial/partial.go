// Package partial is clipbeam's shape: each command writes a result of its
// own with an ok beside the result's keys on success, and one error shape
// on failure. Separate shapes, reported once however many success types
// there are.
package partial

import (
	"encoding/json"
	"os"
)

type versionJSON struct {
	Schema  string `json:"schema"`
	OK      bool   `json:"ok"`
	Version string `json:"version"`
}

type pathJSON struct {
	Schema string `json:"schema"`
	OK     bool   `json:"ok"`
	Path   string `json:"path"`
}

type jsonError struct { // want `envelope type jsonError is a second shape beside versionJSON \(partial.go:12\): versionJSON has neither data nor error, jsonError has error but no data`
	Schema string `json:"schema"`
	OK     bool   `json:"ok"`
	Error  string `json:"error"`
	Code   int    `json:"code"`
}

func emit(v any) { _ = json.NewEncoder(os.Stdout).Encode(v) }

func Version() { emit(versionJSON{Schema: "v1", OK: true, Version: "1.0"}) }

func Last(p string) { emit(pathJSON{Schema: "v1", OK: true, Path: p}) }

func Fail(err error, code int) { emit(jsonError{Schema: "v1", Error: err.Error(), Code: code}) }
