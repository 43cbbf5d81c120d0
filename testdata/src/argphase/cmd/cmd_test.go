package cmd

import (
	"os"
	"testing"

	"github.com/exitlint/exitlint/exitcode"
)

func helper(name string) exitcode.Code {
	os.WriteFile(name, nil, 0o644)
	return exitcode.ArgError
}

func TestHelper(t *testing.T) { helper(t.TempDir() + "/x") }
