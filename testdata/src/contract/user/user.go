package user

import (
	"github.com/exitlint/exitlint/envelope"
	"github.com/exitlint/exitlint/exitcode"
)

// The runtime's own types carry facts, exported when the runtime packages
// are analyzed as dependencies; this package declares none of its own.
var (
	_ exitcode.Code
	_ *envelope.Envelope[int]
)
