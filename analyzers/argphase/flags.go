package argphase

import (
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/internal/ssavalue"
)

// Flags a command declares mutually exclusive (cobra's
// MarkFlagsMutuallyExclusive) are never both set in one run: cobra refuses
// the command line before any run function runs. What runs only when one
// of them is set (under `if copyTo != ""`) never precedes what runs only
// when another is, so a side effect and an ARG_ERROR under two such flags
// are not paired.

const (
	markExclusive = "(*github.com/spf13/cobra.Command).MarkFlagsMutuallyExclusive"
	pflagSet      = "github.com/spf13/pflag.FlagSet"
)

// flagFacts are the package's mutually exclusive flags, and the
// package-level variables bound to flags (StringVar(&copyTo, "copy-to", …)).
type flagFacts struct {
	exclusive map[[2]string]bool
	bound     map[*ssa.Global]string
}

// flags returns the package's flag facts, found on first need.
func (ch *checker) flags() *flagFacts {
	if ch.flagFacts != nil {
		return ch.flagFacts
	}
	ff := &flagFacts{exclusive: map[[2]string]bool{}, bound: map[*ssa.Global]string{}}
	ch.flagFacts = ff
	for _, fn := range ch.allFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(*ssa.Call); ok {
					ff.learn(call.Common())
				}
			}
		}
	}
	return ff
}

// learn records what a call says of the flags: a group of mutually
// exclusive flags, or a variable bound to a flag.
func (ff *flagFacts) learn(c *ssa.CallCommon) {
	fn := ssavalue.StaticFunc(c)
	if fn == nil {
		return
	}
	if fn.FullName() == markExclusive && len(c.Args) == 2 {
		var names []string
		for _, el := range ssavalue.SliceElems(c.Args[1]) {
			if s, ok := constString(el); ok {
				names = append(names, s)
			}
		}
		for _, a := range names {
			for _, b := range names {
				if a != b {
					ff.exclusive[[2]string{a, b}] = true
				}
			}
		}
		return
	}
	if isFlagSetMethod(fn) && strings.HasSuffix(strings.TrimSuffix(fn.Name(), "P"), "Var") && len(c.Args) > 2 {
		if g, ok := c.Args[1].(*ssa.Global); ok {
			if name, ok := constString(c.Args[2]); ok {
				ff.bound[g] = name
			}
		}
	}
}

// exclusive reports whether p and q each run only when one of two flags
// declared mutually exclusive is set.
func (ch *checker) exclusive(p, q ssavalue.Point) bool {
	if !ch.importsCobra {
		return false
	}
	ff := ch.flags()
	if len(ff.exclusive) == 0 {
		return false
	}
	qs := ff.setAt(q)
	for _, a := range ff.setAt(p) {
		for _, b := range qs {
			if ff.exclusive[[2]string{a, b}] {
				return true
			}
		}
	}
	return false
}

// setAt returns the flags that are set whenever p runs: the branch of a
// test that the flag is set (`if copyTo != ""`, `if dryRun`) dominates it.
func (ff *flagFacts) setAt(p ssavalue.Point) []string {
	var out []string
	for b := p.Block.Idom(); b != nil; b = b.Idom() {
		br, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		name, setIfTrue := ff.flagTest(br.Cond)
		if name == "" {
			continue
		}
		set := b.Succs[1]
		if setIfTrue {
			set = b.Succs[0]
		}
		if len(set.Preds) == 1 && set.Dominates(p.Block) {
			out = append(out, name)
		}
	}
	return out
}

// flagTest returns the flag a condition tests, and whether the condition
// holds when the flag is set: a flag's value compared with its zero value,
// or a boolean flag itself, or its negation.
func (ff *flagFacts) flagTest(cond ssa.Value) (string, bool) {
	switch x := cond.(type) {
	case *ssa.BinOp:
		if x.Op != token.NEQ && x.Op != token.EQL {
			return "", false
		}
		v, zero := x.X, x.Y
		if k, ok := v.(*ssa.Const); ok && isZero(k) {
			v, zero = x.Y, x.X
		}
		if k, ok := zero.(*ssa.Const); !ok || !isZero(k) {
			return "", false
		}
		if name := ff.flagValue(v); name != "" {
			return name, x.Op == token.NEQ
		}
	case *ssa.UnOp:
		if x.Op == token.NOT {
			if name := ff.flagValue(x.X); name != "" {
				return name, false
			}
		}
	}
	if name := ff.flagValue(cond); name != "" && isBool(cond.Type()) {
		return name, true
	}
	return "", false
}

// flagValue returns the name of the flag v is the value of: a FlagSet
// getter's result (GetString("copy-to")), or a load of a variable bound to
// the flag; "" otherwise.
func (ff *flagFacts) flagValue(v ssa.Value) string {
	switch x := v.(type) {
	case *ssa.Extract:
		call, ok := x.Tuple.(*ssa.Call)
		if !ok || x.Index != 0 {
			return ""
		}
		fn := ssavalue.StaticFunc(call.Common())
		if fn == nil || !isFlagSetMethod(fn) || !strings.HasPrefix(fn.Name(), "Get") || len(call.Common().Args) < 2 {
			return ""
		}
		name, _ := constString(call.Common().Args[1])
		return name
	case *ssa.UnOp:
		if g, ok := x.X.(*ssa.Global); ok && x.Op == token.MUL {
			return ff.bound[g]
		}
	}
	return ""
}

// isFlagSetMethod reports whether fn is a method of pflag's *FlagSet.
func isFlagSetMethod(fn *types.Func) bool {
	tn := analyzerutil.PointerReceiver(fn)
	return tn != nil && tn.Pkg() != nil && tn.Pkg().Path()+"."+tn.Name() == pflagSet
}

func constString(v ssa.Value) (string, bool) {
	k, ok := v.(*ssa.Const)
	if !ok || k.Value == nil || k.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(k.Value), true
}

// isZero reports whether a constant is its type's zero value: "", 0,
// false.
func isZero(k *ssa.Const) bool {
	if k.Value == nil {
		return false
	}
	switch k.Value.Kind() {
	case constant.String:
		return constant.StringVal(k.Value) == ""
	case constant.Int, constant.Float:
		return constant.Sign(k.Value) == 0
	case constant.Bool:
		return !constant.BoolVal(k.Value)
	}
	return false
}

func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}
