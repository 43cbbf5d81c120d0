package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"time"

	"github.com/exitlint/exitlint/internal/findings"
)

// tempPrefix begins the name of the temporary file -fix writes a fixed
// version of the file base to, before renaming it over base: hidden, and
// naming the process that writes it, so that a later -fix can tell a
// file a killed run left from one a running -fix is writing.
func tempPrefix(base string) string {
	return "." + base + ".exitlint-" + strconv.Itoa(os.Getpid()) + "-"
}

// leftover matches the temporary files -fix writes: ".NAME.exitlint-PID-N",
// and ".NAME.exitlint-N" as earlier versions named them.
var leftover = regexp.MustCompile(`^\..+\.go\.exitlint-(?:(\d+)-)?\d+$`)

// staleAfter is the age past which a temporary file of -fix is left over
// whatever process wrote it: a -fix renames its files within seconds of
// writing them.
const staleAfter = time.Hour

// removeLeftovers removes, in each directory of the main module's
// packages the run analyzed, the temporary files a -fix that was killed
// while writing left there: those whose process no longer runs, and any
// older than staleAfter. It says so on stderr, a line a file, and returns
// the same lines for -json's warnings. A file a running -fix is writing
// stays. (A process in another PID namespace, a container sharing the
// directory, looks gone: its -fix would then fail to rename, and say so.)
func removeLeftovers(scope fixScope, stderr io.Writer) []string {
	var dirs []string
	for name, o := range scope.files {
		if o.main && !o.generated && within(realPath(name), realPath(o.dir)) {
			if dir := filepath.Dir(name); !slices.Contains(dirs, dir) {
				dirs = append(dirs, dir)
			}
		}
	}
	slices.Sort(dirs)
	var notes []string
	for _, dir := range dirs {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			m := leftover.FindStringSubmatch(e.Name())
			info, err := e.Info()
			if m == nil || err != nil || !info.Mode().IsRegular() {
				continue
			}
			pid, _ := strconv.Atoi(m[1])
			stale := time.Since(info.ModTime()) > staleAfter
			if !stale && (pid == 0 || pid == os.Getpid() || processRuns(pid)) {
				continue
			}
			path := filepath.Join(dir, e.Name())
			if os.Remove(path) == nil {
				note := fmt.Sprintf("removed %s, a temporary file a -fix that did not finish left", findings.Relative(scope.dir, path))
				fmt.Fprintf(stderr, "exitlint: %s\n", note)
				notes = append(notes, note)
			}
		}
	}
	return notes
}
