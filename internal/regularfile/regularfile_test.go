//go:build unix

package regularfile_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/exitlint/exitlint/internal/regularfile"
	"github.com/exitlint/exitlint/internal/regularfile/regularfiletest"
)

// TestRead: a regular file within the bound is read whole; a named pipe,
// a device, a symbolic link to one, a directory and a file over the bound
// are refused at once, with an error that says what they are.
func TestRead(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small")
	if err := os.WriteFile(small, []byte("twelve bytes"), 0o644); err != nil {
		t.Fatal(err)
	}
	if data, err := regularfile.Read(small, 12); err != nil || string(data) != "twelve bytes" {
		t.Errorf("a file at the bound: %q, %v", data, err)
	}
	made := map[string]string{}
	for _, kind := range regularfiletest.Kinds {
		made[kind] = filepath.Join(dir, strings.Fields(kind)[1])
		regularfiletest.Make(t, made[kind], kind)
	}
	for _, c := range []struct {
		name string
		want error
		says string
	}{
		{made["a named pipe"], regularfile.ErrNotRegular, "a named pipe"},
		{"/dev/zero", regularfile.ErrNotRegular, "a character device"},
		{made["a character device"], regularfile.ErrNotRegular, "a character device"}, // a link to /dev/zero
		{dir, regularfile.ErrNotRegular, "a directory"},
		{made["larger than exitlint reads"], regularfile.ErrTooLarge, "1099511627776 bytes, over the bound of 1 MiB"},
	} {
		start := time.Now()
		_, err := regularfile.Read(c.name, 1<<20)
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: %v; want %v saying %q", c.name, err, c.want, c.says)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("%s: refused after %v; want at once", c.name, d)
		}
	}
	if _, err := regularfile.Read(small, 11); !errors.Is(err, regularfile.ErrTooLarge) {
		t.Errorf("a file one byte over the bound: %v; want ErrTooLarge", err)
	}
	if data, err := regularfile.Read(os.DevNull, 1); err != nil || len(data) != 0 {
		t.Errorf("the null device: %q, %v; want it read as an empty file", data, err)
	}
	if _, err := regularfile.Read(filepath.Join(dir, "missing"), 1); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file: %v; want ErrNotExist", err)
	}
}
