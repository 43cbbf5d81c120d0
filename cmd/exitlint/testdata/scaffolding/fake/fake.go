// Package fake is test scaffolding: only the tool's tests import it.
package fake

import (
	"log"
	"os"
)

// Start stands for a fake server a test starts.
func Start(dir string) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		log.Fatalf("fake: %v", err)
	}
}
