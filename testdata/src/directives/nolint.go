package directives

import (
	"log"
	"os"
)

// golangci-lint's //nolint: one that names exitlint or its checks and
// suppresses nothing is reported; one for other linters, or a bare one,
// never is.
func nolintCases(err error) {
	if len(os.Args) > 0 { os.Exit(20) } //nolint:barecode // used
	if len(os.Args) > 0 { os.Exit(21) } //nolint:exitlint
	if len(os.Args) > 0 { os.Exit(22) } //nolint:barecode,errcheck // used by barecode

	// want +1 `//nolint:exitlint suppresses nothing: no finding of exitlint's checks on its line; remove the directive`
	if len(os.Args) > 0 { log.Print(err) } //nolint:exitlint // nothing of exitlint's here

	// want +1 `//nolint:errcheck,barecode suppresses nothing: no barecode finding on its line; remove barecode from the directive`
	if len(os.Args) > 0 { log.Print(err) } //nolint:errcheck,barecode

	// want +1 `//nolint:fallback,barecode suppresses nothing: no fallback or barecode finding on its line or below it, to line 24; remove the directive`
	//nolint:fallback,barecode
	if len(os.Args) > 0 { log.Print(err) }

	if len(os.Args) > 0 { log.Print(err) } //nolint:errcheck // another linter's: never reported
	if len(os.Args) > 0 { log.Print(err) } //nolint // bare: other linters' findings may use it
	if len(os.Args) > 0 { log.Print(err) } //nolint:all

	// want +1 `//nolint:exitlint the reason: the directive reads "exitlint the reason" as one linter's name, which is no linter, and suppresses nothing; put the reason after a second //: //nolint:exitlint // the reason`
	if len(os.Args) > 0 { os.Exit(23) } //nolint:exitlint the reason
}
