// Package barecode defines an Analyzer that reports exit codes written as
// bare integers.
//
// # Analyzer barecode
//
// barecode: report an exit code spelled as a bare integer
//
// The contract's exit codes are a fixed table, and its rule is that a code
// is "a named constant / enum — never a bare integer at call sites". Go
// converts an untyped constant to any integer type silently, so
// exitcode.Exit(5) compiles; this check catches what the type system lets
// through.
//
// Where an exit code is expected, a constant not written as a member of the
// exit-code enum is reported: an integer literal, or a named constant that is
// no member (const exitUsage = 2). An exit code is expected in the argument
// of os.Exit, syscall.Exit and exitcode.Exit and of any parameter of enum
// type; in a conversion to the enum (exitcode.Code(7)); in a return value,
// variable, constant, field, map key or value, or slice element of enum
// type; in a comparison (==, !=) with an enum-typed operand; and in a case of
// a switch on one.
//
// Not reported: enum members, and conversions of them (int(exitcode.NotFound));
// values that are not constants (os.Exit(m.Run()) in TestMain,
// exitcode.Code(n) from parsed text); integers that are no exit code (n == 3
// on a plain int); typed constants of the enum type, which are reported at
// their declaration instead — except a command-specific value (79–125),
// since const Findings exitcode.Code = 80 is how a program declares one; the
// value 1 as the argument of an exit call, which the fallback check reports;
// os.Exit and syscall.Exit in test files, whose status belongs to go test;
// generated files.
//
// A code in a reserved range gets a message naming the range: 14–63 is
// reserved for the framework, 126–255 for the shell, and 79–125 must be
// declared as a command-specific member. For a table code the check offers a
// fix that spells the member, adding the import where needed:
//
//	os.Exit(5)        // becomes os.Exit(int(exitcode.NotFound))
//	exitcode.Code(3)  // becomes exitcode.Code(exitcode.ArgError)
package barecode
