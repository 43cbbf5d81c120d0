package ssavalue

import (
	"slices"

	"golang.org/x/tools/go/ssa"
)

// A Point is a place in a function's control-flow graph: just before
// instruction Index of Block, or its end when Index is len(Block.Instrs).
type Point struct {
	Block *ssa.BasicBlock
	Index int
}

// At returns the point of an instruction.
func At(in ssa.Instruction) Point { return Point{in.Block(), Index(in)} }

// End returns the end of a block: where a value flows along one of its
// edges, into a phi of the block it leads to.
func End(b *ssa.BasicBlock) Point { return Point{b, len(b.Instrs)} }

// Before reports whether some path of the control-flow graph passes p and
// then q: q later in the same block, or q's block reached from p's by one
// or more edges.
func (p Point) Before(q Point) bool {
	if p.Block == q.Block && p.Index < q.Index {
		return true
	}
	return Reaches(p.Block, q.Block, nil)
}

// Reaches reports whether a path of one or more edges leads from block
// from to block to, entering none of the blocks in avoid.
func Reaches(from, to *ssa.BasicBlock, avoid map[*ssa.BasicBlock]bool) bool {
	seen := map[*ssa.BasicBlock]bool{}
	queue := append([]*ssa.BasicBlock(nil), from.Succs...)
	for len(queue) > 0 {
		blk := queue[0]
		queue = queue[1:]
		if seen[blk] || avoid[blk] {
			continue
		}
		seen[blk] = true
		if blk == to {
			return true
		}
		queue = append(queue, blk.Succs...)
	}
	return false
}

// An Origin is where a value of interest (ARG_ERROR, an exit code) enters
// the value an emission uses: the call whose result carries it, or, for a
// constant, where the constant is chosen (the edge of a phi it flows along,
// the store that puts it into a variable, the call it is given to). Via
// names it for messages.
type Origin struct {
	Point
	Via string
	// Call is the call whose result the value is, when the origin is one
	// (not a constant chosen there, nor a call given it).
	Call *ssa.Call
}

// A Trace records what following an emitted value back finds: every
// origin of the value of interest, on every path (not only the first), so
// that a check can ask which side effects lie on the path of each. It also
// marks the values already visited, so that cycles end.
type Trace struct {
	Origins []Origin
	// through are the calls the value passes through on its way from an
	// origin (exitcode.New given the code, exitcode.FromError of the
	// error): it comes from them too, though they choose nothing.
	through []*ssa.Call
	seen    map[ssa.Value]bool
	// only, when set, admits that origin alone: the value is described as
	// it is on that origin's path.
	only *Point
}

// NewTrace returns an empty trace.
func NewTrace() *Trace { return &Trace{seen: map[ssa.Value]bool{}} }

// Only returns an empty trace that admits one origin alone, to describe
// the value on that origin's path.
func Only(p Point) *Trace {
	t := NewTrace()
	t.only = &p
	return t
}

// Visit reports whether v is seen for the first time, and marks it.
func (t *Trace) Visit(v ssa.Value) bool {
	if t.seen[v] {
		return false
	}
	t.seen[v] = true
	return true
}

// Again forgets which values were visited, keeping the origins found: a
// second question about the same value (is it a code, after: does it
// carry an error that is one) visits them afresh. Without it, the first
// question's marks end the second at the first phi both pass.
func (t *Trace) Again() { clear(t.seen) }

// Record adds an origin at p, and reports whether it counts: every origin
// does, unless the trace admits only another.
func (t *Trace) Record(p Point, via string) bool { return t.record(Origin{Point: p, Via: via}) }

// RecordCall adds the result of a call as an origin (see Record).
func (t *Trace) RecordCall(call *ssa.Call, via string) bool {
	return t.record(Origin{Point: At(call), Via: via, Call: call})
}

func (t *Trace) record(o Origin) bool {
	if t.only != nil && *t.only != o.Point {
		return false
	}
	t.Origins = append(t.Origins, o)
	return true
}

// Through records a call the value passes through.
func (t *Trace) Through(call *ssa.Call) { t.through = append(t.through, call) }

// Calls returns the calls the value comes from: those whose results are
// origins, and those it passes through.
func (t *Trace) Calls() []*ssa.Call {
	out := slices.Clone(t.through)
	for _, o := range t.Origins {
		if o.Call != nil {
			out = append(out, o.Call)
		}
	}
	return out
}

// First calls try for 0 … n-1, every one of them (each records the origins
// on its path), and returns the first answer that holds.
func First(n int, try func(i int) (string, bool)) (string, bool) {
	how, found := "", false
	for i := range n {
		if h, ok := try(i); ok && !found {
			how, found = h, true
		}
	}
	return how, found
}
