package main_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestUnreachedCodeIsLeftOut: with the whole module in view, findings in
// declarations no main reaches (a table member nothing uses, a function
// nothing calls, what only such code uses, a method called through an
// interface only by such code) are left out, counted by package with why.
// A method main calls through an interface stays reported, and so do the
// methods of a value, or of what a value holds, that main hands to
// another package (which may call any of them by reflection), and a
// function only a file of another platform calls. -unreached reports them, and a run on part of
// the module, which cannot see every importer, leaves nothing out.
func TestUnreachedCodeIsLeftOut(t *testing.T) {
	const (
		used      = "internal/exitcodes/exitcodes.go:6:" // Usage, main exits with it
		unused    = "internal/exitcodes/exitcodes.go:8:" // Busy, nothing uses it
		onlyDead  = "internal/exitcodes/exitcodes.go:9:" // Retry, only the uncalled Name uses it
		called    = "internal/out/out.go:13:"            // Fail's 1, main exits with it
		uncalled  = "internal/out/out.go:24:"            // Die, only the uncalled Fatal calls it
		method    = "internal/out/out.go:45:"            // Logger.Fatal, called through a Sink only by the uncalled Shutdown
		throughIf = "internal/out/out.go:60:"            // Alarm.Alert, main calls Alert through a Sink
		handedOut = "internal/out/out.go:75:"            // Hook.Fire, main hands a Hook to fmt
		heldOut   = "internal/out/out.go:87:"            // Deploy.Run, of what main hands to fmt
		otherOS   = "internal/out/out.go:92:"            // Abort, which only out_windows.go calls
		leftOutIn = `"reason":"in code no main of its module reaches (nothing the program runs calls or uses it); -unreached reports it, and go vet and golangci-lint, which see one package at a time, do"`
	)
	for _, run := range []string{"cold", "warm"} {
		r := exitlint(t, "testdata/unreached", "-json", "-findings-ok", "./...")
		raw, _ := json.Marshal(envelopeOf(t, r)["data"])
		for _, want := range []string{used, called, throughIf, handedOut, heldOut, otherOS} {
			if !strings.Contains(string(raw), want) {
				t.Errorf("%s run: %s is not reported:\n%s", run, want, raw)
			}
		}
		for _, gone := range []string{unused, onlyDead, uncalled, method} {
			if strings.Contains(string(raw), gone) {
				t.Errorf("%s run: %s is reported, though nothing reaches it:\n%s", run, gone, raw)
			}
		}
		for _, want := range []string{
			`{"findings":2,"package":"example.com/unreached/internal/exitcodes",` + leftOutIn + `}`,
			`{"findings":2,"package":"example.com/unreached/internal/out",` + leftOutIn + `}`,
		} {
			if !strings.Contains(string(raw), want) {
				t.Errorf("%s run: left_out lacks %s:\n%s", run, want, raw)
			}
		}
	}
	text := exitlint(t, "testdata/unreached", "./...")
	if !strings.Contains(text.stderr, "4 in code no main of its module reaches (-unreached reports them)") {
		t.Errorf("text mode does not say what was left out:\n%s", text.stderr)
	}
	all := exitlint(t, "testdata/unreached", "-unreached", "./...")
	part := exitlint(t, "testdata/unreached", "./internal/...")
	for name, r := range map[string]result{"-unreached": all, "./internal/...": part} {
		for _, want := range []string{unused, onlyDead, uncalled, method} {
			if !strings.Contains(r.stdout, want) {
				t.Errorf("%s: want %s reported:\n%s", name, want, r.stdout)
			}
		}
		if strings.Contains(r.stderr, "left out") {
			t.Errorf("%s: want nothing left out:\n%s", name, r.stderr)
		}
	}
}
