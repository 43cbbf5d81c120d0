// Package model holds hop's and beads' shapes: a command's result with
// warnings,omitempty and error,omitempty that the program wraps as its
// envelope's data, and an item status held in a list.
package model

// LandResult is a command's result.
type LandResult struct {
	Merged   bool     `json:"merged"`
	Warnings []string `json:"warnings,omitempty"`
	Error    string   `json:"error,omitempty"`
}

// SyncStatus is one repository's status in a batch.
type SyncStatus struct {
	Repo  string `json:"repo"`
	OK    bool   `json:"ok"`
	Error string `json:"error,omitempty"`
}
