// Package nogo exports the directives check as Analyzer, the name Bazel's
// nogo requires of each analyzer package it runs. The check is built over
// the list of exitlint's other checks (analyzers/all), so it has no package
// of its own that could export it; docs/bazel.md lists it with the others.
package nogo

import "github.com/exitlint/exitlint/analyzers/all"

// Analyzer is the directives check over every other check.
var Analyzer = all.Directives
