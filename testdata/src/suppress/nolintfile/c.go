//nolint:barecode // a blank line before the package clause: the comment's own line only

package nolintfile

import "os"

func c() { os.Exit(5) } // want `exit code 5`
