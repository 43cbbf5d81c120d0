// Package contract defines the helper analyzer that finds the contract's
// types in a program and shares them with every check.
//
// # Analyzer contract
//
// contract: find the exit-code enum and the response envelope types
//
// The contract pass reports nothing. It runs on every package, dependencies
// included, and exports facts that only it reads; the checks ask its result
// (`contract.Contract`), which holds what the facts say of every type in
// view (`contract.Enum`, `contract.Envelope`).
//
// An exit-code enum (an enum fact on the type) is a named integer type that
// is exitlint's `exitcode.Code`, is marked with a `//exitlint:enum` directive
// in its doc comment, or is named by the `-config.enum` flag
// (`-config.enum=example.com/cli/codes.Code`). Its members are the
// package-level constants of that type declared beside it.
//
// An envelope is what this program writes to its own stdout, for this run:
// the one value an agent parses, whose ok answers to the exit code the run
// ends with. The evidence, in this order:
//
//   - exitlint's `envelope.Envelope`, and a struct marked
//     `//exitlint:envelope`, are envelopes wherever they are used;
//   - an ok is the JSON key `ok`, `success` (as some programs spell it), or
//     `status` when its values are `"ok"`, `"success"` and `"error"`
//     (`{status: "success", data}` and `{status: "error", error}`: foundagent's
//     envelope types, beads' `{"status": "error", "error": reason}`). For a
//     struct, every value the package gives its status field must be such a
//     word; a status that is a state (`"running"`, `"failed"`) is no ok.
//     A struct's `ok` or `success` is a boolean (or a pointer to one): one
//     of another type counts something, as statistics' `Success int64`
//     beside an `Error` count do (s5cmd's `--stat` summary), and in the
//     code corpus a bulk install report's `Succeeded int` (witself), two
//     doctor reports' `OK int` beside warning and error counts (a FaaS
//     CLI's, paw's) and an archive converter's summary (rar2zip);
//     JSON names are the json tags, or the field names as encoding/json
//     matches them (any case); unexported fields and fields tagged
//     `json:"-"` do not count, and anonymous struct fields are flattened;
//   - a struct with an ok and at least one of `data` and `error` has the
//     whole envelope's shape. It is an envelope only where it is written:
//     its own package writes it (`Envelope.Written`), or the package being
//     checked does. Written means a value of the type (or a pointer, slice
//     or map of it) is the argument of `json.Marshal`, `MarshalIndent` or an
//     `Encoder`'s `Encode`, or of a function that hands that parameter to
//     one (a JSON fact on `printJSON(v any)`, followed through closures such
//     as `emit := func(v any) {…}; emit(data)`, across packages), in code of
//     the program's run (below). A struct that is never written (an
//     in-memory `Result{OK, Error}`) is no envelope;
//   - a struct with an ok but neither `data` nor `error` (a report
//     `{ok, config}`, a version `{ok, version}`) is partial: it is the
//     program's envelope only when a whole envelope with the same ok key is
//     in view (a type above, or a literal below that the package writes),
//     and it is written as the output itself — not in a list, not as
//     another envelope's data. A program whose outputs never carry an ok
//     beside data or error has no ok-keyed envelope, and an ok in its
//     results is theirs (vabc's `{authRequired, ok, note}` and
//     `{ok, checks}`); a program whose error envelope is `{ok, error}` spells
//     its ok so, and its doctor report's ok is that ok (clipbeam's
//     `doctorReport`, hop's `{ok: true, version}` beside `{ok: true, data}`);
//   - a struct with no ok but two of `data`, `error`, `warnings` and
//     `meta` is an envelope without its ok, as a literal of that shape is
//     (below): the rule does not depend on the spelling. With no ok to say
//     what it is, it needs more: written as the output itself (T or *T,
//     not in a list, and not put as another envelope's data) by its own
//     package or the package being checked, held in no other value, and
//     declared in the module being checked (a library's `{data, meta,
//     links}` document is no envelope of the program). surecli's
//     `output.Envelope{data, error, meta}`, a private-tracker CLI's
//     `{schema, kind, data, warnings}` and a git workspace manager's
//     `{schema, command, outcome, data, error, warnings}` are such
//     envelopes; a GraphQL-style `{data, errors}` is not (`errors` is no
//     envelope key), nor a web service's `{data, error, meta}` that only
//     its HTTP handlers write. Its fact prints as `envelope(json)`, with
//     no ok;
//   - a struct that code of its package or of the package being checked
//     decodes JSON into — `json.Unmarshal`, a `Decoder`'s `Decode`, or a
//     helper that hands its parameter to one (`decode(r, out any)`) — is a
//     model of another service's reply, not this program's envelope,
//     unless it carries the directive. Decoding counts wherever it is, in
//     code a run reaches or not: it says what the type is;
//   - a map literal or anonymous struct is an envelope when it is itself
//     written: as the argument, as the value of a local variable that is
//     written, as what a function of the package returns when its call is
//     written, or as what the package passes a local closure that writes
//     its parameter (`writeFinal := func(v any, code int) {…};
//     writeFinal(map[string]any{"ok": true, "meta": m, "data": d}, 0)`). It
//     needs the whole shape (an ok and data or error), or two of `data`,
//     `error`, `warnings` and `meta`, or an ok alone beside a whole envelope
//     with the same ok key, as for structs. One nested inside another value
//     (`result["update_check"] = status()`) is part of that value's data,
//     and a map that is never encoded (icons keyed by `"ok"` and `"error"`)
//     is no output at all.
//
// A value the program puts as the data of an envelope is that envelope's
// payload: the `data` of a literal with an ok (a map, or a struct with a
// field under `data`) or with two of the envelope's keys without one, or the data argument of a factory (exitlint's
// `envelope.New`, or any function whose parameter reaches such a slot: a
// JSON fact's `wraps`). A command's result with an ok but neither data nor
// error that one mode writes plain and another wraps as the data of the
// real envelope (`print(v)` writing `v` as JSON, or
// `newEnvelope(code, v)` in agent mode; larksuite's `OutFormat`, whose
// JSON mode wraps what table and ndjson modes print) is a payload, and its
// ok a field of it. A whole envelope put as data is a second envelope
// built by hand, and stays one. A wrapper with no ok of its own (beads'
// `{"schema_version", "data"}`) is no envelope, and what it wraps keeps
// its own ok.
//
// The program's run is the code a run of the program reaches: from main
// and init, every exported function of a package other than main (an
// importer may call it), every exported method, the functions that
// package-level declarations name (command tables, cobra's `RunE`), and
// from what those refer to, unexported methods by name (an interface call
// reaches them). Outside it are functions nothing calls, whose writes
// write nothing, and the handlers of a peer's request with what only they
// call: a function with a response writer parameter (`http.ResponseWriter`
// or a framework's writer that has its `Header` and `WriteHeader`), and a
// Model Context Protocol tool's handler or result builder (a parameter of
// a `…Request` type, or a result of a `…Result` or `…Response` type, of a
// package whose name starts with `mcp`, as the Go MCP SDKs' do). An encoder
// made on a response writer (`json.NewEncoder(w)`) writes a reply too. A
// handler answers its peer in a protocol with no exit code: what it
// encodes is no envelope of a run, a fake server's in tests included, and
// a type only such code writes is no envelope of the program. The checks
// report nothing outside the run.
//
// A session is outside the run's envelope too. A program that reads
// requests one at a time in an open loop (`for sc.Scan()`, `for {
// dec.Decode(&req) }`: an "rpc" or "serve --stdio" mode, a batch read from
// stdin) answers each; no exit code answers one answer, and the process's
// exit ends the session, not the request. A request is a type the package
// decodes JSON into inside such a loop (not a range over a collection). An
// answer is a value built with a field of a request under a key of its own
// other than data (the id it echoes: igw-cli's `rpcResponse{ID: req.ID}`
// and `callBatchItemResult{ID: item.ID}`), or built in a function that
// takes a request or that only such functions call (titus' `serve` mode,
// whose `processRequest(req)` hands `handleScan` the payload that builds
// its `Response`). Its type, or its literal, is no envelope, unless marked
// `//exitlint:envelope`. The run's envelope written once after a loop that
// reads its input for data, or once per event with the event as its data
// (larksuite's mail watch), answers no request and stays one. Nor is what
// a function that calls a server over HTTP decodes in a loop a request: it
// reads the server's replies (a listing fetched page by page), and the
// envelope built from the last page's cursor stays the run's. Evidence:
// alex-mccollum/igw-cli@8ff7ff5d, praetorian-inc/titus@369d8dc4.
//
// Test scaffolding falls out of these rules rather than being special: a
// fake server's replies are an HTTP handler's, and `_test.go` files are not
// checked. The exitlint command also leaves out the findings in packages
// that only tests import, and says so in its report (docs/output.md). Code
// in `examples/` directories is analyzed like any other package the
// patterns name.
//
// An envelope's factory lives in the package that declares the type. If
// functions of that package carry `//exitlint:factory`, only they are the
// factory.
//
// A package that declares either kind exports a package fact, so a check
// can tell cheaply that nothing of the contract is in view of a package and
// return at once.
//
// Facts print as `exitEnum(directive: Bad OK Stale)`,
// `envelope(json ok=OK)` (`status` when its ok is a status, `partial`
// without data and error, `unwritten` when its package does not write it)
// and `json(writes 0 reads  wraps 1)`, and the analysis tests assert them.
package contract
