package barecode

import (
	"os"
	"testing"

	"github.com/exitlint/exitlint/exitcode"
)

func TestMain(m *testing.M) {
	if os.Getenv("SKIP_ALL") != "" {
		os.Exit(2) // the test binary's status is go test's business
	}
	os.Exit(m.Run()) // not a constant: never reported
}

func TestCode(t *testing.T) {
	var code exitcode.Code
	if code != 5 { // want `exit code 5 written as a bare integer`
		t.Fatal(code)
	}
}
