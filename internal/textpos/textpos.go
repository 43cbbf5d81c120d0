// Package textpos converts go/token's columns, which count bytes, into the
// columns that editors (the Language Server Protocol) and SARIF count by
// default: UTF-16 code units. On an ASCII line the two are the same.
package textpos

import (
	"strings"
	"unicode/utf8"
)

// UTF16Column returns the 1-based UTF-16 column of the 1-based byte column
// col of line. A column past the end of the line is kept as it is.
func UTF16Column(line string, col int) int {
	if col < 1 {
		return 1
	}
	if col-1 > len(line) {
		return col
	}
	n := 1
	for _, r := range line[:col-1] {
		if r == utf8.RuneError {
			n++ // an invalid byte counts as one unit, as editors show it
			continue
		}
		if r >= 0x10000 {
			n += 2 // a surrogate pair
		} else {
			n++
		}
	}
	return n
}

// Lines reads files once and answers UTF-16 columns in them.
type Lines struct {
	read  func(path string) ([]byte, error)
	files map[string][]string
}

// NewLines returns a Lines that reads files with read (os.ReadFile, or a
// reader that prefers an editor's unsaved buffers).
func NewLines(read func(path string) ([]byte, error)) *Lines {
	return &Lines{read: read, files: map[string][]string{}}
}

// UTF16Column returns the UTF-16 column of the byte column col on the
// 1-based line of file. When the file cannot be read or has no such line,
// the byte column is returned.
func (l *Lines) UTF16Column(file string, line, col int) int {
	lines, ok := l.files[file]
	if !ok {
		if data, err := l.read(file); err == nil {
			lines = strings.Split(string(data), "\n")
		}
		l.files[file] = lines
	}
	if line < 1 || line > len(lines) {
		return max(col, 1)
	}
	return UTF16Column(strings.TrimSuffix(lines[line-1], "\r"), col)
}

// Line returns the text of the 1-based line of file, without its line
// ending; ok is false when the file cannot be read or has no such line.
func (l *Lines) Line(file string, line int) (text string, ok bool) {
	lines, cached := l.files[file]
	if !cached {
		if data, err := l.read(file); err == nil {
			lines = strings.Split(string(data), "\n")
		}
		l.files[file] = lines
	}
	if line < 1 || line > len(lines) {
		return "", false
	}
	return strings.TrimSuffix(lines[line-1], "\r"), true
}
