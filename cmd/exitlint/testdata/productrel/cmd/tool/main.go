// Command tool is released.
package main

import "os"

func main() { os.Exit(1) }
