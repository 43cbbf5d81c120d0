module casescobra

go 1.22

require (
	github.com/exitlint/exitlint/adapters/cobraenv v0.0.0-00010101000000-000000000000
	github.com/exitlint/exitlint/envelope v0.0.0-00010101000000-000000000000
	github.com/exitlint/exitlint/exitcode v0.0.0-00010101000000-000000000000
	github.com/spf13/cobra v1.10.2
)

require (
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/spf13/pflag v1.0.9 // indirect
)

replace (
	github.com/exitlint/exitlint/adapters/cobraenv => ../../../adapters/cobraenv
	github.com/exitlint/exitlint/envelope => ../../../envelope
	github.com/exitlint/exitlint/exitcode => ../../../exitcode
)
