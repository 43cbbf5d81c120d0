package lines

import "os"

func f() {
	if len(os.Args) > 0 { os.Exit(5) } //exitlint:ignore barecode kept for a wrapper that maps 5 itself

	//exitlint:ignore barecode the line above covers the next line
	if len(os.Args) > 0 { os.Exit(6) }

	if len(os.Args) > 0 { os.Exit(7) } //exitlint:ignore fallback names another check: still reported // want `exit code 7`

	//exitlint:ignore barecode covers only the next line
	_ = 0
	if len(os.Args) > 0 { os.Exit(8) } // want `exit code 8`

	if len(os.Args) > 0 { os.Exit(9) } //exitlint:ignore handbuilt,barecode a list of checks

	//exitlint:ignore barecode alone on its line: covers the whole statement below
	if len(os.Args) > 0 { os.Exit(
		10,
	) }

	if len(os.Args) > 0 { os.Exit(0) } //exitlint:ignore barecode trailing: its line and the next only
	if len(os.Args) > 0 { os.Exit(
		11, // want `exit code 11`
	) }
}

//exitlint:ignore barecode above a function: its first line, not its body
func g() {
	os.Exit(12) // want `exit code 12`
}
