package out

import "testing"

// A test that calls Fatal makes it no code the program runs.
func TestFatal(t *testing.T) {
	if testing.Short() {
		Fatal(nil)
	}
}
