// Package argphase defines an Analyzer that reports ARG_ERROR emitted after
// a side effect.
//
// # Analyzer argphase
//
// argphase: report ARG_ERROR reachable after a side effect
//
// ARG_ERROR (3) promises the agent zero side effects: fix the input and
// retry at once. Emitted after a write, it makes the agent repeat a
// half-done operation. The contract: if any write occurred before the
// error, emit PARTIAL_FAILURE (2) instead; no side effect may begin before
// ARG_ERROR can be emitted.
//
// An emission of ARG_ERROR is a return of a value that carries it (see the
// argerror pass: exitcode.ArgError or a user enum's 3, an error built by
// exitcode.New with it, a user error type holding it, an error wrapping one,
// the result of a function that may return one, through local variables and
// branches), or an exit with it (exitcode.Exit(exitcode.ArgError),
// os.Exit(int(exitcode.ArgError)), os.Exit(3), a helper that may exit with
// 3). Comparing with ArgError, printing it or passing it along is no
// emission.
//
// A side effect is a call the sideeffects pass knows: the standard-library
// catalogue (file writes, removals and renames, HTTP requests other than GET
// and HEAD, network writes, database Exec and Commit, processes and
// signals), functions marked //exitlint:sideeffect, functions named by
// -argphase.sideeffects, and any function of this program or a dependency
// that reaches one (through facts, so store.Archive → store.Save →
// os.WriteFile is known in another package). Writes to os.Stdout and
// os.Stderr and reads are none.
//
// The check works on the SSA form of each function that may emit ARG_ERROR
// and reports an emission when some path of the control-flow graph runs a
// side effect before it: a side effect on one branch and ARG_ERROR on the
// other is fine; a write in one loop iteration before a rejection in the
// next is a finding. Deferred calls run after the return and are not
// counted; calls that never return (os.Exit, log.Fatal) end their paths.
// The finding is reported at the emission, with the side-effecting call
// (and the chain of calls to the effect) as related information.
//
// Packages that cannot emit ARG_ERROR — they mention no ARG_ERROR value and
// call no function that may return or exit with one — cost nothing beyond
// the helper passes: no SSA is built for them. Test files and generated
// files are not reported.
//
// Flags:
//
//	-argphase.sideeffects  comma-separated third-party functions with side
//	                       effects: import/path.Func or
//	                       (*import/path.Type).Method
package argphase
