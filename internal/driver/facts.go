package driver

import (
	"go/types"
	"reflect"
	"sync"

	"golang.org/x/tools/go/analysis"
)

// facts are the facts one package exported, by object and fact type. They
// are written while the package is analyzed and read by the packages that
// import it once it is done; the lock keeps a checker's mistake from
// becoming a data race.
type facts struct {
	mu      sync.RWMutex
	objects map[objectKey]analysis.Fact
	pkgs    map[reflect.Type]analysis.Fact
}

type objectKey struct {
	obj types.Object
	t   reflect.Type
}

// object copies the fact of type t on obj into ptr, if there is one.
func (f *facts) object(obj types.Object, t reflect.Type, ptr analysis.Fact) bool {
	f.mu.RLock()
	v, ok := f.objects[objectKey{obj, t}]
	f.mu.RUnlock()
	if ok {
		reflect.ValueOf(ptr).Elem().Set(reflect.ValueOf(v).Elem())
	}
	return ok
}

// packageFact copies the package fact of type t into ptr, if there is one.
func (f *facts) packageFact(t reflect.Type, ptr analysis.Fact) bool {
	f.mu.RLock()
	v, ok := f.pkgs[t]
	f.mu.RUnlock()
	if ok {
		reflect.ValueOf(ptr).Elem().Set(reflect.ValueOf(v).Elem())
	}
	return ok
}

func (f *facts) setObject(obj types.Object, t reflect.Type, fact analysis.Fact) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.objects == nil {
		f.objects = map[objectKey]analysis.Fact{}
	}
	f.objects[objectKey{obj, t}] = fact
}

func (f *facts) setPkg(t reflect.Type, fact analysis.Fact) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.pkgs == nil {
		f.pkgs = map[reflect.Type]analysis.Fact{}
	}
	f.pkgs[t] = fact
}

// allObjects appends the object facts of the types in declared.
func (f *facts) allObjects(declared map[reflect.Type]bool, out []analysis.ObjectFact) []analysis.ObjectFact {
	f.mu.RLock()
	defer f.mu.RUnlock()
	for k, v := range f.objects {
		if declared[k.t] {
			out = append(out, analysis.ObjectFact{Object: k.obj, Fact: v})
		}
	}
	return out
}

// allPkg appends the package facts of the types in declared.
func (f *facts) allPkg(pkg *types.Package, declared map[reflect.Type]bool, out []analysis.PackageFact) []analysis.PackageFact {
	f.mu.RLock()
	defer f.mu.RUnlock()
	for t, v := range f.pkgs {
		if declared[t] {
			out = append(out, analysis.PackageFact{Package: pkg, Fact: v})
		}
	}
	return out
}
