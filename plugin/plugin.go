// Package plugin registers exitlint with golangci-lint v2 as a module plugin
// named "exitlint". Build a golangci-lint that includes it with
// `golangci-lint custom` and a .custom-gcl.yml naming this package, then
// enable it in .golangci.yml:
//
//	linters:
//	  enable: [exitlint]
//	  settings:
//	    custom:
//	      exitlint:
//	        type: module
//	        settings:
//	          disable: [handbuilt]
//	          fatals: ["example.com/log.Die"]
//
// docs/golangci-lint.md gives the whole setup. The settings are those of the
// exitlint command: enable and disable choose checks, enum, fatals and
// sideeffects set the -contract.enum, -fallback.fatals and
// -argphase.sideeffects options. An unknown setting or check is an error
// that names it.
package plugin

import (
	"fmt"
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/analyzers/all"
	"github.com/exitlint/exitlint/analyzers/argphase"
	"github.com/exitlint/exitlint/analyzers/fallback"
	"github.com/exitlint/exitlint/passes/contract"
)

// Name is the linter's name in golangci-lint's configuration and in its
// reports ("exitlint"); //nolint:exitlint silences it.
const Name = "exitlint"

func init() { register.Plugin(Name, New) }

// Settings are the plugin's settings in .golangci.yml.
type Settings struct {
	Enable      []string `json:"enable"`      // checks to run (default: all)
	Disable     []string `json:"disable"`     // checks not to run
	Enum        []string `json:"enum"`        // exit-code enum types besides exitlint's: import/path.Type
	Fatals      []string `json:"fatals"`      // functions that end the process with exit code 1
	SideEffects []string `json:"sideeffects"` // third-party functions with side effects
}

type linter struct{ analyzers []*analysis.Analyzer }

// New decodes the settings and configures the checks. golangci-lint calls it
// once per run.
func New(conf any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](conf)
	if err != nil {
		return nil, fmt.Errorf("exitlint settings: %w (the settings are enable, disable, enum, fatals and sideeffects)", err)
	}
	for _, opt := range []struct {
		a      *analysis.Analyzer
		flag   string
		values []string
	}{
		{contract.Analyzer, "enum", s.Enum},
		{fallback.Analyzer, "fatals", s.Fatals},
		{argphase.Analyzer, "sideeffects", s.SideEffects},
	} {
		if len(opt.values) == 0 {
			continue
		}
		if err := opt.a.Flags.Set(opt.flag, strings.Join(opt.values, ",")); err != nil {
			return nil, fmt.Errorf("exitlint settings: %s: %w", opt.flag, err)
		}
	}
	analyzers, err := all.Select(s.Enable, s.Disable, "exitlint settings: enable", "disable")
	if err != nil {
		return nil, err
	}
	return linter{analyzers}, nil
}

func (l linter) BuildAnalyzers() ([]*analysis.Analyzer, error) { return l.analyzers, nil }

// GetLoadMode asks for type information: every check needs it.
func (linter) GetLoadMode() string { return register.LoadModeTypesInfo }
