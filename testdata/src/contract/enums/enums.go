package enums // want package:`contract\(enums=true envelopes=false\)`

// Status is this program's own exit-code enum.
//
//exitlint:enum
type Status int // want Status:`exitEnum\(directive: Bad OK Stale\)`

const (
	OK    Status = 0
	Bad   Status = 3
	Stale Status = 81
)

// Level is an integer type without the directive: no enum.
type Level int

const Debug Level = 1

// Name is marked but is no integer: no enum.
//
//exitlint:enum
type Name string
