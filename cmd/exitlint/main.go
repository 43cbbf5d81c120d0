// Command exitlint checks Go command-line programs against the agent CLI
// contract: exit codes from the fixed table, spelled as enum members, and
// one envelope factory. See the README for the checks.
//
// Usage:
//
//	exitlint [flags] [packages]              # standalone, ./... by default
//	go vet -vettool=$(which exitlint) ./...  # as a go vet tool
//
// Standalone, exitlint keeps the contract it enforces: its exit status is a
// code of the table or one it declares (exitlint -exit-codes lists them),
// and -json writes exactly one response envelope.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/internal/regularfile"
)

func main() {
	args := os.Args[1:]
	if vetProtocol(args) {
		if v := vetHandshake(args); v == "-V=full" || v == "--V=full" {
			if err := vetVersion(os.Stdout); err != nil {
				fmt.Fprintf(os.Stderr, "exitlint: -V=full: %v\n", err)
				//exitlint:ignore fallback the executable could not be read to hash it: an error of the system, which go vet reports with the message
				exitcode.Exit(exitcode.GeneralError)
			}
			return
		}
		// The config file first: a bad one stops the unit before anything
		// is written.
		analyzers, err := vetAnalyzers(args)
		if err != nil {
			fmt.Fprintf(os.Stderr, "exitlint: %v\n", err)
			exitcode.Exit(exitcode.ArgError)
		}
		if stdFactsOnly(args[len(args)-1]) {
			return // an empty facts file is written; nothing else to do
		}
		unitchecker.Main(analyzers...)
		return
	}
	if len(args) > 0 && args[0] == "lsp" {
		exitcode.Exit(lsp(args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	if len(args) > 0 && args[0] == "probe" {
		exitcode.Exit(probeCommand(args[1:], os.Stdout, os.Stderr))
	}
	exitcode.Exit(run(args, os.Stdout, os.Stderr))
}

// vetProtocol reports whether go vet (or go fix) is the caller: it asks for
// the tool's version (-V=full) or flags (-flags), or hands over the
// configuration of a unit as a .cfg file. A last argument that ends in .cfg
// but is no such file (a package directory named x.cfg, a file that does
// not exist) is a package pattern of a standalone run. go vet never asks
// its questions with -json: with it, they are the standalone command's to
// refuse, with an envelope.
func vetProtocol(args []string) bool {
	if vetHandshake(args) != "" {
		return !jsonArg(args)
	}
	return len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg") && isVetConfig(args[len(args)-1])
}

// vetHandshake returns the question go vet asks its tool among args,
// -V=full or -flags (with one dash or two), or "".
func vetHandshake(args []string) string {
	for _, a := range args {
		if a == "-V=full" || a == "--V=full" || a == "-flags" || a == "--flags" {
			return a
		}
	}
	return ""
}

// isVetConfig reports whether file is a regular file that holds a vet
// configuration: a JSON object with the fields every configuration the go
// command writes has.
func isVetConfig(file string) bool {
	data, err := readVetConfig(file)
	if err != nil {
		return false
	}
	var cfg map[string]json.RawMessage
	if json.Unmarshal(data, &cfg) != nil {
		return false
	}
	for _, field := range []string{"ImportPath", "GoFiles", "Compiler"} {
		if _, ok := cfg[field]; !ok {
			return false
		}
	}
	return true
}

// maxVetConfig bounds a vet configuration: the go command's lists a
// unit's files and the export data of its imports, kilobytes for most
// packages and a few megabytes for the largest.
const maxVetConfig = 64 << 20

// readVetConfig reads the vet configuration file, which must be a regular
// file within maxVetConfig: a named pipe or a device named x.cfg is no
// configuration, and is not read to find out.
func readVetConfig(file string) ([]byte, error) {
	return regularfile.Read(file, maxVetConfig)
}
