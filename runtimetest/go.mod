module github.com/exitlint/exitlint/runtimetest

go 1.22

require (
	github.com/exitlint/exitlint/envelope v0.0.0-00010101000000-000000000000
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
)

require (
	github.com/exitlint/exitlint/exitcode v0.0.0-00010101000000-000000000000 // indirect
	golang.org/x/text v0.14.0 // indirect
)

replace (
	github.com/exitlint/exitlint/envelope => ../envelope
	github.com/exitlint/exitlint/exitcode => ../exitcode
)
