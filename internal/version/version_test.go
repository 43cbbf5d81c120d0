package version

import (
	"runtime/debug"
	"testing"
)

func TestFromBuildInfo(t *testing.T) {
	vcs := []debug.BuildSetting{
		{Key: "vcs", Value: "git"},
		{Key: "vcs.revision", Value: "0123456789abcdef0123456789abcdef01234567"},
		{Key: "vcs.time", Value: "2026-03-01T12:00:00Z"},
		{Key: "vcs.modified", Value: "true"},
	}
	for _, tc := range []struct {
		name              string
		bi                debug.BuildInfo
		str, ref, semver  string
		release, modified bool
	}{
		{"a release", debug.BuildInfo{Main: debug.Module{Path: Module, Version: "v0.1.0"}},
			"v0.1.0", "v0.1.0", "0.1.0", true, false},
		{"a release candidate", debug.BuildInfo{Main: debug.Module{Path: Module, Version: "v1.0.0-rc.1"}},
			"v1.0.0-rc.1", "v1.0.0-rc.1", "1.0.0-rc.1", true, false},
		{"a pseudo-version", debug.BuildInfo{Main: debug.Module{Path: Module, Version: "v0.0.0-20260301120000-0123456789ab"}},
			"v0.0.0-20260301120000-0123456789ab", "0123456789ab", "", false, false},
		{"a work tree with changes, stamped by go build", debug.BuildInfo{Main: debug.Module{Path: Module, Version: "v0.1.1-0.20260301120000-0123456789ab+dirty"}, Settings: vcs},
			"devel 0123456789ab+dirty", "0123456789abcdef0123456789abcdef01234567", "", false, true},
		{"a tagged work tree", debug.BuildInfo{Main: debug.Module{Path: Module, Version: "v0.3.0"}, Settings: vcs[:3]},
			"v0.3.0", "v0.3.0", "0.3.0", true, false},
		{"devel with version control information", debug.BuildInfo{Main: debug.Module{Path: Module, Version: "(devel)"}, Settings: vcs},
			"devel 0123456789ab+dirty", "0123456789abcdef0123456789abcdef01234567", "", false, true},
		{"devel without", debug.BuildInfo{Main: debug.Module{Path: Module, Version: "(devel)"}},
			"devel", "main", "", false, false},
		{"inside golangci-lint, a release", debug.BuildInfo{Main: debug.Module{Path: "golangci-lint-exitlint", Version: "(devel)"}, Settings: vcs,
			Deps: []*debug.Module{{Path: "github.com/spf13/cobra", Version: "v1.10.2"}, {Path: Module, Version: "v0.2.0"}}},
			"v0.2.0", "v0.2.0", "0.2.0", true, false},
		{"inside golangci-lint, from a checkout (path:)", debug.BuildInfo{Main: debug.Module{Path: "golangci-lint-exitlint", Version: "(devel)"}, Settings: vcs,
			Deps: []*debug.Module{{Path: Module, Version: "v0.0.0-00010101000000-000000000000", Replace: &debug.Module{Path: "/src/exitlint"}}}},
			"devel", "main", "", false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			i := FromBuildInfo(&tc.bi)
			if i.String() != tc.str || i.Ref() != tc.ref || i.SemVer() != tc.semver || i.Release() != tc.release || i.Modified != tc.modified {
				t.Errorf("got %q ref %q semver %q release %v modified %v; want %q %q %q %v %v", i.String(), i.Ref(), i.SemVer(), i.Release(), i.Modified, tc.str, tc.ref, tc.semver, tc.release, tc.modified)
			}
		})
	}
}
