//exitlint:file-ignore fallback this file is the legacy entry point

package directives

import "os"

func legacy() { os.Exit(1) }
