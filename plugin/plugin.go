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
// exitlint command and the config file, by passes/config's table: enable
// and disable choose checks, enum, fatals, sideeffects and exclude set the
// config pass's settings. They override .exitlint.yml, which applies per
// package as on every route (internal/settings). An unknown setting or
// check is an error that names it.
package plugin

import (
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/analyzers/all"
	"github.com/exitlint/exitlint/internal/settings"
	"github.com/exitlint/exitlint/passes/config"
	"github.com/exitlint/exitlint/passes/suppress"
)

// Name is the linter's name in golangci-lint's configuration and in its
// reports ("exitlint"); //nolint:exitlint silences it, read by
// golangci-lint itself, and //nolint:CHECK one check, read by the plugin.
const Name = "exitlint"

func init() { register.Plugin(Name, New) }

// Settings are the plugin's settings in .golangci.yml, by the names of
// passes/config's table.
type Settings map[string][]string

type linter struct{ analyzers []*analysis.Analyzer }

// New decodes the settings and configures the checks. golangci-lint calls it
// once per run, before it loads any package.
func New(conf any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](conf)
	if err != nil {
		return nil, fmt.Errorf("exitlint settings: %w (the settings are %s)", err, strings.Join(config.Names(), ", "))
	}
	config.Reset() // the flags are this call's settings alone
	// golangci-lint reads //nolint and //nolint:exitlint itself, and
	// makes an issue of each related position: the suppress pass leaves
	// both to it.
	suppress.InGolangciLint(true)
	for _, name := range slices.Sorted(maps.Keys(s)) {
		setting := config.Lookup(name)
		if setting == nil {
			return nil, fmt.Errorf("exitlint settings: unknown field %q (the settings are %s)", name, strings.Join(config.Names(), ", "))
		}
		// An empty list of names leaves the config file's in place, as
		// an absent one does; enable: [] chooses every check.
		if v := s[name]; len(v) > 0 || (v != nil && setting.Kind == config.KindCheck) {
			if err := config.Set(name, v); err != nil {
				return nil, fmt.Errorf("exitlint settings: %s: %w", name, err)
			}
		}
	}
	dir, err := os.Getwd()
	if err != nil {
		return nil, fmt.Errorf("exitlint: %w", err)
	}
	// golangci-lint asks for the checks once, for every package: the
	// plugin runs those that the settings of the directory it runs in, or
	// of any config file below it, choose, and each package reports only
	// its own (the suppress pass).
	r := settings.New("", dir)
	found, err := r.Below(dir)
	if err != nil {
		return nil, fmt.Errorf("exitlint: %w", err)
	}
	analyzers, err := settings.Union("exitlint settings: enable", "disable", found...)
	if err != nil {
		return nil, err
	}
	r.Use()
	return linter{all.WithConfig(analyzers)}, nil
}

func (l linter) BuildAnalyzers() ([]*analysis.Analyzer, error) { return l.analyzers, nil }

// GetLoadMode asks for type information: every check needs it.
func (linter) GetLoadMode() string { return register.LoadModeTypesInfo }
