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
	"os"
	"strings"

	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/exitlint/exitlint/analyzers/all"
	"github.com/exitlint/exitlint/exitcode"
)

func main() {
	args := os.Args[1:]
	if vetProtocol(args) {
		if stdFactsOnly(args[len(args)-1]) {
			return // an empty facts file is written; nothing else to do
		}
		unitchecker.Main(all.WithConfig(all.Analyzers())...)
		return
	}
	if len(args) > 0 && args[0] == "lsp" {
		exitcode.Exit(lsp(args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	exitcode.Exit(run(args, os.Stdout, os.Stderr))
}

// vetProtocol reports whether go vet (or go fix) is the caller: it asks for
// the tool's version (-V=full) or flags (-flags), or hands over a .cfg file.
func vetProtocol(args []string) bool {
	for _, a := range args {
		if a == "-V=full" || a == "--V=full" || a == "-flags" || a == "--flags" {
			return true
		}
	}
	return len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg")
}
