// Package config keeps the program's config under the user's config
// directory: Load creates the default one on first run (housekeeping),
// Save overwrites it (a side effect).
package config

import (
	"os"
	"path/filepath"
)

// Path is the config file's path.
func Path() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "tool", "config.json"), nil
}

// Load writes the default config when there is none, then reads it.
func Load() ([]byte, error) {
	path, err := Path()
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, err
	}
	if f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600); err == nil {
		f.WriteString("{}\n")
		f.Close()
	}
	return os.ReadFile(path)
}

// Save overwrites the config.
func Save(data []byte) error {
	path, err := Path()
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o600)
}
