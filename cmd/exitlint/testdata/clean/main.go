package main

import "os"

func main() {
	code := len(os.Args)
	os.Exit(code)
}
