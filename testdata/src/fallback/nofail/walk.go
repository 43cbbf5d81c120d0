package main

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
)

// packagePaths walks with a function that returns nil on every path: the
// walk hands it even the root's failure, so it returns nil.
func packagePaths(root string) ([]string, error) {
	var dirs []string
	err := filepath.Walk(root, func(path string, info os.FileInfo, err error) error {
		if filepath.Ext(path) != ".go" {
			return nil
		}
		dirs = append(dirs, filepath.Dir(path))
		return nil
	})
	if err != nil {
		return nil, err
	}
	return dirs, nil
}

// skipHidden returns filepath.SkipDir, which the walk does not return.
func skipHidden(path string, d fs.DirEntry, err error) error {
	if d != nil && d.IsDir() && filepath.Base(path)[0] == '.' {
		return filepath.SkipDir
	}
	return nil
}

// strictPaths passes the walk's errors on.
func strictPaths(root string) error {
	return filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		return err
	})
}

// normalize turns the program's own value into plain JSON values: the
// bytes Marshal made always decode into an empty interface.
func normalize(v any) (any, error) {
	encoded, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var out any
	if err := json.Unmarshal(encoded, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// asObject decodes into a map, which refuses JSON that is no object.
func asObject(v any) (map[string]any, error) {
	encoded, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var out map[string]any
	if err := json.Unmarshal(encoded, &out); err != nil {
		return nil, err
	}
	return out, nil
}

func walks() {
	if _, err := packagePaths("."); err != nil {
		os.Exit(1)
	}
	if err := filepath.WalkDir(".", skipHidden); err != nil {
		os.Exit(1)
	}
	if err := strictPaths("."); err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
	if _, err := normalize(os.Args); err != nil {
		os.Exit(1)
	}
	if _, err := asObject(os.Args); err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
}
