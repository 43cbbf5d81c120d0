package nolinthost

import "os"

// Inside golangci-lint, which reads a bare directive, one naming all and
// one naming exitlint itself, the suppress pass leaves them to it; the
// names of exitlint's checks, which golangci-lint does not know, it reads.
func f() {
	if len(os.Args) > 0 { os.Exit(5) } //nolint // want `exit code 5`

	if len(os.Args) > 0 { os.Exit(6) } //nolint:exitlint // want `exit code 6`

	if len(os.Args) > 0 { os.Exit(7) } //nolint:all // want `exit code 7`

	if len(os.Args) > 0 { os.Exit(8) } //nolint:barecode // golangci-lint does not know barecode

	if len(os.Args) > 0 { os.Exit(9) } //nolint:exitlint,barecode
}
