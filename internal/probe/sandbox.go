package probe

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// A Sandbox is where one call of the probed program runs: a fresh
// temporary directory holding its home (with the XDG directories inside),
// its working directory and its TMPDIR. The program's environment is PATH,
// those directories and what the user passes, nothing else: no variable of
// exitlint's own environment reaches it unless the user names it, and its
// HOME is never the real one.
type Sandbox struct {
	Root string // the temporary directory; every other lies inside it
	Home string // HOME
	Work string // the working directory
	Tmp  string // TMPDIR
	env  []string
}

// sandboxDirs are the directories a sandbox holds, relative to its root,
// and the variable each is given in: the XDG base directories where the
// specification puts them by default under HOME, so that a program that
// reads the variables and one that does not write to the same places.
var sandboxDirs = []struct{ rel, variable string }{
	{"home", "HOME"},
	{"home/.config", "XDG_CONFIG_HOME"},
	{"home/.local/share", "XDG_DATA_HOME"},
	{"home/.local/state", "XDG_STATE_HOME"},
	{"home/.cache", "XDG_CACHE_HOME"},
	{"run", "XDG_RUNTIME_DIR"},
	{"work", ""},
	{"tmp", "TMPDIR"},
}

// SandboxVariables are the variables the sandbox sets: a user may not set
// them, or the program could be sent out of the sandbox.
func SandboxVariables() []string {
	var out []string
	for _, d := range sandboxDirs {
		if d.variable != "" {
			out = append(out, d.variable)
		}
	}
	return out
}

// NewSandbox creates a sandbox in a new temporary directory under base
// (os.TempDir() when base is ""). env is the environment the program gets
// besides the sandbox's variables, KEY=VALUE each: PATH and what the user
// passes. The caller removes the sandbox with Close.
func NewSandbox(base string, env []string) (*Sandbox, error) {
	root, err := os.MkdirTemp(base, "exitlint-probe-")
	if err != nil {
		return nil, fmt.Errorf("creating the sandbox: %w", err)
	}
	// The real path: a program that resolves its working directory
	// (os.Getwd, pwd -P) must name the same files the snapshot does.
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	s := &Sandbox{Root: root}
	for _, d := range sandboxDirs {
		dir := filepath.Join(root, filepath.FromSlash(d.rel))
		// XDG_RUNTIME_DIR must be the user's alone (mode 0700), as the
		// specification asks; the others get the same, as a home has.
		if err := os.MkdirAll(dir, 0o700); err != nil {
			_ = s.Close()
			return nil, fmt.Errorf("creating the sandbox: %w", err)
		}
		if d.variable != "" {
			s.env = append(s.env, d.variable+"="+dir)
		}
		switch d.rel {
		case "home":
			s.Home = dir
		case "work":
			s.Work = dir
		case "tmp":
			s.Tmp = dir
		}
	}
	s.env = append(env, s.env...)
	return s, nil
}

// Env is the program's environment: the sandbox's variables, after the
// environment NewSandbox was given, then extra (a probe's own: NO_COLOR,
// the JSON mode's variable).
func (s *Sandbox) Env(extra ...string) []string {
	return append(append([]string{}, s.env...), extra...)
}

// Close removes the sandbox and everything the program left in it, its
// read-only directories too.
func (s *Sandbox) Close() error {
	if err := os.RemoveAll(s.Root); err == nil {
		return nil
	}
	// A directory the program made read-only (or unreadable) keeps its
	// entries: make every directory writable and try again.
	_ = filepath.WalkDir(s.Root, func(path string, d fs.DirEntry, err error) error {
		if d != nil && d.IsDir() {
			_ = os.Chmod(path, 0o700)
		}
		return nil
	})
	return os.RemoveAll(s.Root)
}

// Display names a path of the sandbox as the program sees it: $HOME/...,
// $TMPDIR/..., ./... for the working directory.
func (s *Sandbox) Display(rel string) string {
	rel = filepath.ToSlash(rel)
	for _, p := range []struct{ prefix, shown string }{{"home", "$HOME"}, {"work", "."}, {"tmp", "$TMPDIR"}, {"run", "$XDG_RUNTIME_DIR"}} {
		if rel == p.prefix {
			return p.shown
		}
		if rest, ok := strings.CutPrefix(rel, p.prefix+"/"); ok {
			return p.shown + "/" + rest
		}
	}
	return rel
}
