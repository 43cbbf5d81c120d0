// Command gen is a code generator.
package main

import "log"

func main() { log.Fatal("generate") }
