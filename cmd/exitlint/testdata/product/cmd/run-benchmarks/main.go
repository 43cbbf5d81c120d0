// Command run-benchmarks is the repository's benchmark runner.
package main

import "os"

func main() { os.Exit(1) }
