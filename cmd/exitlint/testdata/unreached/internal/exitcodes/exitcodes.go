// Package exitcodes is the program's exit table: main exits with Usage and
// NotFound; nothing uses Busy or Retry.
package exitcodes

const (
	Usage    = 2
	NotFound = 5
	Busy     = 40
	Retry    = 17
)

// Name names a code for the log; nothing calls it either.
func Name(code int) string {
	if code == Retry {
		return "retry"
	}
	return "other"
}
