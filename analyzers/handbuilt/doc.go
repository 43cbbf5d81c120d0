// Package handbuilt defines an Analyzer that reports response envelopes
// constructed outside their factory.
//
// # Analyzer handbuilt
//
// handbuilt: report a response envelope constructed outside its factory
//
// The contract has one place that builds the response envelope: one
// factory that the framework calls after the command handler returns, so
// that command handlers never construct the envelope themselves and one
// formatter is the single source of envelope construction. With one factory
// the envelope's shape is invariant and its `ok` follows from the exit code;
// every hand-built envelope is a place where they can drift apart.
//
// # What it flags
//
// Outside the envelope's factory:
//
//   - composite literals of an envelope type, as values or `&T{}` (elided
//     types in `[]T{{…}}` included);
//   - `new(T)` of an envelope type;
//   - map literals (`map[string]any{…}`, a framework's `gin.H{…}`) and
//     literals of anonymous struct types that the program writes to its
//     stdout as its envelope: with an ok (`"ok"`, `"success"`, or a
//     `"status"` of `"ok"`, `"success"` or `"error"`) and `"data"` or
//     `"error"`; with two of `"data"`, `"error"`, `"warnings"` and
//     `"meta"`; or with an ok alone (`{"ok": true, "version": v}`) in a
//     program whose whole envelope, in view, has that ok — unless they are
//     in the factory of a package that declares an envelope type. A literal
//     handed to a local closure that writes its parameter
//     (`writeFinal(map[string]any{"ok": true, "meta": m, "data": d}, 0)`)
//     is written. The message names the envelope's keys such a literal
//     lacks (`ok`, `data`, `error`, `warnings`, `meta`): built by hand, it
//     has the shape its author gave it, and envshape, which holds the
//     factory's shape, leaves it to this check.
//
// An envelope type is exitlint's `envelope.Envelope`, a struct marked
// `//exitlint:envelope`, or a struct with the envelope's JSON names that the
// program writes as its JSON output — never a struct it decodes JSON into,
// which models another service's reply, nor one only an HTTP or MCP
// handler, or code nothing calls, writes, nor the answer to one request of
// a session read in a loop (igw-cli's rpc replies, titus' serve mode; see
// the [contract] pass for the evidence). A struct with no ok but two of `data`, `error`, `warnings`
// and `meta` is one where the program writes it as the output itself, as
// a map literal of that shape is: surecli's `output.Envelope{data, error,
// meta}`, which its command handlers build by hand and print with
// `output.Print`. Its factory lives in the package that declares it;
// functions of that package marked `//exitlint:factory` narrow it to
// themselves. When none is marked, the factory is inferred: the one
// function of the package that builds the type, or of several the one that
// reads an exit code. An envelope with no ok has no builder that sets it,
// so only the one that reads an exit code is inferred (surecli's one
// builder writes the failure and exits, no factory to build a success
// with); otherwise the message says none is marked and how to mark one,
// and that the ok the type lacks should follow from the exit code there.
//
// The envelope is this program's stdout, for this run. Nothing is reported
// in code outside the run: an HTTP handler (anything with a response
// writer parameter, an encoder made on one), an MCP tool's handler or a
// helper that builds a tool's result from marshalled JSON, what only those
// call, and functions nothing calls (an envelope whose writers have no
// callers is no envelope at all).
//
// # Not flagged
//
// Structs with an `ok` field that are no envelope (a health reply
// `{ok, version}` in a program whose outputs never put an ok beside data or
// error), decoded models of other services (a chat API's `{ok, error}`,
// decoded directly or through a helper), a client library's reply built by
// a fake server, structs and maps that are never written (a map of icons
// keyed by `"ok"` and `"error"`), a status object nested inside the
// output's data; maps whose keys only look close (`"okay"`), whose status
// is a state (`"running"`), or that have an ok alone where no whole
// envelope has it (vabc's `{authRequired, ok, note}`, written bare by a
// program with no envelope); a command's result with an ok but neither
// data nor error that the program also puts as the data of its envelope
// (written plain in one mode, wrapped by the factory in another: the
// payload, whose ok is a field of it); replies to a network peer; code in
// the factory's home; declarations (`var r Response`); test files, which
// build expected envelopes to compare with; generated files.
//
// # Example
//
// Flagged:
//
//	// package cmd
//	return output.Response{OK: true, Data: result} // … builds the response envelope outside its factory …
//	json.NewEncoder(os.Stdout).Encode(map[string]any{"ok": false, "error": e})
//	// a map literal with the envelope's keys "ok", "error" built by hand …
//
// Good:
//
//	// package output
//	//exitlint:factory
//	func Respond(code exitcode.Code, data any, err error) *Response { … }
//
//	// package cmd
//	return output.Respond(code, result, nil)
//	env, err := envelope.New(start, code, result, nil) // exitlint's runtime
//
// # Exits inside a runner phase
//
// exitlint's runner (envelope.Command, run directly, through a Registry or
// through the cobra adapter) calls the factory once, after the command's
// Validate and Execute phases return. An exit inside a phase — os.Exit,
// exitcode.Exit, log.Fatal, cobra.CheckErr, or a function of the program
// that reaches one — ends the process before that, so the agent receives no
// envelope at all. The check reports such a call in a phase written as a
// function literal, and a phase that is a named function which may exit:
//
//	Execute: func(ctx context.Context, name string, out *envelope.Output) (Note, error) {
//		exitcode.Exit(exitcode.NotFound) // exitcode.Exit ends the process inside the execute phase of command "get" …
//	},
//	Validate: validateOrDie, // validateOrDie, the validate phase of command "rm", ends the process (via os.Exit(3)) …
//
// Return an *exitcode.Error instead; the runner writes the envelope and
// ends the process with its code. Phases of a type of your own that merely
// looks like the runner's, and exits after the runner has returned, are not
// reported.
//
// # Fix
//
// Call the factory: `envelope.New` for exitlint's envelope, or the function
// of the envelope's package that builds it. If the type is no envelope of
// yours although its JSON names match, rename a field, or suppress the
// finding with a reason that says why.
//
// # Flags
//
// None.
//
// [contract]: https://github.com/exitlint/exitlint/blob/main/docs/checks/contract.md
package handbuilt
