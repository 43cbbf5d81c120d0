// Package housekeeping: writes into the program's own directories under
// the user's home (its cache, its config directory, a default config
// created only when none exists) are housekeeping: an agent can neither see
// them nor be harmed by them, and a retry repeats them identically, so
// ARG_ERROR after them still promises zero side effects. Their look-alikes
// (a directory the user names, a config overwritten, a file the user asked
// for under os.TempDir) are side effects.
package housekeeping

import (
	"os"
	"path/filepath"

	"cases/argphase/housekeeping/config"

	"github.com/exitlint/exitlint/exitcode"
)

var errName = exitcode.New(exitcode.ArgError, "NO_NAME", "a name is required")

func cacheThenValidate(name string) error {
	dir, err := os.UserCacheDir()
	if err != nil {
		return err
	}
	dir = filepath.Join(dir, "tool")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, name+".json"), nil, 0o600); err != nil {
		return err
	}
	if name == "" {
		return errName
	}
	return nil
}

func xdgCacheThenValidate(name string) error {
	if err := os.MkdirAll(filepath.Join(os.Getenv("XDG_CACHE_HOME"), "tool"), 0o700); err != nil {
		return err
	}
	if name == "" {
		return errName
	}
	return nil
}

func dotDirThenValidate(name string) error {
	home, err := os.UserHomeDir()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(home, ".tool"), 0o700); err != nil {
		return err
	}
	if name == "" {
		return errName
	}
	return nil
}

func loadThenValidate(name string) error {
	if _, err := config.Load(); err != nil {
		return err
	}
	if name == "" {
		return errName
	}
	return nil
}

func defaultConfigThenValidate(name string) error {
	dir, err := os.UserConfigDir()
	if err != nil {
		return err
	}
	path := filepath.Join(dir, "tool", "config.json")
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err == nil {
		f.WriteString("{}\n")
		f.Close()
	}
	if name == "" {
		return errName
	}
	return nil
}

// The look-alikes.

func outDirThenValidate(out, name string) error {
	if err := os.MkdirAll(out, 0o700); err != nil {
		return err
	}
	if name == "" {
		return errName // want `ARG_ERROR returned \(exitcode.New\) after a side effect: os.MkdirAll creates directories`
	}
	return nil
}

func saveThenValidate(name string) error {
	if err := config.Save(nil); err != nil {
		return err
	}
	if name == "" {
		return errName // want `ARG_ERROR returned \(exitcode.New\) after a side effect: config.Save → os.WriteFile writes a file`
	}
	return nil
}

func overwriteThenValidate(name string) error {
	dir, err := os.UserConfigDir()
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "tool", "config.json"), []byte("{}"), 0o600); err != nil {
		return err
	}
	if name == "" {
		return errName // want `ARG_ERROR returned \(exitcode.New\) after a side effect: os.WriteFile writes a file`
	}
	return nil
}

func profileThenValidate(profile, name string) error {
	dir, err := os.UserConfigDir()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(dir, "tool", profile), 0o700); err != nil {
		return err
	}
	if name == "" {
		return errName // want `ARG_ERROR returned \(exitcode.New\) after a side effect: os.MkdirAll creates directories`
	}
	return nil
}

func tempOutThenValidate(out, name string) error {
	if err := os.WriteFile(filepath.Join(os.TempDir(), out), nil, 0o600); err != nil {
		return err
	}
	if name == "" {
		return errName // want `ARG_ERROR returned \(exitcode.New\) after a side effect: os.WriteFile writes a file`
	}
	return nil
}

func homeDirThenValidate(name string) error {
	home, err := os.UserHomeDir()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(home, "notes"), 0o700); err != nil {
		return err
	}
	if name == "" {
		return errName // want `ARG_ERROR returned \(exitcode.New\) after a side effect: os.MkdirAll creates directories`
	}
	return nil
}

func createConfigThenValidate(name string) error {
	dir, err := os.UserConfigDir()
	if err != nil {
		return err
	}
	f, err := os.Create(filepath.Join(dir, "tool", "config.json"))
	if err != nil {
		return err
	}
	f.Close()
	if name == "" {
		return errName // want `ARG_ERROR returned \(exitcode.New\) after a side effect: os.Create creates a file`
	}
	return nil
}
