// Command tool is the product: its catch-all is reported.
package main

import (
	"os"

	"example.com/product/internal/tools"
)

func main() {
	if err := tools.Run(); err != nil {
		os.Exit(1)
	}
}
