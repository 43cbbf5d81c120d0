// Command starter exits with the codes package starter returns: the members
// of package exitcodes reach its exit, and are reported where they are
// declared, once.
package main

import (
	"os"

	"cases/crosspkg/starter"
)

func main() { os.Exit(starter.Start(os.Args)) }
