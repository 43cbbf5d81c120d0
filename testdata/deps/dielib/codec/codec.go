// Package codec is a package of the dielib module below its API: it exits
// on input it cannot believe, deep under dielib.Fetch.
package codec

import "os"

// Decode decodes b; a table larger than a gigabyte ends the process.
func Decode(b []byte) error {
	if len(b) > 1<<30 {
		os.Exit(1)
	}
	return nil
}
