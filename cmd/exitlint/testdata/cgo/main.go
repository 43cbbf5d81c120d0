package main

// #include <stdlib.h>
import "C"

import "os"

func main() {
	C.free(nil)
	os.Exit(5)
}
