package driver

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// This file holds what Load asks the go command besides go/packages' own
// go list calls: which toolchain runs (never one that must be downloaded)
// and which patterns named no package. It also turns the go command's
// failures into messages for people.

// GoCommandError is the go command's own failure (a malformed go.mod, a
// toolchain that cannot run): its message, as the go command wrote it to
// stderr, without go/packages' "err: exit status 1: stderr:" wrapper.
type GoCommandError struct {
	Msg string
}

func (e *GoCommandError) Error() string { return e.Msg }

// ToolchainError says that the module asks for a Go toolchain that is not
// installed here. Load never downloads one: a download fetches a program
// and runs it, which analyzing source must not do behind the user's back.
type ToolchainError struct {
	Toolchain string // the toolchain the module asks for, as go1.99.0
	Msg       string // the go command's own words
}

func (e *ToolchainError) Error() string {
	return fmt.Sprintf("the module asks for Go toolchain %s, which is not installed here: %s", e.Toolchain, e.Msg)
}

// goEnv is the go command's environment for cfg.
func goEnv(cfg Config) []string {
	if cfg.Env != nil {
		return slices.Clone(cfg.Env)
	}
	return os.Environ()
}

// buildFlags are the go command's build flags for cfg.
func buildFlags(cfg Config) []string {
	if cfg.Tags == "" {
		return nil
	}
	return []string{"-tags=" + cfg.Tags}
}

// downloadFailure is how the go command says that it would have to
// download the toolchain it selected, and may not.
var downloadFailure = regexp.MustCompile(`download (go1[^ ]*|[^ ]*-go1[^ ]*)( for [^:]*)?: |cannot find "(go1[^"]*)" in PATH`)

// releaseToolchain is the name of a Go release, which GOTOOLCHAIN accepts.
var releaseToolchain = regexp.MustCompile(`^go1(\.[0-9]+)*((rc|beta)[0-9]+)?$`)

// ToolchainEnv returns the environment for go list calls in cfg.Dir: the
// toolchain the go command selects here (by GOTOOLCHAIN and the go and
// toolchain lines of go.mod or go.work), provided it is installed, on PATH
// or in the module cache, and pinned by GOTOOLCHAIN so that no later call
// switches to another.
//
// It asks "go env GOVERSION" with GOPROXY=off: the go command selects its
// toolchain first, and with the module proxy off it can run one it has
// already downloaded but download none. gopls loads packages the same way
// (GOPROXY=off). The go list calls then keep the user's GOPROXY: the
// module's dependencies are downloaded into the module cache as go build
// and go vet do.
//
// Load calls it; another loader of packages (the language server) calls it
// to get the same guarantee.
func ToolchainEnv(cfg Config) ([]string, error) {
	env := goEnv(cfg)
	cmd := exec.Command("go", "env", "GOVERSION")
	cmd.Dir = cfg.Dir
	cmd.Env = append(slices.Clone(env), "GOPROXY=off")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = "go env GOVERSION: " + err.Error()
		}
		if m := downloadFailure.FindStringSubmatch(msg); m != nil {
			want := m[1]
			if want == "" {
				want = m[3]
			}
			return nil, &ToolchainError{Toolchain: want, Msg: lastLine(msg)}
		}
		return nil, &GoCommandError{Msg: msg}
	}
	version := strings.TrimSpace(stdout.String())
	if gotoolchain(env) == "local" {
		return env, nil // the go command never switches toolchains
	}
	if releaseToolchain.MatchString(version) {
		// The selected toolchain runs, and the go list calls ask for no
		// other; a development build or a custom one is left as selected.
		env = append(env, "GOTOOLCHAIN="+version)
	}
	return env, nil
}

// gotoolchain is GOTOOLCHAIN in env, the last setting counting.
func gotoolchain(env []string) string {
	v := ""
	for _, kv := range env {
		if rest, ok := strings.CutPrefix(kv, "GOTOOLCHAIN="); ok {
			v = rest
		}
	}
	return v
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	return s[strings.LastIndexByte(s, '\n')+1:]
}

// goListFailure matches go/packages' wrapping of the go command's stderr.
var goListFailure = regexp.MustCompile(`^err: exit status [0-9]+: stderr: `)

// cleanLoadError turns go/packages' error for a failed go command into the
// go command's own message.
func cleanLoadError(err error) error {
	msg := err.Error()
	if loc := goListFailure.FindStringIndex(msg); loc != nil {
		return &GoCommandError{Msg: strings.TrimSpace(msg[loc[1]:])}
	}
	return err
}

// Unmatched is a pattern that named no package to analyze, with go list's
// reasons (a missing directory, a package no module provides, build
// constraints that exclude every file, ...): none when go list named no
// package for it at all, as for a wildcard that matches no directory with
// Go files.
type Unmatched struct {
	Pattern string
	Errors  []string
}

// unmatchedPatterns asks go list which packages each pattern matches
// (without their dependencies: -find) and returns the patterns that match
// none with files to analyze, in the order given.
func unmatchedPatterns(cfg Config, env []string, patterns []string) ([]Unmatched, error) {
	fields := "ImportPath,Match,Error,GoFiles,CgoFiles"
	if cfg.Tests {
		fields += ",TestGoFiles,XTestGoFiles"
	}
	args := append([]string{"list", "-e", "-find", "-json=" + fields}, buildFlags(cfg)...)
	args = append(append(args, "--"), patterns...)
	cmd := exec.Command("go", args...)
	cmd.Dir = cfg.Dir
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = "go list: " + err.Error()
		}
		return nil, &GoCommandError{Msg: msg}
	}
	matched := map[string]bool{}
	reasons := map[string][]string{}
	dec := json.NewDecoder(&stdout)
	for {
		var p struct {
			ImportPath                                   string
			Match                                        []string
			Error                                        *struct{ Err string }
			GoFiles, CgoFiles, TestGoFiles, XTestGoFiles []string
		}
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("reading go list's answer: %v", err)
		}
		files := len(p.GoFiles) + len(p.CgoFiles) + len(p.TestGoFiles) + len(p.XTestGoFiles)
		for _, m := range p.Match {
			switch {
			case p.Error == nil || files > 0:
				matched[m] = true
			default:
				reasons[m] = append(reasons[m], p.Error.Err)
			}
		}
	}
	var out []Unmatched
	seen := map[string]bool{}
	for _, pat := range patterns {
		clean := cleanPattern(pat)
		if matched[clean] || seen[pat] {
			continue
		}
		seen[pat] = true
		out = append(out, Unmatched{Pattern: pat, Errors: reasons[clean]})
	}
	return out, nil
}

// cleanPattern is a pattern as go list names it in a package's Match list:
// a path cleaned, a leading "./" kept, "\" read as "/" in import paths on
// Windows.
func cleanPattern(p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	version := ""
	if i := strings.IndexByte(p, '@'); i >= 0 && !isLocal(p) {
		p, version = p[:i], p[i:]
	}
	if filepath.Separator == '\\' {
		p = strings.ReplaceAll(p, `\`, "/")
	}
	if strings.HasPrefix(p, "./") {
		p = "./" + path.Clean(p)
		if p == "./." {
			p = "."
		}
	} else {
		p = path.Clean(p)
	}
	return p + version
}

// isLocal reports whether a pattern names directories relative to the
// current one, as go/build.IsLocalImport does.
func isLocal(p string) bool {
	return p == "." || p == ".." || strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../")
}
