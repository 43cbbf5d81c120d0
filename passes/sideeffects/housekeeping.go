package sideeffects

import (
	"go/ast"
	"go/constant"
	"go/types"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/exitlint/exitlint/internal/analyzerutil"
	"github.com/exitlint/exitlint/internal/summary"
)

// Home is where a path lies among the program's own directories under the
// user's home. A write there is housekeeping of the program's own state
// when the write is of a kind that a retry repeats identically and whose
// result no run behaves differently on (Rule.Judge): an agent can neither
// see it nor be harmed by it.
type Home int

const (
	// NoHome is any other path, or one that cannot be told.
	NoHome Home = iota
	// ConfigHome is the user's config, data or state directory
	// (os.UserConfigDir, $XDG_CONFIG_HOME, $XDG_DATA_HOME, $XDG_STATE_HOME,
	// a dot-directory of the home such as ~/.config or ~/.tool, adrg/xdg's
	// ConfigHome, DataHome, StateHome) or a path under it that the program
	// fixes: joined with constants only. A path the user names under it
	// (a profile's name) is no home of the program.
	ConfigHome
	// CacheHome is the user's cache directory (os.UserCacheDir,
	// $XDG_CACHE_HOME, ~/.cache, adrg/xdg's CacheHome) or any path under
	// it: a cache is disposable by definition.
	CacheHome
	// userHome is the home directory itself (os.UserHomeDir, $HOME): the
	// program's own only below a dot-directory.
	userHome
)

func (h Home) String() string {
	switch h {
	case ConfigHome:
		return "config"
	case CacheHome:
		return "cache"
	}
	return "none"
}

// within reports whether a path at h is housekeeping for a write that is
// housekeeping at keep or any more disposable home: keep ConfigHome
// admits the config and the cache directory, CacheHome the cache alone,
// NoHome nothing.
func (h Home) within(keep Home) bool {
	switch keep {
	case ConfigHome:
		return h == ConfigHome || h == CacheHome
	case CacheHome:
		return h == CacheHome
	}
	return false
}

// stricter returns the stricter of two keeps: the one fewer paths are
// housekeeping for (NoHome: none).
func stricter(a, b Home) Home {
	if a == NoHome || b == NoHome {
		return NoHome
	}
	return max(a, b)
}

// both returns where a path lies that may be either a or b: the less
// disposable of the two, and no home unless both are one.
func both(a, b Home) Home {
	switch {
	case a == b:
		return a
	case a == userHome || b == userHome || a == NoHome || b == NoHome:
		return NoHome
	}
	return ConfigHome
}

// maxHomeDepth is how many steps (a local variable's value, a join's first
// element, a helper's result) a path is followed back to the user's
// directory it lies in: `dir := os.Getenv("XDG_CONFIG_HOME"); if dir == ""
// { home, _ := os.UserHomeDir(); dir = filepath.Join(home, ".config") };
// return filepath.Join(dir, "tool", "config.toml")` is five.
const maxHomeDepth = 6

// Makes is what a catalogue entry does to the file system, which decides
// at which of the program's homes a call of it is housekeeping.
type Makes int

const (
	// MakesOther: nothing that is ever housekeeping (a rename, a link, a
	// request).
	MakesOther Makes = iota
	// MakesDir creates directories (os.Mkdir, os.MkdirAll): housekeeping
	// in the config and the cache directory alike, since an empty directory
	// changes no run's behaviour.
	MakesDir
	// MakesFile creates or writes a file: housekeeping in the cache
	// directory, and in the config directory only when it creates a file
	// that did not exist (os.OpenFile with O_EXCL): a default config
	// written on first run, which the run reads as the next one will. A
	// write that overwrites the config changes what the next run does.
	MakesFile
	// ChangesFile removes a file or changes its mode, owner, times or
	// size: housekeeping in the cache directory only.
	ChangesFile
)

// keep returns the home at which a call that makes m is housekeeping (or
// any more disposable one); createOnly says the call creates only a file
// that did not exist.
func (m Makes) keep(createOnly bool) Home {
	switch m {
	case MakesDir:
		return ConfigHome
	case MakesFile:
		if createOnly {
			return ConfigHome
		}
		return CacheHome
	case ChangesFile:
		return CacheHome
	}
	return NoHome
}

// exclusive reports whether os.OpenFile flags create only a file that did
// not exist (O_CREATE with O_EXCL).
func exclusive(flags constant.Value) bool {
	if flags == nil || flags.Kind() != constant.Int {
		return false
	}
	n, _ := constant.Int64Val(flags)
	return n&int64(os.O_EXCL) != 0 && n&int64(os.O_CREATE) != 0
}

const xdgPkg = "github.com/adrg/xdg"

// homeSource returns where the first result of a call of fn lies when fn
// tells the user's directories: os.UserCacheDir, UserConfigDir and
// UserHomeDir, and adrg/xdg's CacheFile, ConfigFile, DataFile and
// StateFile (a path under the directory, whose parents they create).
func homeSource(fn *types.Func) Home {
	if fn == nil || fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return NoHome
	}
	switch fn.Pkg().Path() + "." + fn.Name() {
	case "os.UserCacheDir", xdgPkg + ".CacheFile":
		return CacheHome
	case "os.UserConfigDir", xdgPkg + ".ConfigFile", xdgPkg + ".DataFile", xdgPkg + ".StateFile":
		return ConfigHome
	case "os.UserHomeDir":
		return userHome
	}
	return NoHome
}

// homeVar returns where a package variable's path lies: adrg/xdg's
// CacheHome, ConfigHome, DataHome, StateHome and Home.
func homeVar(obj types.Object) Home {
	v, ok := obj.(*types.Var)
	if !ok || v.Pkg() == nil || v.Pkg().Path() != xdgPkg || v.Parent() != v.Pkg().Scope() {
		return NoHome
	}
	switch v.Name() {
	case "CacheHome":
		return CacheHome
	case "ConfigHome", "DataHome", "StateHome":
		return ConfigHome
	case "Home":
		return userHome
	}
	return NoHome
}

// homeEnv returns where the value of an environment variable lies.
func homeEnv(name string) Home {
	switch name {
	case "XDG_CACHE_HOME":
		return CacheHome
	case "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME":
		return ConfigHome
	case "HOME":
		return userHome
	}
	return NoHome
}

// isGetenv reports whether fn reads an environment variable, its first
// result the value.
func isGetenv(fn *types.Func) bool {
	return fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "os" && fn.Signature().Recv() == nil && (fn.Name() == "Getenv" || fn.Name() == "LookupEnv")
}

// isDir reports whether fn returns a path's directory, or the path
// cleaned: filepath.Dir, path.Dir, filepath.Clean, path.Clean.
func isDir(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil || fn.Signature().Recv() != nil {
		return false
	}
	p := fn.Pkg().Path()
	return (p == "path/filepath" || p == "path") && (fn.Name() == "Dir" || fn.Name() == "Clean")
}

// elem is one element of a join after the first: a constant string, or a
// value not known.
type elem struct {
	s     string
	known bool
}

// joined returns where filepath.Join(first, rest...) lies: under the cache
// directory whatever follows (but ".."); under the config directory only
// when constants follow; under the home only below a dot-directory
// (".cache" is the cache directory).
func joined(first Home, rest []elem) Home {
	for _, e := range rest {
		if e.known && strings.Contains(e.s, "..") {
			return NoHome // may leave the directory
		}
	}
	allKnown := true
	for _, e := range rest {
		allKnown = allKnown && e.known
	}
	switch first {
	case CacheHome:
		return CacheHome
	case ConfigHome:
		if allKnown {
			return ConfigHome
		}
	case userHome:
		if len(rest) == 0 || !rest[0].known {
			return NoHome
		}
		top, _, _ := strings.Cut(strings.TrimLeft(rest[0].s, "/"), "/")
		switch {
		case top == ".cache":
			return CacheHome
		case len(top) > 1 && top[0] == '.' && allKnown:
			return ConfigHome
		}
	}
	return NoHome
}

// homePathFact marks a function whose first result is a path under the
// user's config or cache directory, on every return that does not also
// return an error.
type homePathFact struct{ Home Home }

func (*homePathFact) AFact() {}

func (f *homePathFact) String() string { return "homePath(" + f.Home.String() + ")" }

// homes knows which functions return a path in one of the program's
// homes: the package's own, computed from their returns, and other
// packages' through facts.
type homes struct {
	info  *types.Info
	table *summary.Table[homePathFact, *homePathFact]
	decls map[*types.Func]*ast.FuncDecl
	// state: 1 while a function's returns are being read (a cycle ends
	// there, with no home), 2 once its fact is known.
	state map[*types.Func]int
}

func newHomes(pass *analysis.Pass) *homes {
	h := &homes{info: pass.TypesInfo, table: summary.NewTable[homePathFact](pass), decls: map[*types.Func]*ast.FuncDecl{}, state: map[*types.Func]int{}}
	if analyzerutil.InStd(pass) {
		return h
	}
	for fd, fn := range analyzerutil.FuncDecls(pass) {
		h.decls[fn] = fd
	}
	for fn := range h.decls {
		h.of(fn)
	}
	h.table.Export(pass)
	return h
}

// of returns where fn's first result lies.
func (h *homes) of(fn *types.Func) Home {
	if fn == nil {
		return NoHome
	}
	fn = fn.Origin()
	fd, local := h.decls[fn]
	if !local {
		if f := h.table.Of(fn); f != nil {
			return f.Home
		}
		return NoHome
	}
	switch h.state[fn] {
	case 1:
		return NoHome
	case 2:
		if f := h.table.Local(fn); f != nil {
			return f.Home
		}
		return NoHome
	}
	h.state[fn] = 1
	home := h.returned(fd, fn.Signature())
	h.state[fn] = 2
	if home == ConfigHome || home == CacheHome {
		h.table.Set(fn, &homePathFact{Home: home})
	}
	return home
}

// returned returns where the first result of every return of fd lies,
// leaving out the returns that give an error beside a constant (`return
// "", err`).
func (h *homes) returned(fd *ast.FuncDecl, sig *types.Signature) Home {
	res := sig.Results()
	if fd.Body == nil || res.Len() == 0 || !isString(res.At(0).Type()) {
		return NoHome
	}
	c := syntaxCall{info: h.info, body: fd.Body, sig: sig, homes: h}
	home, any := NoHome, false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) != res.Len() {
				home, any = NoHome, true // a bare return, or a call's results
				return false
			}
			if res.Len() > 1 && h.info.Types[n.Results[0]].Value != nil && !analyzerutil.IsNil(h.info, n.Results[len(n.Results)-1]) {
				return false // an error's return
			}
			r := c.home(n.Results[0], 0)
			if !any {
				home, any = r, true
			} else {
				home = both(home, r)
			}
		}
		return true
	})
	return home
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// home follows a path expression to the user's directory it lies in:
// os.UserCacheDir and its kin, an environment variable naming one, a join
// or a directory of one, a function of the program whose fact says it
// returns one, or a local variable every value of which is one.
func (c syntaxCall) home(e ast.Expr, depth int) Home {
	if depth > maxHomeDepth || c.homes == nil {
		return NoHome
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		fn, _ := typeutil.Callee(c.info, x).(*types.Func)
		return c.homeOfCall(fn, x, depth)
	case *ast.SelectorExpr:
		return homeVar(c.info.Uses[x.Sel])
	case *ast.Ident:
		if h := homeVar(c.info.Uses[x]); h != NoHome {
			return h
		}
		values := c.assigned(x)
		if len(values) == 0 {
			return NoHome
		}
		home := c.home(values[0], depth+1)
		for _, v := range values[1:] {
			home = both(home, c.home(v, depth+1))
		}
		return home
	}
	return NoHome
}

func (c syntaxCall) homeOfCall(fn *types.Func, call *ast.CallExpr, depth int) Home {
	if fn == nil {
		return NoHome
	}
	if h := homeSource(fn); h != NoHome {
		return h
	}
	switch {
	case isGetenv(fn):
		if len(call.Args) == 1 {
			if v := c.info.Types[call.Args[0]].Value; v != nil && v.Kind() == constant.String {
				return homeEnv(constant.StringVal(v))
			}
		}
		return NoHome
	case isDir(fn):
		if len(call.Args) == 1 {
			if h := c.home(call.Args[0], depth+1); h != userHome {
				return h
			}
		}
		return NoHome
	case PathFuncOf(fn) == Join:
		if len(call.Args) == 0 || call.Ellipsis.IsValid() {
			return NoHome
		}
		rest := make([]elem, 0, len(call.Args)-1)
		for _, a := range call.Args[1:] {
			v := c.info.Types[a].Value
			if v != nil && v.Kind() == constant.String {
				rest = append(rest, elem{constant.StringVal(v), true})
			} else {
				rest = append(rest, elem{})
			}
		}
		return joined(c.home(call.Args[0], depth+1), rest)
	}
	return c.homes.of(fn)
}

// pathParam returns the parameter of the enclosing function that path
// argument i is, or the directory of, or a join that starts with: a helper
// that makes the directory or writes the file its caller names.
// fixed is false when the join adds elements that are not constants: then
// the path lies under the caller's config directory only when the caller
// names a cache directory.
func (c syntaxCall) pathParam(i int) (p int, fixed, ok bool) {
	e := c.arg(i)
	if e == nil {
		return 0, false, false
	}
	return c.paramPath(e, 0)
}

func (c syntaxCall) paramPath(e ast.Expr, depth int) (p int, fixed, ok bool) {
	if depth > maxFollowDepth {
		return 0, false, false
	}
	call, isCall := ast.Unparen(e).(*ast.CallExpr)
	if !isCall {
		p, ok := c.paramOf(e)
		return p, true, ok
	}
	fn, _ := typeutil.Callee(c.info, call).(*types.Func)
	switch {
	case isDir(fn) && len(call.Args) == 1:
		return c.paramPath(call.Args[0], depth+1)
	case PathFuncOf(fn) == Join && len(call.Args) > 0 && !call.Ellipsis.IsValid():
		p, fixed, ok := c.paramPath(call.Args[0], depth+1)
		for _, a := range call.Args[1:] {
			v := c.info.Types[a].Value
			fixed = fixed && v != nil && v.Kind() == constant.String && !strings.Contains(constant.StringVal(v), "..")
		}
		return p, fixed, ok
	}
	return 0, false, false
}

// fileOpened returns the call that opened the file expression e
// (os.Create, os.OpenFile), directly or through a local variable all of
// whose values it is, or nil.
func (c syntaxCall) fileOpened(e ast.Expr) *ast.CallExpr {
	var opened *ast.CallExpr
	if !c.follow(e, 0, func(fn *types.Func, call *ast.CallExpr, _ int) bool {
		if PathFuncOf(fn) != OpenPath || len(call.Args) == 0 || (opened != nil && opened != call) {
			return false
		}
		opened = call
		return true
	}) {
		return nil
	}
	return opened
}

// Home reports where path argument i lies.
func (c syntaxCall) Home(i int) Home {
	e := c.arg(i)
	if e == nil {
		return NoHome
	}
	if h := c.home(e, 0); h != userHome {
		return h
	}
	return NoHome
}

// FileHome reports where the file argument i was opened (os.Create,
// os.OpenFile) and whether it was created only if it did not exist.
func (c syntaxCall) FileHome(i int) (Home, bool) {
	e := c.arg(i)
	if e == nil {
		return NoHome, false
	}
	open := c.fileOpened(e)
	if open == nil {
		return NoHome, false
	}
	excl := len(open.Args) > 1 && exclusive(c.info.Types[open.Args[1]].Value)
	h := c.home(open.Args[0], 0)
	if h == userHome {
		h = NoHome
	}
	return h, excl
}

// fileParam returns the parameter of the enclosing function at which file
// argument i was opened, as pathParam does for a path, and whether it was
// created only if it did not exist.
func (c syntaxCall) fileParam(i int) (p int, fixed, excl, ok bool) {
	e := c.arg(i)
	if e == nil {
		return 0, false, false, false
	}
	open := c.fileOpened(e)
	if open == nil {
		return 0, false, false, false
	}
	p, fixed, ok = c.paramPath(open.Args[0], 0)
	excl = len(open.Args) > 1 && exclusive(c.info.Types[open.Args[1]].Value)
	return p, fixed, excl, ok
}
