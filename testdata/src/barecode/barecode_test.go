package barecode

import (
	"os"
	"testing"
)

func TestMain(m *testing.M) {
	os.Exit(m.Run()) // not a constant: never reported
}
