// Package generated defines the helper analyzer that finds generated files.
//
// # Analyzer generated
//
// generated: find the generated files of a package
//
// A file is generated when it carries the standard comment
// `// Code generated ... DO NOT EDIT.` before its package clause
// (`go/ast.IsGenerated`). The decision is made per file, not per package: a
// package may mix generated and hand-written files. exitlint never reports
// a finding in a generated file; fix the generator instead.
package generated
