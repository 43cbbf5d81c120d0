// Package directives builds the Analyzer that reports exitlint directives
// that are malformed or do nothing.
//
// # Analyzer directives
//
// directives: report exitlint directives without a reason, with unknown names, or suppressing nothing
//
// A suppression is a claim that a finding does not apply, and the next
// reader deserves to know why; one that suppresses nothing hides the next
// real finding on its line. This check reports:
//
//   - //exitlint:ignore and //exitlint:file-ignore without a reason;
//   - a directive that names no check, or a check that does not exist
//     (a typo suppresses nothing);
//   - a directive that suppresses no finding of the checks it names, on its
//     line or the line below (ignore) or in its file (file-ignore);
//   - an //exitlint: comment whose name is no exitlint directive
//     (//exitlint:ingore).
//
// The check runs after every other check on the package, so it knows which
// directives were used. When a check named by a directive is disabled it
// still runs for this purpose; its findings are not shown.
//
// Not reported: directives in generated files.
package directives
