module github.com/exitlint/exitlint

go 1.26.0

require (
	github.com/exitlint/exitlint/envelope v0.0.0-00010101000000-000000000000
	github.com/exitlint/exitlint/exitcode v0.0.0-00010101000000-000000000000
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
)

require github.com/golangci/plugin-module-register v0.1.2

require github.com/sourcegraph/jsonrpc2 v0.2.3

require (
	go.yaml.in/yaml/v3 v3.0.5
	golang.org/x/mod v0.42.0
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/text v0.14.0 // indirect
	golang.org/x/tools v0.52.0
)

// The runtime packages are modules of their own (a low go directive, no
// analysis dependencies in users' builds). In this repository the command
// builds against the checked-out runtime; see docs/releasing.md.
replace (
	github.com/exitlint/exitlint/envelope => ./envelope
	github.com/exitlint/exitlint/exitcode => ./exitcode
)
