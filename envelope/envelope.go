package envelope

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"time"

	"github.com/exitlint/exitlint/exitcode"
)

// Meta holds the optional fields of the envelope's meta object. duration_ms
// is not here: the factory measures it.
type Meta struct {
	RequestID     string // correlation ID for logs and traces
	SchemaVersion string // envelope schema version, "MAJOR.MINOR"
	NotModified   bool   // an etag cache hit: data is intentionally null
	Truncated     bool   // output was capped; the agent should paginate
	Cursor        string // pass as --cursor for the next page
	// Type tags the shape of data ("note", "note_list"), written as
	// meta.type: an agent picks its parser for data by it, and a
	// registry's manifest lists every type. The runner sets it from the
	// command's declaration on success.
	Type string
	// Extra holds framework extensions (meta allows additional properties).
	// A key may not repeat one of the named fields.
	Extra map[string]any
}

// Envelope is the response of one command run: {ok, data, error, warnings,
// meta}. Its fields cannot be set; New builds it and encoding derives ok from
// the exit code. The zero Envelope refuses to encode.
type Envelope[T any] struct {
	built      bool
	code       exitcode.Code
	data       T
	dataJSON   json.RawMessage
	errJSON    *errorJSON
	warnings   []string
	meta       Meta
	durationMS int64
}

// Code returns the exit code the envelope was built for.
func (e *Envelope[T]) Code() exitcode.Code { return e.code }

// OK reports whether the envelope is a success: the exit code is SUCCESS.
// It is derived, never stored.
func (e *Envelope[T]) OK() bool { return e.built && e.code == exitcode.Success }

// Data returns the command's data (the zero T on failure).
func (e *Envelope[T]) Data() T { return e.data }

// Warnings returns a copy of the envelope's warnings.
func (e *Envelope[T]) Warnings() []string { return append([]string(nil), e.warnings...) }

// Option adjusts what New puts in an envelope besides data and error.
type Option func(*options)

type options struct {
	warnings []string
	meta     Meta
	// retryUnknown: the command's declaration leaves retryability to the
	// error, which states none; error.retryable is left out (the runner).
	retryUnknown bool
}

// WithWarnings adds non-fatal messages.
func WithWarnings(w ...string) Option {
	return func(o *options) { o.warnings = append(o.warnings, w...) }
}

// WithMeta sets the optional meta fields.
func WithMeta(m Meta) Option {
	return func(o *options) { o.meta = m }
}

// ContradictionError is returned by New when what it was asked to build
// breaks the contract.
type ContradictionError struct {
	Code   exitcode.Code
	Reason string
}

func (e *ContradictionError) Error() string {
	return fmt.Sprintf("envelope: cannot build the envelope for exit code %s: %s", describeCode(e.Code), e.Reason)
}

// describeCode spells a code for messages: "13 (REDIRECTED)", "80
// (BROKEN_LINKS)", "20 (framework-reserved 14–63)".
func describeCode(c exitcode.Code) string {
	name := c.String()
	if _, inTable := exitcode.Lookup(c); !inTable && name == fmt.Sprintf("exitcode.Code(%d)", int(c)) {
		name = exitcode.Classify(int(c)).String()
	}
	return fmt.Sprintf("%d (%s)", int(c), name)
}

// SchemaVersion is the version of the envelope schema this package writes,
// set as meta.schema_version on every envelope the runner writes.
const SchemaVersion = "1.0"

// ContradictionCode is the error.code of the GENERAL_ERROR envelope New
// returns in place of a contradictory one.
const ContradictionCode = "ENVELOPE_CONTRADICTION"

// New is the one factory of envelopes. start is when the command began
// (meta.duration_ms is measured from it); code is the exit code the process
// will end with; data is the command's output on success; err is nil on
// success and the reason on failure.
//
// The error object is taken from err: an *exitcode.Error gives every field;
// any other error gives code = the exit code's name and message = its text.
// An *exitcode.Error wrapped by other errors (fmt.Errorf("loading config:
// %w", e)) keeps the wrapping's words in front of its message, and the
// whole chain's text is the detail unless the error states one. Of errors
// joined (errors.Join), the first that carries a code gives the code and
// fields, the message joins every message with "; ", the detail lists
// each with its code, and a warning says so when their exit codes differ.
// retryable is the error's own (WithRetryable), or else code.Retryable():
// the table's value, except that TIMEOUT's partial side effects make it
// false.
//
// New refuses to build a contradiction: a non-zero code without an error, an
// error with SUCCESS, an *exitcode.Error whose ExitCode is not code, data on
// failure, a retryable PARTIAL_FAILURE, retry_after on an error that is not
// retryable, AUTH_REQUIRED whose error.code is not TOKEN_EXPIRED,
// TOKEN_INVALID or TOKEN_MISSING (exitcode.TokenExpired and its siblings
// build them), one of those codes at another exit code, a TOKEN_EXPIRED that
// is not retryable, a nil *exitcode.Error inside a non-nil error, success
// without data (unless meta.not_modified), data on a not_modified success,
// not_modified on a failure, REDIRECTED without a redirect or a redirect
// with any other code, a code no command may exit with (14–63, 126–255),
// data that does not encode as a JSON object or array, a zero start time,
// meta.type on a failure or one that is not a type tag (lower-case
// letters, digits and underscores, starting with a letter), and malformed
// optional fields. In each case it returns a *ContradictionError together
// with a valid GENERAL_ERROR envelope whose error (code
// ENVELOPE_CONTRADICTION) says what was wrong, so a caller that writes what
// it got still gives the agent an honest answer. It never returns a nil
// envelope.
//
// On a not_modified success (an etag cache hit) data must be the zero value
// of T (nil for a pointer, slice or map): it is written as null.
//
//exitlint:factory
func New[T any](start time.Time, code exitcode.Code, data T, err error, opts ...Option) (*Envelope[T], error) {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	env, reason := build(start, code, data, err, o)
	if reason == "" {
		return env, nil
	}
	bad := &ContradictionError{Code: code, Reason: reason}
	detail := ""
	if err != nil {
		detail = err.Error()
	}
	var zero T
	fallback := &Envelope[T]{
		built: true,
		//exitlint:ignore fallback a contradiction is the program's bug: no code but the last resort says what happened
		code:     exitcode.GeneralError,
		data:     zero,
		dataJSON: json.RawMessage("null"),
		errJSON: &errorJSON{
			Code:    ContradictionCode,
			Message: bad.Error(),
			Detail:  detail,
		},
		warnings:   nonNil(o.warnings),
		meta:       Meta{RequestID: o.meta.RequestID},
		durationMS: durationMS(start),
	}
	if majorMinor(o.meta.SchemaVersion) {
		fallback.meta.SchemaVersion = o.meta.SchemaVersion
	}
	return fallback, bad
}

// majorMinor reports whether v is a schema version "MAJOR.MINOR", both
// decimal numbers (checked by hand: no regular expression to compile when a
// command starts).
func majorMinor(v string) bool {
	major, minor, ok := strings.Cut(v, ".")
	return ok && digits(major) && digits(minor)
}

func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// build makes the envelope, or says why it may not: New's part of the
// factory.
//
//exitlint:factory
func build[T any](start time.Time, code exitcode.Code, data T, err error, o options) (*Envelope[T], string) {
	if start.IsZero() {
		return nil, "no start time: pass the time the command began, so meta.duration_ms is true"
	}
	if isNilExitError(err) {
		return nil, "the error is a nil *exitcode.Error inside a non-nil error: return a literal nil on success, not a nil *exitcode.Error"
	}
	if r := exitcode.Classify(int(code)); !r.Emittable() {
		return nil, fmt.Sprintf("exit code %d is %s, which no command may exit with", int(code), r)
	}
	if reason := checkMeta(code, o.meta); reason != "" {
		return nil, reason
	}
	env := &Envelope[T]{built: true, code: code, warnings: nonNil(o.warnings), meta: o.meta, durationMS: durationMS(start)}
	dataIsZero := reflect.ValueOf(&data).Elem().IsZero()

	if code == exitcode.Success {
		if err != nil {
			return nil, fmt.Sprintf("SUCCESS with an error (%v): a failure needs a non-zero code", err)
		}
		if o.meta.NotModified {
			if !dataIsZero {
				return nil, "data on a not_modified response: a cache hit carries no data"
			}
			env.dataJSON = json.RawMessage("null")
			return env, ""
		}
		raw, reason := encodeData(data)
		if reason != "" {
			return nil, reason
		}
		env.data, env.dataJSON = data, raw
		return env, ""
	}

	if err == nil {
		return nil, "a non-zero exit code without an error: the agent needs error.code and error.message"
	}
	if !dataIsZero {
		return nil, "data on failure: data is null whenever the exit code is non-zero"
	}
	ej, warnings, reason := errorObject(code, err, o.retryUnknown)
	if reason != "" {
		return nil, reason
	}
	env.dataJSON = json.RawMessage("null")
	env.errJSON = ej
	env.warnings = append(env.warnings, warnings...)
	return env, ""
}

func checkMeta(code exitcode.Code, m Meta) string {
	if m.NotModified && code != exitcode.Success {
		return "not_modified on a failure: a cache hit exits with SUCCESS"
	}
	if m.Type != "" && code != exitcode.Success {
		return "meta.type on a failure: the type tags the shape of data, which is null on failure"
	}
	if m.Type != "" && !typeTagValid(m.Type) {
		return fmt.Sprintf("meta.type %q is not a type tag: lower-case letters, digits and underscores, starting with a letter (\"note_list\")", m.Type)
	}
	if m.SchemaVersion != "" && !majorMinor(m.SchemaVersion) {
		return fmt.Sprintf("schema_version %q is not MAJOR.MINOR", m.SchemaVersion)
	}
	for k := range m.Extra {
		switch k {
		case "duration_ms", "request_id", "schema_version", "not_modified", "truncated", "cursor", "type":
			return fmt.Sprintf("meta extra key %q repeats a field of meta; set it through Meta", k)
		}
	}
	return ""
}

// isNilExitError reports whether err is a non-nil error around a nil
// *exitcode.Error (see exitcode.NilErrorCode).
func isNilExitError(err error) bool {
	var xe *exitcode.Error
	return err != nil && errors.As(err, &xe) && xe == nil
}

// marshal encodes v as JSON without HTML escaping: an envelope is read by
// programs, and "a -> b" stays "a -> b", not "a -\u003e b".
func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// encodeData encodes success data, which must be a JSON object or array.
// A nil slice or map is encoded as empty: an empty result is still a result.
func encodeData[T any](data T) (json.RawMessage, string) {
	v := reflect.ValueOf(&data).Elem()
	for v.Kind() == reflect.Interface && !v.IsNil() {
		v = v.Elem()
	}
	if v.Kind() == reflect.Slice && v.IsNil() {
		return json.RawMessage("[]"), ""
	}
	if v.Kind() == reflect.Map && v.IsNil() {
		return json.RawMessage("{}"), ""
	}
	raw, err := marshal(data)
	if err != nil {
		return nil, fmt.Sprintf("data does not encode as JSON: %v", err)
	}
	switch {
	case bytes.Equal(raw, []byte("null")):
		return nil, "success without data: data and error may both be null only on a not_modified cache hit"
	case raw[0] != '{' && raw[0] != '[':
		return nil, fmt.Sprintf("data must encode as a JSON object or array, but %T encodes as %s", data, truncate(raw))
	}
	return raw, ""
}

func truncate(b []byte) string {
	if len(b) > 40 {
		return string(b[:40]) + "…"
	}
	return string(b)
}

// errorJSON is the envelope's ErrorDetail.
type errorJSON struct {
	Code       string        `json:"code"`
	Message    string        `json:"message"`
	Detail     string        `json:"detail,omitempty"`
	Retryable  *bool         `json:"retryable,omitempty"`
	RetryAfter *int64        `json:"retry_after,omitempty"`
	Phase      string        `json:"phase,omitempty"`
	Suggestion string        `json:"suggestion,omitempty"`
	Redirect   *redirectJSON `json:"redirect,omitempty"`
}

type redirectJSON struct {
	Command   string `json:"command"`
	Permanent bool   `json:"permanent"`
	Reason    string `json:"reason,omitempty"`
}

// errorObject turns err into the envelope's error object for code, with the
// warnings flattening it calls for.
func errorObject(code exitcode.Code, err error, retryUnknown bool) (*errorJSON, []string, string) {
	xe, warnings := flatten(code, err)
	if xe.ExitCode != code {
		return nil, nil, fmt.Sprintf("the error says %s but the exit code is %s: build the error with the code the process exits with", xe.ExitCode, code)
	}
	ej := &errorJSON{Code: xe.Code, Message: xe.Message, Detail: xe.Detail, Phase: string(xe.Phase), Suggestion: xe.Suggestion}
	if ej.Code == "" {
		ej.Code = code.String()
	}
	if ej.Message == "" {
		ej.Message = xe.Error()
	}
	if ej.Detail == "" && xe.Err != nil && xe.Err.Error() != ej.Message {
		ej.Detail = xe.Err.Error()
	}
	switch xe.Phase {
	case exitcode.PhaseUnstated, exitcode.PhaseValidation, exitcode.PhaseExecution, exitcode.PhaseCleanup:
	default:
		return nil, nil, fmt.Sprintf("phase %q is not validation, execution or cleanup", xe.Phase)
	}
	retryable, known := xe.IsRetryable()
	if retryUnknown && xe.Retryable == nil {
		retryable, known = false, false
	}
	if known {
		ej.Retryable = &retryable
	}
	if reason := payloadReason(code, ej.Code, retryable, known); reason != "" {
		return nil, nil, reason
	}
	if xe.RetryAfter != nil {
		if *xe.RetryAfter < 0 {
			return nil, nil, "a negative retry_after"
		}
		if !retryable {
			return nil, nil, "retry_after on an error that is not retryable"
		}
		secs := int64((*xe.RetryAfter + time.Second - 1) / time.Second)
		ej.RetryAfter = &secs
	}
	rd, reason := redirectObject(code, xe.Redirect)
	if reason != "" {
		return nil, nil, reason
	}
	ej.Redirect = rd
	return ej, warnings, ""
}

// payloadReason says what the error's code and retryability contradict at
// exit code code: PARTIAL_FAILURE is never retryable; AUTH_REQUIRED says
// why with one of its three TOKEN_* codes, which no other exit code
// carries; TOKEN_EXPIRED is retryable (the agent refreshes and retries at
// once).
func payloadReason(code exitcode.Code, errCode string, retryable, known bool) string {
	switch {
	case code == exitcode.PartialFailure && retryable:
		return "PARTIAL_FAILURE is never retryable: some writes occurred, and retrying the same call may repeat them"
	case code == exitcode.AuthRequired && !exitcode.IsTokenCode(errCode):
		return fmt.Sprintf("AUTH_REQUIRED with error.code %q: AUTH_REQUIRED says why with TOKEN_EXPIRED, TOKEN_INVALID or TOKEN_MISSING (build it with exitcode.TokenExpired, TokenInvalid or TokenMissing), so the agent knows whether to refresh or acquire credentials", errCode)
	case code != exitcode.AuthRequired && exitcode.IsTokenCode(errCode):
		return fmt.Sprintf("error.code %s belongs to AUTH_REQUIRED (8), not to %s: an agent reads it as a reason to refresh or acquire credentials", errCode, describeCode(code))
	case errCode == exitcode.TokenExpiredCode && !(known && retryable):
		return "TOKEN_EXPIRED is retryable: the agent refreshes the token and retries at once (exitcode.TokenExpired builds it)"
	}
	return ""
}

// redirectObject is error.redirect: present exactly at REDIRECTED, with a
// command and a known reason.
func redirectObject(code exitcode.Code, r *exitcode.Redirect) (*redirectJSON, string) {
	switch {
	case code == exitcode.Redirected && r == nil:
		return nil, "REDIRECTED without a redirect: set one with WithRedirect"
	case code != exitcode.Redirected && r != nil:
		return nil, "a redirect is only meaningful with REDIRECTED"
	case r == nil:
		return nil, ""
	case r.Command == "":
		return nil, "a redirect without a command"
	}
	switch r.Reason {
	case exitcode.ReasonUnstated, exitcode.ReasonRenamed, exitcode.ReasonRestructured, exitcode.ReasonDeprecated, exitcode.ReasonTypo:
	default:
		return nil, fmt.Sprintf("redirect reason %q is not renamed, restructured, deprecated or typo_corrected", r.Reason)
	}
	return &redirectJSON{Command: r.Command, Permanent: r.Permanent, Reason: string(r.Reason)}, ""
}

// nonNil copies w; the copy is never nil, so warnings encode as [] at least.
func nonNil(w []string) []string {
	out := make([]string, len(w))
	copy(out, w)
	return out
}

func durationMS(start time.Time) int64 {
	if start.IsZero() {
		return 0
	}
	ms := time.Since(start).Milliseconds()
	if ms < 0 {
		return 0
	}
	return ms
}

// errZero is what encoding the zero Envelope fails with.
var errZero = errors.New("envelope: the zero Envelope is not a response; build envelopes with envelope.New")

// MarshalJSON encodes the envelope with its five keys, ok derived from the
// exit code, without HTML escaping ("a -> b" stays as it is). The zero
// Envelope returns an error instead. (json.Marshal of an Envelope escapes <,
// > and & again, as it does for any Marshaler; write with Encode.) It is the
// factory's encoding: the one place the five keys are spelled.
//
//exitlint:factory
func (e Envelope[T]) MarshalJSON() ([]byte, error) {
	if !e.built {
		return nil, errZero
	}
	meta := make(map[string]any, len(e.meta.Extra)+6)
	for k, v := range e.meta.Extra {
		meta[k] = v
	}
	meta["duration_ms"] = e.durationMS
	if e.meta.RequestID != "" {
		meta["request_id"] = e.meta.RequestID
	}
	if e.meta.SchemaVersion != "" {
		meta["schema_version"] = e.meta.SchemaVersion
	}
	if e.meta.NotModified {
		meta["not_modified"] = true
	}
	if e.meta.Truncated {
		meta["truncated"] = true
	}
	if e.meta.Cursor != "" {
		meta["cursor"] = e.meta.Cursor
	}
	if e.meta.Type != "" {
		meta["type"] = e.meta.Type
	}
	return marshal(struct {
		OK       bool            `json:"ok"`
		Data     json.RawMessage `json:"data"`
		Error    *errorJSON      `json:"error"`
		Warnings []string        `json:"warnings"`
		Meta     map[string]any  `json:"meta"`
	}{
		OK:       e.code == exitcode.Success,
		Data:     e.dataJSON,
		Error:    e.errJSON,
		Warnings: nonNil(e.warnings),
		Meta:     meta,
	})
}

// Encode writes the envelope and a newline to w.
func (e *Envelope[T]) Encode(w io.Writer) error {
	b, err := e.MarshalJSON()
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
