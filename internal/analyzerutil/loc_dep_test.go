package analyzerutil

import (
	"path/filepath"
	"sync"
	"testing"
)

func TestInDependency(t *testing.T) {
	t.Setenv("GOMODCACHE", filepath.FromSlash("/home/u/cache/mod"))
	defer func(f func() string) { moduleCache = f }(moduleCache)
	moduleCache = sync.OnceValue(moduleCacheDir)
	for _, tc := range []struct {
		file string
		want bool
	}{
		{"/home/u/cache/mod/github.com/mitchellh/cli@v1.1.4/cli.go", true},
		{"/root/go/pkg/mod/github.com/urfave/cli/v2@v2.27.1/app.go", true}, // another cache, by its layout
		{"/work/app/vendor/github.com/spf13/cobra/command.go", true},
		{"/work/app/cmd/app/main.go", false},
		{"/home/u/cache/modules/app/main.go", false},     // a sibling of the cache, not in it
		{"/work/pkg/mod/notes/main.go", false},           // pkg/mod without a module@version directory
		{"/work/app/internal/vendorlist/list.go", false}, // vendor as part of a name
	} {
		if got := InDependency(filepath.FromSlash(tc.file)); got != tc.want {
			t.Errorf("InDependency(%q) = %v, want %v", tc.file, got, tc.want)
		}
	}
}
