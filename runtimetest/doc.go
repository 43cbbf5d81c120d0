// Package runtimetest holds the tests of the exitcode and envelope runtime
// that need more than the standard library: every envelope the runtime
// builds is checked against the contract's published JSON Schema (Checker:
// the conformance helper envelopetest with that schema as its extra check),
// manifests against testdata/manifest.schema.json, and the runtime's own
// modules are checked to require nothing. It is a module of its
// own so that the runtime modules' go.mod files stay empty of requirements,
// and a CLI that requires them gains nothing in its go.sum.
package runtimetest
