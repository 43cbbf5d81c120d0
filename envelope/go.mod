module github.com/exitlint/exitlint/envelope

go 1.22

require (
	github.com/exitlint/exitlint/exitcode v0.0.0-00010101000000-000000000000
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	github.com/stretchr/testify v1.12.1
)

require (
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	golang.org/x/text v0.14.0 // indirect
)

replace github.com/exitlint/exitlint/exitcode => ../exitcode
