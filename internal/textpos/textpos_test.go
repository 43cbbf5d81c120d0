package textpos

import (
	"errors"
	"testing"
)

func TestUTF16Column(t *testing.T) {
	line := "var s = \"é𝄞\" + x" // é: 2 bytes, 1 unit; 𝄞: 4 bytes, 2 units
	for _, tc := range []struct{ col, want int }{
		{0, 1}, {1, 1}, {9, 9}, {10, 10}, {12, 11}, {16, 13}, {18, 15}, {40, 40},
	} {
		if got := UTF16Column(line, tc.col); got != tc.want {
			t.Errorf("UTF16Column(%d) = %d; want %d", tc.col, got, tc.want)
		}
	}
	if got := UTF16Column("a\xffb", 3); got != 3 {
		t.Errorf("an invalid byte: column %d; want 3", got)
	}
}

func TestLines(t *testing.T) {
	reads := 0
	l := NewLines(func(path string) ([]byte, error) {
		reads++
		if path == "missing.go" {
			return nil, errors.New("no such file")
		}
		return []byte("package x\r\nvar é = 1\n"), nil
	})
	if got := l.UTF16Column("x.go", 2, 8); got != 7 {
		t.Errorf("column after é = %d; want 7", got)
	}
	if got := l.UTF16Column("x.go", 1, 3); got != 3 || reads != 1 {
		t.Errorf("column %d after %d reads; want 3 after 1", got, reads)
	}
	if got := l.UTF16Column("missing.go", 4, 5); got != 5 {
		t.Errorf("unreadable file: column %d; want the byte column 5", got)
	}
}
