// Package viahelper imports neither os, syscall nor exitcode: its only way to
// ARG_ERROR is a helper of another package that exits with it.
package viahelper

import "cases/argphase/store"

func savesThenRejects(name string) {
	store.Save(name, nil)
	store.Usage() // want `ARG_ERROR emitted by store.Usage \(which may exit with it, via exitcode.Exit\(3\)\) after a side effect: store.Save → os.WriteFile writes a file`
}

// rejectsFirst validates before the first side effect: nothing to report.
func rejectsFirst(name string) {
	if name == "" {
		store.Usage()
	}
	store.Save(name, nil)
}
