// Package envshape defines an Analyzer that reports response envelopes
// whose shape varies from one response to the next.
//
// # Analyzer envshape
//
// envshape: report an envelope that leaves out one of its five keys, writes null warnings, or has a second shape for failures
//
// The contract's envelope has one shape: "ok, data, error, warnings, meta
// are always present regardless of success, failure, or result count".
// `data` is null on failure and `error` null on success, "never absent";
// `warnings` "may be empty, never null"; and "do not generate separate
// envelope shapes for success and failure — the shape is invariant". An
// agent parses every response the same way: one that finds no `error` key
// treats the response as malformed (GENERAL_ERROR), and code that reads
// `data` or `warnings` breaks on a key that is sometimes missing or null.
// Go's encoding/json makes the mistake easy: `omitempty` on `Data` drops
// the key on every failure.
//
// # What it flags
//
// For the envelopes the [contract] pass finds (the program's stdout, for
// this run: exitlint's `envelope.Envelope`, a struct marked
// `//exitlint:envelope`, a struct with the envelope's keys the program
// writes as its JSON output, and map and anonymous-struct literals it
// writes as one):
//
//   - a field of an envelope type under `ok` (or `success`), `data`,
//     `error`, `warnings` or `meta` whose json tag has `omitempty` or
//     `omitzero`: reported at the tag, with a fix that drops the option;
//   - an envelope type with no ok, which two of `data`, `error`,
//     `warnings` and `meta` make the envelope where the program writes it
//     as its output (see the [contract] pass): reported once at the type,
//     naming the other keys it lacks. No fix is offered: the ok is the
//     factory's to set from the exit code, which a tag cannot say;
//   - a map literal or anonymous struct written as the envelope by the
//     envelope's factory (in the package that declares the envelope type,
//     where handbuilt stays silent) that lacks any of `ok` (or its
//     spelling), `data`, `error`, `warnings` and `meta`; the message names
//     the keys. Outside the factory the [handbuilt] check reports such a
//     literal as built by hand and names the keys it lacks: one finding a
//     literal, where the fix is (building it with the factory gives it the
//     factory's shape, which this check holds);
//   - warnings written as null: `"warnings": nil` in such a map, a field
//     set to nil, and a composite literal of an envelope type that leaves
//     its slice-typed warnings field unset in a function that sets it
//     nowhere afterwards (no assignment to the field, no pointer to the
//     envelope handed to a call or a pointer method): the fix sets it to
//     `[]string{}`;
//   - two envelope types of one program (its module) that split success
//     from failure: one with no `error` key (`data` alone, or an ok beside
//     the result's own keys, `{schema, ok, path}`), the other with `error`
//     and no `data` (`Response{ok, data, meta}` beside
//     `ErrorResponse{ok, error, code}`). It is reported once per package,
//     at the type declared second of the first such pair, naming the
//     first; a type of an imported package comes first.
//
// The rules hold the envelope's five keys only. The members of the error
// object (`detail`, `retry_after`, `suggestion`, `redirect`…) and of
// `meta` (`cursor`, `truncated`…) are optional and may be left out, and
// keys of the program's own beside the five (`summary`, `hint`) are its
// business. A type with a `MarshalJSON` method of its own decides its
// shape there, not in its tags, and is left alone (exitlint's runtime
// writes all five keys).
//
// The evidence on real code: basecamp-cli's `Response{ok, data,omitempty,
// meta,omitempty}` beside `ErrorResponse{ok, error, code}`, larksuite's
// `Envelope{ok, data,omitempty}` beside `ErrorEnvelope{ok, error}`,
// foundagent's `SuccessResponse{status, data}` beside
// `ErrorResponse{status, error, code}`, clipbeam's per-command
// `{schema, ok, …}` results beside `jsonError{schema, ok, error, code}`,
// git-vendor's `CLIResponse{success, data,omitempty, error,omitempty}`.
// Envelopes without an ok: surecli's `Envelope{data,omitempty,
// error,omitempty, meta,omitempty}`, printed to stdout by every command; a
// private-tracker CLI's `{schema, kind, data, warnings,omitempty}`, its
// only JSON output; a git workspace manager's one envelope
// `{schema, command, outcome, data,omitempty, error,omitempty, warnings}`,
// whose verdict word is no ok an agent would look for.
//
// # Not flagged
//
// `omitempty` on structs that are no envelope of the program: the models
// of other services' replies it decodes (`{ok, error,omitempty}` of a chat
// API, a `{data, meta, links}` document fetched and printed again), a
// struct with one of the envelope's keys or a GraphQL-style
// `{data, errors}` (`errors` is not `error`), a web service's
// `{data,omitempty, error,omitempty, meta,omitempty}` that its handlers
// write to their peers (the common case on public code), a command's result that it writes as the envelope's data, a batch's
// per-item status (`{id, ok, error,omitempty}` in a list), replies an HTTP
// or MCP handler writes to its peer, the answers of a session that reads
// requests in a loop (igw-cli's `rpcResponse`, titus' serve `Response`; see
// the [contract] pass), structs nothing writes; optional
// members of the error object and of meta; a map nested inside the
// envelope's data; a warnings slice the function fills or hands on
// (`resp.Warnings = collected`, `addWarnings(&resp)`); test files;
// generated files.
//
// # Example
//
// Flagged:
//
//	type Response struct {
//		OK    bool       `json:"ok"`
//		Data  any        `json:"data,omitempty"`  // field Data of envelope type Response is tagged "data,omitempty" …
//		Error *ErrDetail `json:"error,omitempty"` // … a success has no error key …
//	}
//	type ErrorResponse struct { // envelope type ErrorResponse is a second shape beside Response …
//		OK    bool   `json:"ok"`
//		Error string `json:"error"`
//	}
//	//exitlint:factory
//	func Fail(e *ErrDetail) { json.NewEncoder(os.Stdout).Encode(map[string]any{"ok": false, "error": e}) }
//	// a map literal written as the response envelope by the envelope's factory lacks "data", "warnings", "meta" …
//
// Good:
//
//	type Response struct {
//		OK       bool       `json:"ok"`
//		Data     any        `json:"data"`
//		Error    *ErrDetail `json:"error"`
//		Warnings []string   `json:"warnings"`
//		Meta     Meta       `json:"meta"`
//	}
//	return Response{OK: code == exitcode.Success, Data: data, Error: e, Warnings: []string{}, Meta: meta}
//
// # Fix
//
// Drop `omitempty` and `omitzero` from the five keys' tags; write null
// rather than nothing (a nil `any` or pointer encodes as null), and an
// empty slice for no warnings. Write success and failure with one type, or
// with `envelope.New`, which always writes the five keys.
//
// # Flags
//
// None.
//
// [contract]: https://github.com/exitlint/exitlint/blob/main/docs/checks/contract.md
// [handbuilt]: https://github.com/exitlint/exitlint/blob/main/docs/checks/handbuilt.md
package envshape
