// Package config defines the pseudo-analyzer that holds exitlint's
// settings.
//
// # Analyzer config
//
// config: exitlint's settings, validated against the program
//
// The config pass reports only settings that name nothing. Every setting of
// exitlint is a row of one table here (Settings: its name, what it names,
// what it means, the passes that read it), and every pass and check that
// depends on one requires this pass and reads its result, so the command,
// go vet, the golangci-lint plugin and the language server set them one
// way:
//
//	-config.enum         comma-separated exit-code enum types besides
//	                     exitlint's, as import/path.Type
//	-config.fatals       comma-separated functions that end the process with
//	                     exit code 1, besides the built-in list:
//	                     import/path.Func, (import/path.Type).Method or
//	                     (*import/path.Type).Method
//	-config.sideeffects  comma-separated functions with side effects, besides
//	                     the standard library's catalogue, spelled the same way
//	-config.exclude      comma-separated paths whose findings are not
//	                     reported: a file, a directory (everything below it)
//	                     or a glob (path.Match: * stays within a directory)
//	                     that the file or one of its directories matches,
//	                     relative to the working directory
//
// The same settings, and enable and disable, which choose the checks, can
// be kept in a config file, .exitlint.yml: each package has the settings of
// the file nearest above its directory, inside its repository or module,
// where exclude paths are relative to the file; a flag overrides the file's
// value of its setting. The pass's result is the settings of the package
// it runs on. See the [configuration guide].
//
// The spellings of earlier versions, `-contract.enum`, `-fallback.fatals`
// and `-argphase.sideeffects`, set the same settings.
//
// A name that is not of the form above is refused when the flag is parsed.
// A name of the right form that names nothing in the program is reported:
// the package it names is imported (or analyzed) but declares no such type
// or function, or the type is no integer type. The report says what the
// package declares instead, when a name is close. The exitlint command
// also refuses, before analyzing anything, a name whose package is in no
// package the patterns load, and exits with ARG_ERROR for either. A name
// set in a config file is reported at the file and line that set it.
//
// [configuration guide]: https://github.com/exitlint/exitlint/blob/main/docs/configuration.md
package config
