// Package results holds functions whose integer results may be exit codes
// in a package that imports them: their facts list the constants.
package results

import "strconv"

// Main returns its codes directly and through run.
func Main(args []string) int { // want Main:`result\(2, 7 ← run, 1 ← run \(last branch\)\)`
	if len(args) == 0 {
		return 2
	}
	return run(args)
}

func run(args []string) int {
	switch args[0] {
	case "x":
		return 7
	default:
		return 1
	}
}

// Parse is used by this package as an index: its constants are no codes.
func Parse(s string) int { // want Parse:`result\(0, 99; other uses\)`
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0
	}
	if n > 99 {
		return 99
	}
	return n
}

// At indexes with Parse's result.
func At(list []string, s string) string { return list[Parse(s)] }

// Computed returns nothing constant: no fact.
func Computed(a, b int) int { return a + b }

// Coder is an interface whose Code methods, in this package, return
// constants.
type Coder interface{ Code() int } // want Code:`result\(5, 6\)`

// A and B implement Coder.
type A struct{}
type B struct{}

func (A) Code() int  { return 5 } // want Code:`result\(5\)`
func (*B) Code() int { return 6 } // want Code:`result\(6\)`
