package analyzerutil

import (
	"go/types"
	"runtime"
	"sync"
	"weak"

	"golang.org/x/tools/go/analysis"
)

// Refs are the objects of other packages that a package's code refers to,
// each once, in no particular order: the only ones whose facts a question
// about its code can need. Every pass over the package shares them; a
// caller must not modify them.
type Refs struct {
	Funcs  []*types.Func  // functions and methods, by their origin
	Vars   []*types.Var   // package-level variables
	Fields []*types.Var   // struct fields, as the code names them
	Consts []*types.Const // constants

	once sync.Once
}

// refsByInfo keeps each package's Refs, found once in one pass over its
// TypesInfo.Uses, for every pass over the package that asks (the fact
// passes' tables, the imported variables, fields and constants: a dozen
// passes over Uses for each package before), for as long as the package's
// type information lives.
var refsByInfo struct {
	sync.Mutex
	m map[weak.Pointer[types.Info]]*Refs
}

// RefsOf returns the Refs of the pass's package.
func RefsOf(pass *analysis.Pass) *Refs {
	key := weak.Make(pass.TypesInfo)
	refsByInfo.Lock()
	r := refsByInfo.m[key]
	if r == nil {
		if refsByInfo.m == nil {
			refsByInfo.m = map[weak.Pointer[types.Info]]*Refs{}
		}
		r = &Refs{}
		refsByInfo.m[key] = r
		runtime.AddCleanup(pass.TypesInfo, func(key weak.Pointer[types.Info]) {
			refsByInfo.Lock()
			delete(refsByInfo.m, key)
			refsByInfo.Unlock()
		}, key)
	}
	refsByInfo.Unlock()
	r.once.Do(func() { r.find(pass) })
	return r
}

func (r *Refs) find(pass *analysis.Pass) {
	seen := map[types.Object]bool{}
	for _, obj := range pass.TypesInfo.Uses {
		if obj.Pkg() == nil || obj.Pkg() == pass.Pkg {
			continue
		}
		if fn, ok := obj.(*types.Func); ok {
			obj = fn.Origin()
		}
		if seen[obj] {
			continue
		}
		seen[obj] = true
		switch obj := obj.(type) {
		case *types.Func:
			r.Funcs = append(r.Funcs, obj)
		case *types.Var:
			if obj.IsField() {
				r.Fields = append(r.Fields, obj)
			} else if obj.Parent() == obj.Pkg().Scope() {
				r.Vars = append(r.Vars, obj)
			}
		case *types.Const:
			r.Consts = append(r.Consts, obj)
		}
	}
}

// refsCount is how many packages' Refs are kept, for tests.
func refsCount() int {
	refsByInfo.Lock()
	defer refsByInfo.Unlock()
	return len(refsByInfo.m)
}
