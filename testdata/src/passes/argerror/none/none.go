// Package none has no exit-code enum in view and no way to ARG_ERROR: it
// exits with 4 only.
package none // want `Any=false`

import "os"

func Fail() {
	os.Exit(4)
}
