// Package version says which exitlint a binary holds, from the build
// information the go command stamps into it (runtime/debug): the module's
// version and the version control revision it was built from. The command
// prints it (-version, go vet's -V=full, SARIF's tool.driver) and the
// checks' documentation links point at it.
package version

import (
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
)

// Module is exitlint's module path.
const Module = "github.com/exitlint/exitlint"

// Info is what the build information says of exitlint's module.
type Info struct {
	// Version is the module's version: a tag (v0.1.0), a pseudo-version
	// (v0.0.0-20260301120000-0123456789ab, +dirty when built from a work
	// tree with changes), or "" when the go command stamped none ("(devel)":
	// go build in a checkout without version control information).
	Version  string
	Revision string // the version control revision (vcs.revision), "" when not stamped
	Time     string // the revision's commit time (vcs.time), RFC 3339
	Modified bool   // the work tree had changes (vcs.modified)
	Go       string // the Go version that built the binary
	// WorkTree says the binary was built in a version control work tree
	// (go build in a clone), not from a module the go command downloaded.
	WorkTree bool
}

// Read returns what this binary's build information says of exitlint's
// module: the main module's when exitlint is the program, the
// dependency's when another program (golangci-lint) includes its
// packages.
func Read() Info { return read() }

var read = sync.OnceValue(func() Info {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return Info{Go: runtime.Version()}
	}
	return FromBuildInfo(bi)
})

// FromBuildInfo returns what bi says of exitlint's module.
func FromBuildInfo(bi *debug.BuildInfo) Info {
	info := Info{Go: bi.GoVersion}
	m := &bi.Main
	if m.Path != Module {
		for _, d := range bi.Deps {
			if d.Path == Module {
				m = d
				if d.Replace != nil {
					// A directory (path: in .custom-gcl.yml) has no
					// version; another module at a version has its own.
					m = &debug.Module{Path: d.Replace.Path, Version: d.Replace.Version}
					if m.Version == "" {
						m.Version = "(devel)"
					}
				}
				break
			}
		}
	}
	if m.Version != "(devel)" {
		info.Version = m.Version
	}
	if m == &bi.Main {
		// The version control settings describe the main module only.
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				info.Revision = s.Value
			case "vcs.time":
				info.Time = s.Value
			case "vcs.modified":
				info.Modified = s.Value == "true"
			case "vcs":
				info.WorkTree = true
			}
		}
	}
	if info.Revision == "" {
		info.Revision = pseudoRevision(info.Version)
	}
	if strings.HasSuffix(info.Version, "+dirty") {
		info.Modified = true
	}
	return info
}

// pseudo matches the revision at the end of a pseudo-version
// (vX.Y.Z-yyyymmddhhmmss-abcdefabcdef, or -pre.0.yyyymmddhhmmss-…), before
// any +build suffix.
var pseudo = regexp.MustCompile(`[-.]\d{14}-([0-9a-f]{12})(\+.*)?$`)

func pseudoRevision(v string) string {
	if m := pseudo.FindStringSubmatch(v); m != nil {
		return m[1]
	}
	return ""
}

// release matches a tagged semantic version: no pre-release of the
// go command's making, no build suffix.
var release = regexp.MustCompile(`^v\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$`)

// Release reports whether the binary is a tagged release of exitlint
// (v0.1.0, v1.0.0-rc.1), not a pseudo-version nor a build of a work tree.
func (i Info) Release() bool {
	return release.MatchString(i.Version) && pseudoRevision(i.Version) == ""
}

// SemVer returns the release's semantic version without its "v"
// (SARIF's semanticVersion), "" when the binary is no release.
func (i Info) SemVer() string {
	if !i.Release() {
		return ""
	}
	return strings.TrimPrefix(i.Version, "v")
}

// String is the version as people read it, one word or two: a release's
// tag ("v0.1.0"), the pseudo-version of a module the go command
// downloaded ("v0.0.0-20260301120000-0123456789ab", go install @commit),
// else, for a build in a work tree, "devel" and the revision's first 12
// digits, with "+dirty" when the work tree had changes ("devel
// 0123456789ab+dirty"), or "devel" alone when nothing says more.
func (i Info) String() string {
	if i.Version != "" && (i.Release() || !i.WorkTree) {
		return i.Version
	}
	if i.Revision == "" {
		return "devel"
	}
	rev := i.Revision
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if i.Modified {
		rev += "+dirty"
	}
	return "devel " + rev
}

// Ref is the git reference exitlint's own files of this build are at,
// for links into its repository: the release's tag, else the revision,
// else "main" (nothing says which; the newest is the best guess).
func (i Info) Ref() string {
	switch {
	case i.Release():
		return i.Version
	case i.Revision != "":
		return i.Revision
	}
	return "main"
}
