// Package terminal defines the helper analyzer that knows which code runs
// only when the process's standard streams are a terminal.
//
// # Analyzer terminal
//
// terminal: find the code that runs only at a terminal or through a hidden command or flag, which no agent runs
//
// The terminal pass reports nothing. An agent runs a command with its
// standard input and output redirected to pipes or files, never at a
// terminal: code that runs only when stdin, stdout or stderr is a terminal
// never runs for an agent. An exit there is read by a person, and a write
// there is no side effect an agent's retry could meet. The checks read
// this pass to leave such code alone (fallback and barecode for exits,
// argphase through the sideeffects pass for writes).
//
// A terminal test is a call of `golang.org/x/term.IsTerminal`,
// `golang.org/x/crypto/ssh/terminal.IsTerminal`,
// `github.com/mattn/go-isatty.IsTerminal` or `IsCygwinTerminal`, or
// `github.com/charmbracelet/x/term.IsTerminal`, given the descriptor of a
// standard stream: `os.Stdin.Fd()`, `os.Stdout.Fd()` or `os.Stderr.Fd()`
// (converted or not, or through a local variable), the constants 0, 1 and
// 2, or `syscall`'s and `golang.org/x/sys/unix`'s `Stdin`, `Stdout` and
// `Stderr`. A test of another descriptor is none: a pseudo-terminal the
// program opens itself is a terminal for an agent too. A function of your
// code whose one bool result is true only when such a test is true
// (`func isTTY() bool { return term.IsTerminal(int(os.Stdout.Fd())) }`, or
// one that returns true only inside `if isatty.IsTerminal(…)`) carries a
// terminal fact, `terminalOnly(term.IsTerminal)`, and a call of it is a
// terminal test in its package and in the packages that import it.
//
// `fi.Mode()&os.ModeCharDevice != 0` on `os.Stdin.Stat()` is no terminal
// test: `/dev/null` is a character device, and it is what a process
// started with no input reads (Go's `exec.Cmd` with a nil `Stdin`, a
// caller's `< /dev/null`); an agent meets that code.
//
// Polarity is kept exact. A condition requires a terminal when it is true
// only if a test is: the test itself, `a && test`, `test || other` only
// when both sides require one, or a local bool variable every value of
// which is false, requires a terminal, or is assigned only in code that
// runs at a terminal (`persistFix := false; if isTTY { …; persistFix =
// true }`; a variable whose address is taken is not followed). `!test`
// guards the code an agent does run, and `a || test` does not require a
// terminal. Code runs only at a terminal, in its own function, when it is
//
//   - in the body of an if whose condition requires a terminal, or in the
//     else of one whose condition requires a terminal to be false
//     (`if !isTTY { … } else { here }`);
//   - in a case of a tagless switch each of whose expressions requires
//     one;
//   - after an if whose condition requires a terminal to be false and
//     whose body leaves the block (`if !isTTY { return }`; a return, a
//     break or continue, a panic, `os.Exit` or `log.Fatal`), in the same
//     block or one inside it; not in a function with a goto.
//
// Code that a flag reaches as well is not terminal-only: a mode that is
// interactive at a terminal or under `--interactive` (`if interactive ||
// isTTY`, a function that returns true for either) requires no terminal,
// and an exit there is judged as any other. Nor is a function only ever
// called under a terminal test: the rule is within one function, and
// across functions only through the terminal fact on a bool result.
//
// After an else-if chain, the rest of the block runs only at a terminal
// when every branch that falls through is taken under a condition that
// requires one and the others leave the block (`if isTTY { … } else {
// return }`); urfave/cli's `ShowAppHelpAndExit` and the other help
// functions that end the process leave a block as `os.Exit` does.
//
// Hidden commands and flags: the same question, does this code run where
// no agent is, has a second answer, which this pass gives with the first
// (`Terminal.Only`, the one accessor the checks read): code that runs only
// through a command or flag the program hides from its help. The hidden
// pass knows the frameworks' hidden commands and flags; this pass adds
// their run functions' bodies, and finds the code a hidden flag guards
// with the conditions, polarity and dominance above (`if worker { … }`,
// after `if !worker { return }`, a local bool set from the flag), within
// one function and with no fact.
//
// Evidence (real command-line programs, read for this rule): sops asks at
// a terminal whether to rewrite a file it repaired in memory, sets a local
// flag only there, and writes the file only when the flag is set; its
// ARG_ERROR after that write was reported, though no agent's run makes the
// write (the look-alike it must keep: ohmydot prompts when stdin and
// stdout are terminals or under `--interactive`, so its exits there stay
// reported). msjurset/gostash exits 1 when a paid-quota approval is needed
// and stdin is no terminal, and only past that test prompts and records
// the approval: the exit an agent meets stays reported, the prompt and its
// write are terminal-only. A workspace tool's script-trust gate returns an
// error unless stdin is a terminal, then shows the script, asks, and
// appends the trust to its state file: that write is no side effect of
// an agent's run. An organization tool that refuses without `--yes` off a
// terminal and otherwise asks, then removes the member after the question
// either way, is the look-alike: the removal follows the flag as well,
// and stays a side effect.
package terminal
