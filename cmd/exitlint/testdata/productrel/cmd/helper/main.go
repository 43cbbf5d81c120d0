// Command helper is no build the release configuration names.
package main

import "os"

func main() { os.Exit(1) }
