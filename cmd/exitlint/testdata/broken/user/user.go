package user

import "broken/bad"

func G() int { return bad.F() }
