package main

import "testing"

// TestCoversModule: the step judges a module only when a recursive
// pattern names all of it.
func TestCoversModule(t *testing.T) {
	const cwd, mod, modDir = "/src/m", "example.com/m", "/src/m"
	for pat, want := range map[string]bool{
		"./...":                  true,
		"...":                    true,
		"../...":                 true, // a directory above the module
		"/src/...":               true,
		"example.com/m/...":      true,
		"example.com/...":        true,
		"./cmd/...":              false, // part of the module
		"example.com/m/cmd/...":  false,
		"./cmd":                  false, // one package
		"example.com/mother/...": false,
		"/other/...":             false,
	} {
		if got := coversModule([]string{pat}, cwd, mod, modDir); got != want {
			t.Errorf("coversModule(%q) = %v, want %v", pat, got, want)
		}
	}
}
