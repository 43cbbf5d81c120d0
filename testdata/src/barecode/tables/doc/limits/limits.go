// Package limits keeps constants whose comment does not call them exit
// codes: where one reaches an exit, the finding is at that use.
package limits

// How the process may end.
const (
	Busy = 4
)
