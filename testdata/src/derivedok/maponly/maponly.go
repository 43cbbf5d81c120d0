// Command maponly declares no envelope type: every response is a map it
// writes through a helper. Its ok is set by hand all the same.
package main

import (
	"encoding/json"
	"io"
	"os"
)

func writeJSON(w io.Writer, v any) { json.NewEncoder(w).Encode(v) }

func run(args []string, jsonOutput bool) int {
	if len(args) == 0 {
		if jsonOutput {
			// The literal carries the code it goes out with, never 0: its ok
			// agrees with it by construction.
			writeJSON(os.Stdout, map[string]any{"ok": false, "error": "usage", "exit_code": 2})
		}
		return 2
	}
	if args[0] == "fail" {
		code := len(args) - 1                                                                   // 0 when nothing follows
		writeJSON(os.Stdout, map[string]any{"ok": false, "error": "failed", "exit_code": code}) // want `"ok": false sets ok of the JSON output written here by hand`
		return code
	}
	if args[0] == "version" {
		// Followed only by the 0 it answers with: ok agrees by construction
		// (the hand-built map is handbuilt's finding).
		writeJSON(os.Stdout, map[string]any{"ok": true, "version": "1.0"})
		return 0
	}
	if args[0] == "partial" {
		code := len(args) - 1                                          // 0 when nothing follows
		writeJSON(os.Stdout, map[string]any{"ok": true, "data": args}) // want `"ok": true sets ok of the JSON output written here by hand`
		return code
	}
	writeJSON(os.Stdout, map[string]any{"ok": true, "data": args})
	return 0
}

func main() { os.Exit(run(os.Args[1:], true)) }
