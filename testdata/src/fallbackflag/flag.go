package fallbackflag

import "example.com/dielib"

func f() {
	dielib.Quit() // want `dielib.Quit ends the process with GENERAL_ERROR`
	dielib.Usage()
}
