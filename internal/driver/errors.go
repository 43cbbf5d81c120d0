package driver

import (
	"errors"
	"go/scanner"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
)

// ErrorKind says what found a package error, so that a front end can place
// it and word it without reading its text.
type ErrorKind int

const (
	// ListError is go list's: a missing package, an import cycle, files
	// of two packages in one directory, a bad build constraint.
	ListError ErrorKind = iota + 1
	// ParseError is a file that cannot be read or parsed.
	ParseError
	// TypeError is the type checker's.
	TypeError
	// DependencyError is an import that did not load: the package itself
	// was not type-checked, so it has no errors of its own to report.
	DependencyError
	// InternalError is a panic while the package loaded, a bug in exitlint
	// or go/types; it costs this package, not the run.
	InternalError
	// NotLoaded is a package the run's Context stopped before it loaded.
	NotLoaded
)

func (k ErrorKind) String() string {
	switch k {
	case ListError:
		return "list"
	case ParseError:
		return "parse"
	case TypeError:
		return "type"
	case DependencyError:
		return "dependency"
	case InternalError:
		return "internal"
	case NotLoaded:
		return "not loaded"
	}
	return "ErrorKind(" + strconv.Itoa(int(k)) + ")"
}

// PackageError is one reason a package could not be analyzed.
type PackageError struct {
	Kind ErrorKind
	// Pos is where the error is: Filename, and Line and Column from 1.
	// Line is 0 when the error has no place in a file, Column 0 when it
	// has only a line; Filename may then be empty too. Offset is unset.
	Pos token.Position
	Msg string
	// Import is the package that did not load, for a DependencyError.
	Import *Package
}

// Error is the error as the tool that found it prints it: its position and
// message, or the message alone when it has no position (go/packages
// would print "-" there, which tells a reader nothing).
func (e PackageError) Error() string {
	if e.Pos.Filename == "" && !e.Pos.IsValid() {
		return e.Msg
	}
	return e.Pos.String() + ": " + e.Msg
}

// ErrorTexts is each error's text, in order.
func ErrorTexts(errs []PackageError) []string {
	out := make([]string, len(errs))
	for i, e := range errs {
		out[i] = e.Error()
	}
	return out
}

// listError is one of go list's errors for a package. go/packages hands
// over its position as text, "file:line:col" (or "file:line", "file", and
// "-" or "" for none); it is read here, once.
func listError(e packages.Error) PackageError {
	return PackageError{Kind: ListError, Pos: listPosition(e.Pos), Msg: e.Msg}
}

// listPosition reads a position as go list and go/packages write it. A
// file name may hold colons of its own: only the last one or two numeric
// fields count as line and column.
func listPosition(pos string) token.Position {
	if pos == "-" {
		return token.Position{}
	}
	rest := pos
	var nums []int
	for range 2 {
		i := strings.LastIndexByte(rest, ':')
		if i < 0 {
			break
		}
		n, err := strconv.Atoi(rest[i+1:])
		if err != nil {
			break
		}
		nums = append([]int{n}, nums...)
		rest = rest[:i]
	}
	switch len(nums) {
	case 2:
		return token.Position{Filename: rest, Line: nums[0], Column: nums[1]}
	case 1:
		return token.Position{Filename: rest, Line: nums[0]}
	}
	return token.Position{Filename: pos}
}

// parseErrors are the errors of reading or parsing the file name.
func parseErrors(name string, err error) []PackageError {
	var list scanner.ErrorList
	if !errors.As(err, &list) {
		return []PackageError{{Kind: ParseError, Pos: token.Position{Filename: name}, Msg: err.Error()}}
	}
	out := make([]PackageError, len(list))
	for i, e := range list {
		out[i] = PackageError{Kind: ParseError, Pos: e.Pos, Msg: e.Msg}
	}
	return out
}

// typeError is an error of the type checker's.
func typeError(err error) PackageError {
	var te types.Error
	if errors.As(err, &te) {
		return PackageError{Kind: TypeError, Pos: te.Fset.Position(te.Pos), Msg: te.Msg}
	}
	return PackageError{Kind: TypeError, Msg: err.Error()}
}
