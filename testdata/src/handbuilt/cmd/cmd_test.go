package cmd

import (
	"testing"

	"cases/handbuilt/output"
)

func TestShape(t *testing.T) {
	want := output.Response{OK: true, Data: 1}
	_ = map[string]any{"ok": true, "data": 1}
	_ = want
}
