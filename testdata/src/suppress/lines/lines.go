package lines

import "os"

func f() {
	os.Exit(5) //exitlint:ignore barecode kept for a wrapper that maps 5 itself

	//exitlint:ignore barecode the line above covers the next line
	os.Exit(6)

	os.Exit(7) //exitlint:ignore fallback names another check: still reported // want `exit code 7`

	//exitlint:ignore barecode covers only the next line
	_ = 0
	os.Exit(8) // want `exit code 8`

	os.Exit(9) //exitlint:ignore handbuilt,barecode a list of checks
}
