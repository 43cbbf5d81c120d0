// Package home holds writes into the program's own directories under the
// user's home (housekeeping: the cache directory, the config directory
// created, a default config created only when none exists) beside the
// look-alikes that stay side effects: a config overwritten, a directory the
// caller names, a file named by the user under the config directory or
// under os.TempDir.
package home

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// ConfigPath returns the config file's path under $XDG_CONFIG_HOME, or
// ~/.config when it is not set.
func ConfigPath() (string, error) { // want ConfigPath:`homePath\(config\)`
	dir := os.Getenv("XDG_CONFIG_HOME")
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", err
		}
		dir = filepath.Join(home, ".config")
	}
	return filepath.Join(dir, "tool", "config.toml"), nil
}

// CacheDir returns the program's cache directory.
func CacheDir() (string, error) { // want CacheDir:`homePath\(cache\)`
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "tool"), nil
}

// dotDir is a dot-directory of the home: the program's own.
func dotDir() string { // want dotDir:`homePath\(config\)`
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".tool")
}

// DocsDir is a directory of the user's documents: no home of the program.
func DocsDir() string {
	home, _ := os.UserHomeDir()
	return filepath.Join(home, "Documents")
}

// ProfilePath names a file by the user under the config directory: what the
// user named is no housekeeping.
func ProfilePath(name string) string {
	dir, _ := os.UserConfigDir()
	return filepath.Join(dir, "tool", name)
}

// ensureConfig creates the default config at path only when none exists:
// housekeeping when its caller gives a path under the user's config or
// cache directory.
func ensureConfig(path string) error { // want ensureConfig:`sideEffect\(os.MkdirAll creates directories if parameter 0 is no temporary path; housekeeping under the user's config or cache directory\)`
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		if errors.Is(err, fs.ErrExist) {
			return nil
		}
		return err
	}
	if _, err := f.Write([]byte("# defaults\n")); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// LoadConfig creates the default config on first run, then reads it.
func LoadConfig() ([]byte, error) { // want LoadConfig:`sideEffect\(home.ensureConfig → os.MkdirAll creates directories \(housekeeping\)\)`
	path, err := ConfigPath()
	if err != nil {
		return nil, err
	}
	if err := ensureConfig(path); err != nil {
		return nil, err
	}
	return os.ReadFile(path)
}

// InitAt creates the default config where its caller says: the condition
// passes on.
func InitAt(path string) error { // want InitAt:`sideEffect\(home.ensureConfig → os.MkdirAll creates directories if parameter 0 is no temporary path; housekeeping under the user's config or cache directory\)`
	return ensureConfig(path)
}

// InitProfile creates a config named by the user: a side effect.
func InitProfile(name string) error { // want InitProfile:`sideEffect\(home.ensureConfig → os.MkdirAll creates directories\)$`
	return ensureConfig(ProfilePath(name))
}

// SaveConfig overwrites the config: the next run reads what it wrote.
func SaveConfig(data []byte) error { // want SaveConfig:`sideEffect\(os.WriteFile writes a file\)$`
	path, err := ConfigPath()
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o600)
}

// WriteCache writes an entry of the cache: disposable by definition.
func WriteCache(key string, data []byte) error { // want WriteCache:`sideEffect\(os.MkdirAll creates directories \(housekeeping\)\)`
	dir, err := CacheDir()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, key), data, 0o600)
}

// MakeDotDir creates the program's dot-directory.
func MakeDotDir() error { // want MakeDotDir:`sideEffect\(os.MkdirAll creates directories \(housekeeping\)\)`
	return os.MkdirAll(dotDir(), 0o700)
}

// MakeDocs creates a directory among the user's documents.
func MakeDocs() error { // want MakeDocs:`sideEffect\(os.MkdirAll creates directories\)$`
	return os.MkdirAll(DocsDir(), 0o700)
}

// MakeProfile creates a directory the user named under the config
// directory.
func MakeProfile(name string) error { // want MakeProfile:`sideEffect\(os.MkdirAll creates directories\)$`
	return os.MkdirAll(ProfilePath(name), 0o700)
}

// MakeOut creates the directory the user asked for under os.TempDir: no
// MkdirTemp, no home of the program.
func MakeOut(name string) error { // want MakeOut:`sideEffect\(os.MkdirAll creates directories\)$`
	return os.MkdirAll(filepath.Join(os.TempDir(), name), 0o700)
}

// HousekeepThenSave makes the cache directory, then overwrites the config:
// the overwrite is what it does.
func HousekeepThenSave(data []byte) error { // want HousekeepThenSave:`sideEffect\(home.SaveConfig → os.WriteFile writes a file\)$`
	if err := WriteCache("k", nil); err != nil {
		return err
	}
	return SaveConfig(data)
}

// RemoveConfig removes the config: no creation.
func RemoveConfig() error { // want RemoveConfig:`sideEffect\(os.Remove removes a file\)$`
	path, err := ConfigPath()
	if err != nil {
		return err
	}
	return os.Remove(path)
}
