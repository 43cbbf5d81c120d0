package lib

import "fmt"

const (
	Used   = 2
	Unused = 40
)

var table = map[int]string{Used: "usage"}

func Called() int { return helper() }

func helper() int { return Used }

func Uncalled() int { return Unused }

type T struct{}

func (T) M() int { return Unused }

func init() {}

//export Exported
func Exported() {}

// Sink is an interface of the module.
type Sink interface{ M() int }

// Boxes converts a T to the module's Sink: T's methods run only when
// something calls one of their names through an interface.
func Boxes() Sink { return T{} }

// Calls calls M through the interface.
func Calls(s Sink) int { return s.M() }

// Direct calls T's M by name.
func Direct() int { return T{}.M() }

// Escapes hands a T to fmt, which may call any method of it.
func Escapes() string { return fmt.Sprint(T{}) }

// Lifts hands a Sink to fmt.
func Lifts(s Sink) string { return fmt.Sprint(s) }

// Holder holds a T.
type Holder struct{ t T }

// Holds hands fmt what holds a T.
func Holds() string { return fmt.Sprint(&Holder{}) }
