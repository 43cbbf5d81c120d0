// Package suppress defines the helper analyzer through which every exitlint
// check reports, so that suppression works the same under every front end:
// the exitlint command, go vet, golangci-lint and editors.
//
// # Analyzer suppress
//
// suppress: honour //exitlint:ignore directives and generated files
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
