// Command badcli breaks the agent CLI contract in the ways exitlint probe
// must find, one per command line. Its JSON mode is the flag --json after
// the command's words; it uses the standard library only.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"time"
)

const good = `{"ok":false,"data":null,"error":{"code":"%s","message":"%s","retryable":true,"phase":"validation"},"warnings":[],"meta":{"duration_ms":0}}`

func main() {
	args := os.Args[1:]
	asJSON := slices.Contains(args, "--json")
	args = slices.DeleteFunc(args, func(a string) bool { return a == "--json" })
	if len(args) == 0 {
		// Reads its standard input to the end, as a REPL would: with a
		// pipe that stays open, it never answers.
		_, _ = io.ReadAll(os.Stdin)
		fmt.Printf(good+"\n", "COMMAND_MISSING", "badcli needs a command")
		os.Exit(3)
	}
	switch args[0] {
	case "--help", "-h":
		if asJSON {
			fmt.Println(`{"ok":true,"data":{"usage":"badcli COMMAND","commands":[{"name":"get"},{"name":"put"}]},"error":null,"warnings":[],"meta":{"duration_ms":0}}`)
			return
		}
		// Colour whatever NO_COLOR says.
		fmt.Println("\x1b[1mbadcli\x1b[0m keeps things\n\nCommands:\n  get   print a thing\n  put   store a thing")
		return
	case "--version":
		// warnings and meta missing.
		fmt.Println(`{"ok":true,"data":{"version":"1.0"},"error":null}`)
		return
	case "get", "put":
		command(args[0], args[1:])
	case "gte":
		// A typo answered with GENERAL_ERROR, in colour.
		fmt.Println(`{"ok":false,"data":null,"error":{"code":"UNKNOWN","message":"\u001b[31mno such command\u001b[0m"},"warnings":[],"meta":{"duration_ms":0}}`)
		os.Exit(1)
	case "watch":
		time.Sleep(time.Minute) // SIGINT ends it with no envelope
	case "--exitlint-probe-no-such-flag":
		fmt.Fprintln(os.Stderr, "flag provided but not defined")
		os.Exit(2)
	default:
		// An unknown command: ARG_ERROR, but ok true.
		fmt.Println(`{"ok":true,"data":null,"error":{"code":"UNKNOWN_COMMAND","message":"no such command"},"warnings":[],"meta":{"duration_ms":0}}`)
		os.Exit(3)
	}
}

func command(name string, args []string) {
	fs := flag.NewFlagSet(name, flag.ExitOnError) // an unknown flag exits 2
	help := fs.Bool("help", false, "help")
	_ = fs.Parse(args)
	switch {
	case *help:
		fmt.Printf(`{"ok":true,"data":{"usage":"badcli %s NAME"},"error":null,"warnings":[],"meta":{"duration_ms":0}}`+"\n", name)
	case fs.NArg() == 0 && name == "put":
		// Records the call in its history before it looks at the
		// arguments, then refuses them, in the execution phase.
		dir := filepath.Join(os.Getenv("HOME"), ".badcli")
		_ = os.MkdirAll(dir, 0o755)
		_ = os.WriteFile(filepath.Join(dir, "history"), []byte("put\n"), 0o644)
		fmt.Println(`{"ok":false,"data":null,"error":{"code":"NAME_MISSING","message":"put needs a name","phase":"execution"},"warnings":[],"meta":{"duration_ms":0}}`)
		os.Exit(3)
	case fs.NArg() == 0:
		fmt.Printf(good+"\n", "NAME_MISSING", name+" needs a name")
		os.Exit(3)
	case fs.Arg(0) == "nosuch":
		// NOT_FOUND, said to be retryable.
		fmt.Println(`{"ok":false,"data":null,"error":{"code":"NOT_FOUND","message":"no thing nosuch","retryable":true},"warnings":[],"meta":{"duration_ms":0}}`)
		os.Exit(5)
	case fs.Arg(0) == "boom":
		// A command-specific code nobody declared.
		fmt.Println(`{"ok":false,"data":null,"error":{"code":"BOOM","message":"boom"},"warnings":[],"meta":{"duration_ms":0}}`)
		os.Exit(90)
	default:
		fmt.Println(`{"ok":true,"data":{"name":"x"},"error":null,"warnings":[],"meta":{"duration_ms":0}}`)
	}
}
