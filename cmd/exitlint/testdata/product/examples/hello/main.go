// Command hello is a demo.
package main

import (
	"os"

	"example.com/product/examples/shared"
)

func main() {
	if shared.Fail() {
		os.Exit(1)
	}
}
