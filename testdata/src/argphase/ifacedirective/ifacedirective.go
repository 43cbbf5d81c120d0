// Package ifacedirective: //exitlint:sideeffect on an interface method
// makes every call through the method a side effect.
package ifacedirective

import "github.com/exitlint/exitlint/exitcode"

type Store interface {
	// Put writes the record.
	//
	//exitlint:sideeffect
	Put(key, value string) error
	Get(key string) (string, error)
}

func put(s Store, key, format string) error {
	if err := s.Put(key, "{}"); err != nil {
		return err
	}
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json") // want `ARG_ERROR returned \(exitcode.New\) after a side effect: ifacedirective.Store.Put is marked //exitlint:sideeffect`
	}
	return nil
}

// get only reads.
func get(s Store, key, format string) (string, error) {
	v, err := s.Get(key)
	if err != nil {
		return "", err
	}
	if format != "json" {
		return "", exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json")
	}
	return v, nil
}
