package lib

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
