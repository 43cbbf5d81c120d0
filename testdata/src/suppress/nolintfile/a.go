//nolint:barecode // right above the package clause: the whole file
package nolintfile

import "os"

func a() { os.Exit(5) }
