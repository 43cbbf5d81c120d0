// Command renderer exits with the codes package render returns: Document's
// only where its error is nil (errorGated), Page's whatever the error.
package main

import (
	"fmt"
	"os"

	"cases/crosspkg/render"
)

func main() {
	if len(os.Args) > 2 {
		os.Exit(page(os.Args[1]))
	}
	os.Exit(run(os.Args[1]))
}

func run(name string) int {
	out, code, err := render.Document(name)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 4 // want barecode:`exit code 4 written as a bare integer`
	}
	fmt.Println(string(out))
	return code
}

func page(name string) int {
	out, code, err := render.Page(name)
	fmt.Println(string(out), err)
	return code
}
