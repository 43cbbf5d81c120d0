// Package dep is a dependency two packages below the view: its exit
// crosses one package boundary to reach lib and two to reach view.
package dep

import "os"

func Die() { // want Die:`exits\(1 via os.Exit\(1\)\)`
	os.Exit(1)
}

// OsExit is a seam another package calls through.
var OsExit = os.Exit // want OsExit:`exitVar\(os.Exit\)`
