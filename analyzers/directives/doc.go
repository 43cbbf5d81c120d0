// Package directives builds the Analyzer that reports exitlint directives
// that are malformed or do nothing.
//
// # Analyzer directives
//
// directives: report exitlint directives without a reason, with unknown names, or suppressing nothing, and unused //nolint naming exitlint
//
// A suppression claims that a finding does not apply. Without a reason the
// next reader cannot judge the claim; a suppression that matches nothing (a
// typo in the check's name, a finding long fixed) silently hides the next
// real finding on its line.
//
// # What it flags
//
//   - `//exitlint:ignore CHECK` and `//exitlint:file-ignore CHECK` without a
//     reason;
//   - a directive that names no check, or a name that is no check
//     (`//exitlint:ignore barcode …`);
//   - a directive that suppresses no finding of the checks it names — on its
//     line or the line below (`ignore`), or in its file (`file-ignore`);
//   - an `//exitlint:` comment whose name is no exitlint directive
//     (`//exitlint:ingore`); the finding lists the directives there are;
//   - golangci-lint's `//nolint:exitlint` or `//nolint:CHECK` that
//     suppresses no finding of exitlint's on the lines it covers (the
//     [suppress] pass says which); with other linters' names beside
//     (`//nolint:errcheck,barecode`), the message asks to remove exitlint's
//     names only;
//   - a `//nolint:exitlint the reason`, whose reason lacks its `//`: golangci-lint
//     and exitlint read "exitlint the reason" as one linter's name, so the
//     directive suppresses nothing anywhere.
//
// # How it knows
//
// The check requires every other check, so it runs after all of them on
// each package, when the suppress pass has marked each directive that
// covered a finding; the names a directive may use are those of the checks
// it requires. With `exitlint -disable CHECK`, CHECK still runs for this
// purpose and its findings are not shown.
//
// # Not flagged
//
// Directives in generated files. A bare `//nolint` and `//nolint:all`:
// other linters' findings may be what they are there for, which exitlint
// cannot see. A `//nolint` naming only other linters (`//nolint:errcheck`),
// including a misspelt check name, which exitlint cannot tell from another
// linter's name (`//exitlint:ignore` catches a misspelling). A `//nolint`
// without a reason: golangci-lint's nolintlint asks for reasons where a team
// wants them. Inside golangci-lint, an unused `//nolint:exitlint`:
// golangci-lint reads that directive itself and its nolintlint reports it
// unused, so reporting it here too would count it twice.
//
// # Example
//
// Flagged:
//
//	//exitlint:ignore barecode
//	os.Exit(7) // … has no reason: say after the check why the finding does not apply here
//
//	//exitlint:ignore fallback legacy wrapper
//	log.Print(err) // … suppresses nothing: no fallback finding on its line or the line below
//
// Good:
//
//	//exitlint:ignore barecode the install script maps 7 to its own message
//	os.Exit(7)
//
// # Fix
//
// Say after the check's name why the finding does not apply; correct a
// misspelt name; remove a directive that suppresses nothing.
//
// # Flags
//
// None.
//
// [suppress]: https://github.com/exitlint/exitlint/blob/main/docs/checks/suppress.md
package directives
