package barecodeimport

import "github.com/exitlint/exitlint/exitcode"

var _ exitcode.Code
