package customenum

// Status is this program's own exit-code enum.
//
//exitlint:enum
type Status int

const (
	OK    Status = 0
	Bad   Status = 3
	Stale Status = 81
)

func check(s Status) Status {
	if s == 3 { // want `exit code 3 written as a bare integer: spell it Bad`
		return OK
	}
	return 81 // want `exit code 81 is command-specific`
}

// Level is an integer type that is no enum.
type Level int

func level() Level { return 3 }
