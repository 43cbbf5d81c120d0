package nolint

import "os"

// golangci-lint's //nolint, read as golangci-lint reads it: every line
// without a want is silent.
func f() {
	if len(os.Args) > 0 { os.Exit(5) } //nolint

	if len(os.Args) > 0 { os.Exit(6) } //nolint:exitlint // the wrapper maps 6 itself

	if len(os.Args) > 0 { os.Exit(7) } //nolint:barecode // a check by its name

	if len(os.Args) > 0 { os.Exit(8) } //nolint:errcheck,barecode

	if len(os.Args) > 0 { os.Exit(9) } //nolint:errcheck // another linter's name: still reported // want `exit code 9`

	if len(os.Args) > 0 { os.Exit(10) } //nolint:all

	if len(os.Args) > 0 { os.Exit(11) } // nolint:BareCode

	if len(os.Args) > 0 { os.Exit(12) } //nolint: exitlint , fallback

	//nolint:barecode // alone on its line: the statement below, to its end
	if len(os.Args) > 0 { os.Exit(
		13,
	) }

	//nolint:barecode // the next statement only
	_ = 0
	if len(os.Args) > 0 { os.Exit(14) } // want `exit code 14`

	if len(os.Args) > 0 { os.Exit(0) } //nolint:barecode // trailing: its own line only
	if len(os.Args) > 0 { os.Exit(15) } // want `exit code 15`

	//nolint:exitlint a reason without slashes is part of the name
	if len(os.Args) > 0 { os.Exit(16) } // want `exit code 16`

	//nolintfoo
	if len(os.Args) > 0 { os.Exit(17) } // want `exit code 17`

	/* nolint */ if len(os.Args) > 0 { os.Exit(18) } // want `exit code 18`

	if true {
	//nolint:barecode // at another column than the statement below: its own line only
		os.Exit(19) // want `exit code 19`
	}
}

//nolint:barecode // above a function: the whole function, as golangci-lint reads it
func g() {
	os.Exit(20)
	os.Exit(21)
}

// h's doc comment.
//
//nolint:exitlint // in a doc comment, the same
func h() {
	os.Exit(22)
}
