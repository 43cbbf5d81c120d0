package main_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestUnreachedCodeIsLeftOut: with the whole module in view, findings in
// declarations no main reaches (a table member nothing uses, a function
// nothing calls, and what only such code uses) are left out, counted by
// package with why; a method stays reported, since an interface or
// reflection may call it, and so does a function only a file of another
// platform calls. -unreached reports them, and a run on part of
// the module, which cannot see every importer, leaves nothing out.
func TestUnreachedCodeIsLeftOut(t *testing.T) {
	const (
		used      = "internal/exitcodes/exitcodes.go:6:" // Usage, main exits with it
		unused    = "internal/exitcodes/exitcodes.go:8:" // Busy, nothing uses it
		onlyDead  = "internal/exitcodes/exitcodes.go:9:" // Retry, only the uncalled Name uses it
		called    = "internal/out/out.go:13:"            // Fail's 1, main exits with it
		uncalled  = "internal/out/out.go:24:"            // Die, only the uncalled Fatal calls it
		method    = "internal/out/out.go:34:"            // Logger.Fatal, a method
		otherOS   = "internal/out/out.go:39:"            // Abort, which only out_windows.go calls
		leftOutIn = `"reason":"in code no main of its module reaches (nothing the program runs calls or uses it); -unreached reports it, and go vet and golangci-lint, which see one package at a time, do"`
	)
	for _, run := range []string{"cold", "warm"} {
		r := exitlint(t, "testdata/unreached", "-json", "-findings-ok", "./...")
		raw, _ := json.Marshal(envelopeOf(t, r)["data"])
		for _, want := range []string{used, called, method, otherOS} {
			if !strings.Contains(string(raw), want) {
				t.Errorf("%s run: %s is not reported:\n%s", run, want, raw)
			}
		}
		for _, gone := range []string{unused, onlyDead, uncalled} {
			if strings.Contains(string(raw), gone) {
				t.Errorf("%s run: %s is reported, though nothing reaches it:\n%s", run, gone, raw)
			}
		}
		for _, want := range []string{
			`{"findings":2,"package":"example.com/unreached/internal/exitcodes",` + leftOutIn + `}`,
			`{"findings":1,"package":"example.com/unreached/internal/out",` + leftOutIn + `}`,
		} {
			if !strings.Contains(string(raw), want) {
				t.Errorf("%s run: left_out lacks %s:\n%s", run, want, raw)
			}
		}
	}
	text := exitlint(t, "testdata/unreached", "./...")
	if !strings.Contains(text.stderr, "3 in code no main of its module reaches (-unreached reports them)") {
		t.Errorf("text mode does not say what was left out:\n%s", text.stderr)
	}
	all := exitlint(t, "testdata/unreached", "-unreached", "./...")
	part := exitlint(t, "testdata/unreached", "./internal/...")
	for name, r := range map[string]result{"-unreached": all, "./internal/...": part} {
		for _, want := range []string{unused, onlyDead, uncalled} {
			if !strings.Contains(r.stdout, want) {
				t.Errorf("%s: want %s reported:\n%s", name, want, r.stdout)
			}
		}
		if strings.Contains(r.stderr, "left out") {
			t.Errorf("%s: want nothing left out:\n%s", name, r.stderr)
		}
	}
}
