// Package suppress defines the helper analyzer through which every exitlint
// check reports, so that suppression works the same under every front end:
// the exitlint command, go vet, golangci-lint and editors.
//
// # Analyzer suppress
//
// suppress: honour //exitlint:ignore, golangci-lint's //nolint, and generated files
//
// Every check reports through this pass. A finding is not reported when it
// lies in a generated file (`// Code generated … DO NOT EDIT.` before the
// package clause; decided per file), in a path the exclude setting leaves
// out (`exclude:` in .exitlint.yml, or -config.exclude; see the [config]
// pass), or when a directive names its check:
//
//	//exitlint:ignore CHECK[,CHECK] reason
//
// on the finding's line (as a trailing comment) or on the line above it, or
//
//	//exitlint:file-ignore CHECK[,CHECK] reason
//
// anywhere in the file. The reason is required: a suppression explains
// itself to the next reader. The [directives] check reports a directive
// without a reason, one that names no known check, and one that suppresses
// nothing; its own findings cannot be suppressed.
//
// golangci-lint's //nolint is honoured too, so that code annotated for
// golangci-lint is as silent under `exitlint ./...`, go vet, the language
// server and the GitHub Action as it is under golangci-lint:
//
//	//nolint                         every check
//	//nolint:all                     every check
//	//nolint:exitlint // reason      every check
//	//nolint:barecode,errcheck       barecode (errcheck is another linter's)
//
// It is read as golangci-lint reads it: after `//` or `// `, names
// separated by commas, in any case, a reason after a second `//`. It
// covers its own line; alone on its line, written at the column of the
// statement or declaration that starts on the next line, that whole node
// too (above a function: the function's body; right above the package
// clause: the whole file). This differs from //exitlint:ignore, which
// covers the line below a trailing directive too and only a function's
// first line. A reason is not required (golangci-lint's nolintlint asks
// for one where a team wants it), and the [directives] check reports
// each //nolint that names exitlint or one of its checks and suppresses
// nothing; a bare //nolint, //nolint:all and other linters' names it
// leaves alone.
//
// Inside golangci-lint (the plugin) the pass leaves //nolint, //nolint:all
// and //nolint:exitlint to golangci-lint, which reads them itself and
// whose nolintlint reports the unused ones, so that no finding is
// suppressed, and no unused directive reported, twice; it reads only the
// names of exitlint's checks, which golangci-lint does not know (and warns
// about as unknown linters). There it also drops each finding's related
// positions, which golangci-lint would count as issues of their own: the
// message says what they point at.
//
// Nor is a finding reported when the package's own settings (enable and
// disable, in the .exitlint.yml nearest above it or on the command line)
// leave its check off: a front end runs the checks any of its packages
// needs, and a config file in a subdirectory may choose others than the
// one above it. Such a finding still marks the directives that cover it as
// used, as it would if the check ran only for the directives check.
//
// [directives]: https://github.com/exitlint/exitlint/blob/main/docs/checks/directives.md
// [config]: https://github.com/exitlint/exitlint/blob/main/docs/checks/config.md
package suppress
