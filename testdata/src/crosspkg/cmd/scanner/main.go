// Command scanner exits with the code its error carries, read through an
// interface this package declares: the implementations are package
// scanerr's unexported error type.
package main

import (
	"errors"
	"fmt"
	"os"

	"cases/crosspkg/scanerr"
	"example.com/exitlib"
)

func main() {
	fmt.Println(scanerr.Reading(), scanerr.Level())
	if err := exitlib.Do(os.Args[0]); err != nil {
		if s, ok := err.(interface{ Status() int }); ok {
			os.Exit(s.Status()) // the library's status: no finding in the module cache
		}
	}
	if err := scanerr.Scan(os.Args[1:]); err != nil {
		if c, ok := err.(interface{ Code() int }); ok {
			os.Exit(c.Code())
		}
		var e interface{ ExitCode() int }
		if errors.As(err, &e) {
			os.Exit(e.ExitCode())
		}
		os.Exit(3) // want barecode:`exit code 3 written as a bare integer`
	}
}
