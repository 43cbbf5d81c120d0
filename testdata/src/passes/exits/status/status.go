// Package status has many exit-status variables of one type: the constants
// of that type are an exit table, and the evidence names the first of the
// variables, the same on every run.
package status

import "os"

type status int

const (
	statusOK  status = 0
	statusOdd status = 7
)

var s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12 status

func exit(n int) {
	switch n {
	case 1:
		os.Exit(int(s1))
	case 2:
		os.Exit(int(s2))
	case 3:
		os.Exit(int(s3))
	case 4:
		os.Exit(int(s4))
	case 5:
		os.Exit(int(s5))
	case 6:
		os.Exit(int(s6))
	case 7:
		os.Exit(int(s7))
	case 8:
		os.Exit(int(s8))
	case 9:
		os.Exit(int(s9))
	case 10:
		os.Exit(int(s10))
	case 11:
		os.Exit(int(s11))
	}
	os.Exit(int(s12))
}
