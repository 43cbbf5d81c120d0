// Package render returns a document and its exit code beside an error.
package render

import "errors"

// Document returns the document and the code to exit with; the 2 beside
// an error is no exit code of a caller that leaves when the error is set
// (cmd/renderer's run).
func Document(name string) ([]byte, int, error) {
	if name == "" {
		return nil, 2, errors.New("no name")
	}
	return []byte(name), 0, nil
}

// Page is Document for a caller that exits with the code whatever the
// error: its 2 reaches the exit.
func Page(name string) ([]byte, int, error) {
	if name == "" {
		return nil, 2, errors.New("no name") // want barecode:`exit code 2 written as a bare integer`
	}
	return []byte(name), 0, nil
}
