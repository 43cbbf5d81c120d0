// Package main exits, or returns its codes, after calls whose error is
// nil on every run or an internal failure no specific code describes.
package main

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"net/http"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"cases/fallback/nofail/wire"
)

// coded carries an exit code in a field main exits with.
type coded struct {
	code int
	err  error
}

func (c *coded) Error() string { return c.err.Error() }

func withCode(code int, err error) error { return &coded{code: code, err: err} }

// versionOutput always encodes.
type versionOutput struct {
	Version string `json:"version"`
}

// writeJSON fails only when json.Marshal does.
func writeJSON(v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	fmt.Println(string(data))
	return nil
}

// outputVersion fails only when writeJSON does.
func outputVersion(format, version string) error {
	switch format {
	case "json":
		return writeJSON(versionOutput{Version: version})
	default:
		fmt.Println(version)
		return nil
	}
}

// outputFile may fail on the file's write too.
func outputFile(path string, v any) error {
	if err := writeJSON(v); err != nil {
		return err
	}
	return os.WriteFile(path, nil, 0o644)
}

// encode fails only when its Marshal does.
func encode(v any) ([]byte, error) {
	if v == nil {
		return json.MarshalIndent(v, "", "  ")
	}
	return json.Marshal(v)
}

// raw passes bytes through to the output as they are: encoding/json
// refuses them when they are no JSON, and they may be the caller's input.
type raw struct {
	Body json.RawMessage `json:"body"`
}

// checked has a marshaler of the program's own, whose errors it chose.
type checked struct{ n int }

func (c checked) MarshalJSON() ([]byte, error) {
	if c.n < 0 {
		return nil, errors.New("negative")
	}
	return []byte(fmt.Sprint(c.n)), nil
}

// summary writes into a strings.Builder, whose writes never fail.
func summary(names []string) (string, error) {
	var b strings.Builder
	for _, n := range names {
		if _, err := b.WriteString(n); err != nil {
			return "", err
		}
		if _, err := fmt.Fprintf(&b, "%d", len(n)); err != nil {
			return "", err
		}
	}
	return b.String(), nil
}

func digest(h hash.Hash, data []byte) []byte {
	if _, err := h.Write(data); err != nil {
		os.Exit(1)
	}
	return h.Sum(nil)
}

func action(c *cli.Context) error {
	out, err := json.Marshal(c.Args)
	if err != nil {
		return cli.Exit(err, 1)
	}
	fmt.Println(string(out))
	if err := outputVersion(c.Args[0], "1.0"); err != nil {
		return cli.Exit(err, 1)
	}
	if err := outputFile(c.Args[1], "1.0"); err != nil {
		return cli.Exit(err, 1) // want `exit code 1 is GENERAL_ERROR, a catch-all`
	}
	status, err := json.Marshal(wire.Status{Encrypted: true})
	if err != nil {
		return withCode(1, err)
	}
	fmt.Println(string(status))
	body, err := wire.MarshalEnvelope(wire.Envelope{Kind: "clip"})
	if err != nil {
		return withCode(1, err)
	}
	tok, err := wire.MakeToken()
	if err != nil {
		return withCode(1, fmt.Errorf("generate token: %w", err))
	}
	if _, err := wire.Load(tok); err != nil {
		return withCode(1, err) // want `exit code 1 is GENERAL_ERROR, a catch-all`
	}
	fmt.Println(len(body))
	return nil
}

func main() {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintln(os.Stderr, "crashed:", r)
			os.Exit(1)
		}
	}()
	if v := os.Getenv("X"); v != "" {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
	self, err := os.Executable()
	if err != nil {
		os.Exit(1)
	}
	if _, err := os.Stat(self); err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
	if _, err := encode(map[string]any{"ok": true}); err != nil {
		os.Exit(1)
	}
	if _, err := json.Marshal(raw{Body: json.RawMessage(os.Args[1])}); err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
	if _, err := json.Marshal(checked{n: len(os.Args) - 2}); err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
	if _, err := summary(os.Args); err != nil {
		os.Exit(1)
	}
	var buf bytes.Buffer
	if _, err := buf.WriteString("x"); err != nil {
		os.Exit(1)
	}
	// This file is built with the module's Go 1.22, where crypto/rand.Read
	// may return an error.
	if _, err := rand.Read(make([]byte, 8)); err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
	if _, err := http.NewRequest(http.MethodGet, os.Args[1], nil); err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
	_ = digest(sha256.New(), nil)
	walks()
	_ = script(os.Args)
	_ = generate()
	files()
	var e *coded
	if err := (&cli.App{Action: action, Before: printed}).Run(os.Args); errors.As(err, &e) {
		os.Exit(e.code)
	}
}
