package parsed

var (
	a = 1 //exitlint:ignore barecode kept for a wrapper that maps 5 itself
	b = 2 //exitlint:ignore nosuch a name that is no check
	c = 3 //exitlint:ignore handbuilt,barecode a list of checks
	d = 4 //exitlint:ignore barecode
)

//exitlint:file-ignore barecode file-wide
