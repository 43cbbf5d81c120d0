package main

import (
	"fmt"
	"io"
	"time"

	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/internal/version"
)

// VersionData is the data of exitlint -version -json: which exitlint this
// is, from the binary's build information.
type VersionData struct {
	Name string `json:"name"` // "exitlint"
	// Version is what -version prints after the name: the module's
	// version (v0.1.0, a pseudo-version), or "devel" with the revision's
	// first 12 digits and "+dirty" when the work tree had changes.
	Version string `json:"version"`
	// Release says the binary is a tagged release; SemVer is then its
	// semantic version ("0.1.0").
	Release bool   `json:"release"`
	SemVer  string `json:"semver,omitempty"`
	// ModuleVersion is the version the go command stamped, "" for none
	// ("(devel)").
	ModuleVersion string `json:"module_version,omitempty"`
	Revision      string `json:"revision,omitempty"` // the whole revision
	Time          string `json:"time,omitempty"`     // the revision's commit time
	Modified      bool   `json:"modified"`           // built from a work tree with changes
	Go            string `json:"go"`                 // the Go that built it
}

func versionData(i version.Info) VersionData {
	return VersionData{Name: "exitlint", Version: i.String(), Release: i.Release(), SemVer: i.SemVer(),
		ModuleVersion: i.Version, Revision: i.Revision, Time: i.Time, Modified: i.Modified, Go: i.Go}
}

// printVersion answers -version: text, or one envelope with -json.
func printVersion(stdout io.Writer, asJSON bool, start time.Time) exitcode.Code {
	v := versionData(version.Read())
	if asJSON {
		return writeEnvelope(stdout, start, exitcode.Success, v, nil)
	}
	fmt.Fprintf(stdout, "exitlint %s\n", v.Version)
	if v.ModuleVersion != "" && v.ModuleVersion != v.Version {
		fmt.Fprintf(stdout, "module version %s\n", v.ModuleVersion)
	}
	if v.Revision != "" {
		fmt.Fprintf(stdout, "revision %s", v.Revision)
		if v.Time != "" {
			fmt.Fprintf(stdout, " %s", v.Time)
		}
		if v.Modified {
			fmt.Fprint(stdout, " (modified)")
		}
		fmt.Fprintln(stdout)
	}
	fmt.Fprintf(stdout, "built with %s\n", v.Go)
	return exitcode.Success
}
