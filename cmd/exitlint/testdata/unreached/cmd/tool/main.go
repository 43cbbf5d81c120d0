// Command tool exits with its table's codes.
package main

import (
	"errors"
	"fmt"
	"os"

	"example.com/unreached/internal/exitcodes"
	"example.com/unreached/internal/out"
)

func main() {
	if len(os.Args) < 2 {
		os.Exit(exitcodes.Usage)
	}
	if os.Args[1] == "missing" {
		os.Exit(exitcodes.NotFound)
	}
	var log out.Sink = out.Logger{}
	log.Alert("starting")
	var alarm out.Sink = out.Alarm{}
	if os.Args[1] == "alarm" {
		alarm.Alert("alarm")
	}
	fmt.Sprint(out.Hook{}, &out.App{})
	os.Exit(out.Fail(errors.New(os.Args[1])))
}
