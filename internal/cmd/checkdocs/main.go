// Command checkdocs writes docs/checks/NAME.md for each of exitlint's checks
// and helper passes from the "# Analyzer NAME" section of its doc.go, the
// one source of the analyzer's documentation: the same text is its
// Analyzer.Doc, what go doc shows, and the page. Run it with
//
//	go generate ./internal/cmd/checkdocs
//
// after editing a doc.go. Its test fails when a page differs from what it
// would write, or when docs/checks holds a page of no analyzer.
package main

//go:generate go run .

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/exitlint/exitlint/exitcode"
)

const module = "github.com/exitlint/exitlint"

func main() {
	if len(os.Args) > 1 {
		fmt.Fprintln(os.Stderr, "usage: go generate ./internal/cmd/checkdocs (checkdocs takes no arguments)")
		exitcode.Exit(exitcode.ArgError)
	}
	if err := generate(); err != nil {
		fmt.Fprintln(os.Stderr, "checkdocs:", err)
		exitcode.Exit(exitcode.FromError(err))
	}
}

func generate() error {
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	pages, err := pages(root)
	if err != nil {
		return err
	}
	for path, page := range pages {
		if err := os.WriteFile(filepath.Join(root, path), page, 0o644); err != nil {
			return err
		}
	}
	return strayPages(root, pages)
}

// strayPages reports the pages under docs/checks that document no analyzer.
// They are not removed: one may hold text that belongs in a doc.go.
func strayPages(root string, pages map[string][]byte) error {
	files, err := filepath.Glob(filepath.Join(root, pagesDir, "*.md"))
	if err != nil {
		return err
	}
	var stray []string
	for _, f := range files {
		rel, err := filepath.Rel(root, f)
		if err != nil {
			return err
		}
		if _, ok := pages[filepath.ToSlash(rel)]; !ok {
			stray = append(stray, filepath.ToSlash(rel))
		}
	}
	if len(stray) > 0 {
		slices.Sort(stray)
		return fmt.Errorf("%s document no analyzer of exitlint: move what they say into a doc.go and remove them", strings.Join(stray, ", "))
	}
	return nil
}

// moduleRoot returns the directory of exitlint's root module, at or above
// the working directory, so that the command and its test find the pages
// wherever they run from.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && modulePath(string(data)) == module {
			return dir, nil
		}
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return "", err
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no directory at or above the working directory holds the go.mod of %s", module)
		}
		dir = parent
	}
}

func modulePath(gomod string) string {
	for _, line := range strings.Split(gomod, "\n") {
		if path, ok := strings.CutPrefix(strings.TrimSpace(line), "module "); ok {
			return strings.Trim(strings.TrimSpace(path), `"`)
		}
	}
	return ""
}
