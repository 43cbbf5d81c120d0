package main

import (
	"bufio"
	"fmt"
	"io"
	"iter"
	"strings"
)

// lines yields the lines of r that are not blank, with their numbers from
// 1, for the line-based files score reads. done reports a reading error,
// with the file's name, once the loop is over.
func lines(r io.Reader, name string) (seq iter.Seq2[int, string], done func() error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1024*1024)
	seq = func(yield func(int, string) bool) {
		for n := 1; sc.Scan(); n++ {
			if strings.TrimSpace(sc.Text()) == "" {
				continue
			}
			if !yield(n, sc.Text()) {
				return
			}
		}
	}
	done = func() error {
		if err := sc.Err(); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		return nil
	}
	return seq, done
}
