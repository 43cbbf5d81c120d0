// Command closure writes its envelope through a local closure.
package main

import (
	"encoding/json"
	"os"
	"time"
)

func main() {
	start := time.Now()
	writeFinal := func(v any, code int) {
		json.NewEncoder(os.Stdout).Encode(v)
		os.Exit(code)
	}
	meta := map[string]any{"duration_ms": time.Since(start).Milliseconds()}
	if len(os.Args) < 2 {
		writeFinal(map[string]any{"ok": false, "meta": meta, "error": "usage"}, 3) // want `a map literal with the envelope's keys "ok", "error", "meta" built by hand`
	}
	writeFinal(map[string]any{"ok": true, "meta": meta, "data": os.Args[1:]}, 0) // want `a map literal with the envelope's keys "ok", "data", "meta" built by hand`
	log := func(v any) { _ = v }
	log(map[string]any{"ok": true, "data": 1})
}
