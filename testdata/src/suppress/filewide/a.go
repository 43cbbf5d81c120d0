//exitlint:file-ignore barecode this file mirrors a legacy table

package filewide

import "os"

func a() { os.Exit(5) }
