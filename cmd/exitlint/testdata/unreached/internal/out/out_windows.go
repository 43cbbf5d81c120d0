package out

// init aborts where the console cannot be set up.
func init() {
	if consoleBroken() {
		Abort()
	}
}

func consoleBroken() bool { return false }
