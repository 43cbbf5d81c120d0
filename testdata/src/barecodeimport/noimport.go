package barecodeimport

import "os"

func stop() {
	os.Exit(12) // want `spell it exitcode.Unavailable`
}
