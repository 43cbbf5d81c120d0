// Package reexport returns another package's ARG_ERROR: facts carry it.
package reexport

import "cases/argphase/validate"

func Validate(name string) error { // want Validate:`argError\(results 0 via Validate\)`
	return validate.Validate(name)
}

func Pair(name string) (bool, error) { // want Pair:`argError\(results 1 via Check\)`
	_, err := validate.Check(name)
	return err == nil, err
}

// Mention does not return what it mentions.
func Mention(name string) bool { return validate.Mentions(0) }

// Sentinel returns another package's sentinel: the fact on the variable
// carries it.
func Sentinel(name string) error { // want Sentinel:`argError\(results 0 via exitcode.New\)`
	if name == "" {
		return validate.ErrNoName
	}
	return nil
}
