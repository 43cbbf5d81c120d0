package main

import (
	"errors"
	"os"
	"path/filepath"
)

// configPath returns a nil error on every path: the exit after it cannot
// happen, and no agent ever sees its code.
func configPath() (string, error) {
	p := filepath.Join("/etc", "app", "config.toml")
	if _, err := os.Stat(p); os.IsNotExist(err) {
		return "", nil
	}
	return p, nil
}

// dataPath may fail.
func dataPath() (string, error) {
	if _, err := os.Stat("/var/app"); err != nil {
		return "", errors.New("no data directory")
	}
	return "/var/app", nil
}

var errNone error

// cachePath returns a variable, which might hold an error.
func cachePath() (string, error) {
	return "/var/cache/app", errNone
}

// home returns its named error bare.
func home() (dir string, err error) {
	dir, err = os.UserHomeDir()
	return
}

func paths() {
	p, err := configPath()
	if err != nil {
		os.Exit(1)
	}
	if _, err := configPath(); err != nil {
		os.Exit(1)
	}
	d, err := dataPath()
	if err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
	c, err := cachePath()
	if err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
	h, err := home()
	if err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
	p, err = configPath()
	if err == nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
	_, _, _, _ = p, d, c, h
}
