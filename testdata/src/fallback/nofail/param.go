package main

import (
	"fmt"
	"io"
	"os"
	"strings"
)

// writeString's every caller gives it a strings.Builder, whose writes
// never fail: the exit never happens.
func writeString(b io.StringWriter, s string) {
	if _, err := b.WriteString(s); err != nil {
		fmt.Fprintln(os.Stderr, "Error:", err)
		os.Exit(1)
	}
}

// writeLine is also given os.Stdout, whose writes may fail.
func writeLine(w io.Writer, s string) {
	if _, err := fmt.Fprintln(w, s); err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
}

// writeAny is used as a value: anything may call it with anything.
func writeAny(w io.StringWriter, s string) {
	if _, err := w.WriteString(s); err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
}

func script(names []string) string {
	var b strings.Builder
	for _, n := range names {
		writeString(&b, n)
		writeLine(&b, n)
	}
	writeLine(os.Stdout, "done")
	write := writeAny
	write(&b, "x")
	return b.String()
}

// completer passes its buffer on, through parameters, to writeString.
type completer struct{}

func (c completer) gen(buf io.StringWriter, n int) {
	if n > 0 {
		writeString(buf, "x")
		c.gen(buf, n-1)
	}
}

func preamble(buf io.StringWriter) { writeString(buf, "#") }

// writeChecked is reached through emit, a method an interface names:
// anything may call it with any writer.
func writeChecked(w io.StringWriter, s string) {
	if _, err := w.WriteString(s); err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
}

type emitter interface{ emit(w io.StringWriter) }

func (c completer) emit(w io.StringWriter) { writeChecked(w, "y") }

func generate() string {
	var buf strings.Builder
	preamble(&buf)
	completer{}.gen(&buf, 2)
	var e emitter = completer{}
	e.emit(&buf)
	return buf.String()
}
