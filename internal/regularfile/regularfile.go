// Package regularfile reads the files exitlint is handed rather than
// finds by go list: a config file, a baseline, a cache entry, a vet
// configuration. Each must be a regular file no larger than a bound its
// reader names: a named pipe would block the run until something writes
// to it, /dev/zero (or a symbolic link to it) would grow the process
// without end, and a file of many megabytes where a few kilobytes are
// expected costs minutes to parse. Such a file is refused with an error
// that says what it is, before anything is read.
package regularfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// ErrNotRegular and ErrTooLarge are what Read refuses, for errors.Is.
var (
	ErrNotRegular = errors.New("not a regular file")
	ErrTooLarge   = errors.New("larger than exitlint reads")
)

// refusal is why a file was refused: one of the errors above, and what
// was found.
type refusal struct {
	kind   error
	detail string
}

func (r *refusal) Error() string { return r.kind.Error() + r.detail }
func (r *refusal) Unwrap() error { return r.kind }

// Read returns the content of the regular file name (symbolic links
// followed), which must hold at most limit bytes. A file that is not
// regular is refused without being opened, and checked again once it is
// open (opened without waiting for a writer, should a named pipe have
// taken its place); a file larger than limit is refused by its size, and
// one that grows past it while it is read, once it has. A refusal wraps
// ErrNotRegular or ErrTooLarge and does not repeat the file's name, which
// its caller's message gives: "not a regular file but a named pipe"; an
// error of the file system is the os package's *fs.PathError.
//
// The null device (os.DevNull) reads as an empty file: -config /dev/null
// is how a run asks for no settings.
func Read(name string, limit int64) ([]byte, error) {
	info, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	if null, err := os.Stat(os.DevNull); err == nil && os.SameFile(info, null) {
		return []byte{}, nil
	}
	if err := check(info, limit); err != nil {
		return nil, err
	}
	f, err := open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if info, err = f.Stat(); err != nil {
		return nil, err
	}
	if err := check(info, limit); err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, tooLarge(limit, "it grew while it was read")
	}
	return data, nil
}

// check refuses a file that is not regular or is larger than limit.
func check(info fs.FileInfo, limit int64) error {
	if !info.Mode().IsRegular() {
		return &refusal{ErrNotRegular, " but " + kind(info.Mode())}
	}
	if info.Size() > limit {
		return tooLarge(limit, fmt.Sprintf("%d bytes", info.Size()))
	}
	return nil
}

func tooLarge(limit int64, what string) error {
	return &refusal{ErrTooLarge, fmt.Sprintf(": %s, over the bound of %s", what, Size(limit))}
}

// kind names what a file that is not regular is.
func kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m.IsDir():
		return "a directory"
	}
	return "mode " + m.String()
}

// Size spells a bound in bytes as messages do: "1 MiB".
func Size(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
