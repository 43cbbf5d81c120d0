module github.com/exitlint/exitlint

go 1.26.0

require (
	github.com/exitlint/exitlint/envelope v0.0.0-00010101000000-000000000000
	github.com/exitlint/exitlint/exitcode v0.0.0-00010101000000-000000000000
)

require golang.org/x/tools v0.52.0 // indirect

// The runtime packages are modules of their own (a low go directive, no
// analysis dependencies in users' builds). In this repository the command
// builds against the checked-out runtime; see docs/releasing.md.
replace (
	github.com/exitlint/exitlint/envelope => ./envelope
	github.com/exitlint/exitlint/exitcode => ./exitcode
)
