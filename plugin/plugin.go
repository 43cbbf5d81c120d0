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
// sideeffects set the -config.enum, -config.fatals and -config.sideeffects
// settings (passes/config). An unknown setting or check is an error
// that names it.
package plugin

import (
	"fmt"
	"os"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/exitlint/exitlint/analyzers/all"
	"github.com/exitlint/exitlint/internal/configfile"
	"github.com/exitlint/exitlint/passes/config"
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
	Exclude     []string `json:"exclude"`     // paths whose findings are not reported, relative to where golangci-lint runs
}

type linter struct{ analyzers []*analysis.Analyzer }

// New decodes the settings and configures the checks. golangci-lint calls it
// once per run.
func New(conf any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](conf)
	if err != nil {
		return nil, fmt.Errorf("exitlint settings: %w (the settings are enable, disable, enum, fatals, sideeffects and exclude)", err)
	}
	values := map[string][]string{config.EnumFlag: s.Enum, config.FatalsFlag: s.Fatals, config.SideEffectsFlag: s.SideEffects, config.ExcludeFlag: s.Exclude}
	// .exitlint.yml, found walking up from where golangci-lint runs, under
	// the settings in .golangci.yml.
	file, err := readConfigFile(values)
	if err != nil {
		return nil, fmt.Errorf("exitlint: %w", err)
	}
	if file != nil {
		if s.Enable == nil {
			s.Enable = file.Enable
		}
		if s.Disable == nil {
			s.Disable = file.Disable
		}
	}
	for _, setting := range config.Settings {
		if v := values[setting.Name]; len(v) > 0 {
			if err := config.Set(setting.Name, v); err != nil {
				return nil, fmt.Errorf("exitlint settings: %s: %w", setting.Name, err)
			}
		}
	}
	analyzers, err := all.Select(s.Enable, s.Disable, "exitlint settings: enable", "disable")
	if err != nil {
		return nil, err
	}
	return linter{all.WithConfig(analyzers)}, nil
}

// readConfigFile reads and applies the config file found from the working
// directory, except the settings values holds; nil when there is none.
func readConfigFile(values map[string][]string) (*configfile.File, error) {
	dir, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	path, err := configfile.Find(dir)
	if err != nil || path == "" {
		return nil, err
	}
	f, err := configfile.Load(path)
	if err != nil {
		return nil, err
	}
	return f, f.Apply(func(s config.Setting) bool { return len(values[s.Name]) > 0 })
}

func (l linter) BuildAnalyzers() ([]*analysis.Analyzer, error) { return l.analyzers, nil }

// GetLoadMode asks for type information: every check needs it.
func (linter) GetLoadMode() string { return register.LoadModeTypesInfo }
