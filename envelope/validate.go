package envelope

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"sort"
	"strconv"
	"strings"

	"github.com/exitlint/exitlint/exitcode"
)

// Violation is one way an encoded response breaks the contract.
type Violation struct {
	Path    string // JSON pointer to the offending value ("" for the document)
	Message string
}

func (v Violation) String() string {
	if v.Path == "" {
		return v.Message
	}
	return v.Path + ": " + v.Message
}

// Validate checks an encoded response against the contract, given the exit
// status of the process that wrote it, and returns every violation found
// (none for a conforming response). It is meant for tests and dev mode: run
// it on every envelope a command writes.
//
// It checks the shape (exactly the five keys, each of its type, the
// ErrorDetail, Redirect and ResponseMeta objects, no unknown keys where the
// schema forbids them, no key twice in any object), and the invariants the
// schema cannot express: ok == (exit == 0), error null exactly on success,
// data null on failure, data and error not both null unless
// meta.not_modified, error.redirect present exactly at REDIRECTED,
// PARTIAL_FAILURE never retryable, AUTH_REQUIRED's error.code one of
// TOKEN_EXPIRED, TOKEN_INVALID and TOKEN_MISSING (and those codes at no
// other exit status), TOKEN_EXPIRED retryable, retry_after only on a
// retryable error (error.retryable, or the exit code's retryability when
// that is left out), and an exit status a command may use.
//
// declared, if given, are the declarations of the command that wrote the
// response (Command.Declarations; only the first is read): the exit status
// must be one of its codes, error.retryable must not be true where the
// command declares the code not retryable (false where it declares it
// retryable is the more specific signal, and allowed), and the
// retryability that retry_after needs is the declared one, which takes
// precedence over the table's.
//
// Validate never panics, whatever the input.
func Validate(encoded []byte, exit int, declared ...*exitcode.Declarations) []Violation {
	v := &validator{}
	if len(declared) > 0 {
		v.decl = declared[0]
	}
	v.check(encoded, exit)
	return v.out
}

type validator struct {
	out  []Violation
	decl *exitcode.Declarations // nil: the table's defaults
}

func (v *validator) add(path, format string, args ...any) {
	v.out = append(v.out, Violation{Path: path, Message: fmt.Sprintf(format, args...)})
}

// decodeObject decodes one JSON object keeping numbers exact and raw values
// for the nested checks.
func decodeObject(raw json.RawMessage) (map[string]json.RawMessage, bool) {
	if len(bytes.TrimSpace(raw)) == 0 || bytes.TrimSpace(raw)[0] != '{' {
		return nil, false
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, false
	}
	return m, true
}

func kind(raw json.RawMessage) string {
	b := bytes.TrimSpace(raw)
	if len(b) == 0 {
		return "nothing"
	}
	switch b[0] {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	default:
		return "number"
	}
}

func (v *validator) check(encoded []byte, exit int) {
	if !json.Valid(encoded) {
		v.add("", "not valid JSON")
		return
	}
	top, ok := decodeObject(encoded)
	if !ok {
		v.add("", "the response is a JSON %s, not an object", kind(encoded))
		return
	}
	if r := exitcode.Classify(exit); !r.Emittable() {
		v.add("", "exit status %d is %s, which no command may use", exit, r)
	} else if v.decl != nil && !v.decl.Allows(exitcode.Code(exit)) {
		v.add("", "exit status %s is not among the codes command %q declares", describeCode(exitcode.Code(exit)), v.decl.Command())
	}
	v.duplicateKeys(encoded)
	for _, k := range []string{"ok", "data", "error", "warnings", "meta"} {
		if _, present := top[k]; !present {
			v.add("/"+k, "missing: the five keys are always present")
		}
	}
	for _, k := range sortedKeys(top) {
		switch k {
		case "ok", "data", "error", "warnings", "meta":
		default:
			v.add("/"+k, "unknown key: the envelope has exactly ok, data, error, warnings and meta")
		}
	}

	success := exit == 0
	if raw, present := top["ok"]; present {
		var ok bool
		if kind(raw) != "boolean" || json.Unmarshal(raw, &ok) != nil {
			v.add("/ok", "must be a boolean, got %s", kind(raw))
		} else if ok != success {
			v.add("/ok", "is %t but the exit status is %d: ok is true exactly when the exit status is 0", ok, exit)
		}
	}

	dataKind, errKind := "", ""
	if raw, present := top["data"]; present {
		dataKind = kind(raw)
		if dataKind != "null" && dataKind != "object" && dataKind != "array" {
			v.add("/data", "must be an object, an array or null, got %s", dataKind)
		}
		if !success && dataKind != "null" {
			v.add("/data", "must be null on failure (exit status %d)", exit)
		}
	}
	if raw, present := top["error"]; present {
		errKind = kind(raw)
		switch {
		case errKind == "null":
			if !success {
				v.add("/error", "is null but the exit status is %d: a failure carries an error object", exit)
			}
		case errKind == "object":
			if success {
				v.add("/error", "must be null on success")
			}
			v.checkError(raw, exit)
		default:
			v.add("/error", "must be an object or null, got %s", errKind)
		}
	}
	if raw, present := top["warnings"]; present {
		v.checkWarnings(raw)
	}
	notModified := false
	if raw, present := top["meta"]; present {
		notModified = v.checkMeta(raw)
	}
	if dataKind == "null" && errKind == "null" && !notModified {
		v.add("", "data and error are both null: only a not_modified cache hit may carry neither")
	}
	if notModified {
		if dataKind != "" && dataKind != "null" {
			v.add("/data", "must be null when meta.not_modified is true")
		}
		if !success {
			v.add("/meta/not_modified", "a cache hit exits with 0, not %d", exit)
		}
	}
}

func (v *validator) checkWarnings(raw json.RawMessage) {
	if kind(raw) != "array" {
		v.add("/warnings", "must be an array of strings (empty, never null), got %s", kind(raw))
		return
	}
	var items []json.RawMessage
	if json.Unmarshal(raw, &items) != nil {
		v.add("/warnings", "must be an array of strings")
		return
	}
	for i, it := range items {
		if kind(it) != "string" {
			v.add(fmt.Sprintf("/warnings/%d", i), "must be a string, got %s", kind(it))
		}
	}
}

func (v *validator) checkError(raw json.RawMessage, exit int) {
	obj, ok := decodeObject(raw)
	if !ok {
		v.add("/error", "must be an object")
		return
	}
	for _, k := range []string{"code", "message"} {
		if _, present := obj[k]; !present {
			v.add("/error/"+k, "missing: an error always has code and message")
		}
	}
	for _, k := range sortedKeys(obj) {
		val := obj[k]
		p := "/error/" + k
		switch k {
		case "code", "message", "detail", "suggestion":
			v.wantKind(p, val, "string")
		case "retryable":
			v.wantKind(p, val, "boolean")
		case "retry_after":
			v.wantNonNegativeInteger(p, val)
		case "phase":
			var s string
			if v.wantKind(p, val, "string") && json.Unmarshal(val, &s) == nil {
				switch s {
				case "validation", "execution", "cleanup":
				default:
					v.add(p, "must be validation, execution or cleanup, got %q", s)
				}
			}
		case "redirect":
			v.checkRedirect(val)
		default:
			v.add(p, "unknown key in error")
		}
	}
	v.checkRetry(obj, exit)
	_, hasRedirect := obj["redirect"]
	switch {
	case exit == int(exitcode.Redirected) && !hasRedirect:
		v.add("/error/redirect", "missing: exit status 13 (REDIRECTED) requires error.redirect")
	case exit != int(exitcode.Redirected) && hasRedirect:
		v.add("/error/redirect", "present with exit status %d: a redirect belongs to REDIRECTED (13) only", exit)
	}
}

// checkRetry checks error.retryable, error.retry_after and error.code
// against the contract's invariants: PARTIAL_FAILURE is never retryable;
// AUTH_REQUIRED says why with a TOKEN_* code, which no other exit status
// carries, and TOKEN_EXPIRED is retryable; retry_after is given only when
// the error is retryable; with declarations, a code declared not retryable
// is never retryable: true.
func (v *validator) checkRetry(obj map[string]json.RawMessage, exit int) {
	var retryable, stated bool
	if raw, ok := obj["retryable"]; ok && kind(raw) == "boolean" {
		stated = json.Unmarshal(raw, &retryable) == nil
	}
	if stated && retryable && exit == int(exitcode.PartialFailure) {
		v.add("/error/retryable", "PARTIAL_FAILURE (2) is never retryable: some writes occurred")
	}
	declaredRetryable, declaredKnown, who := v.codeRetryable(exit)
	if stated && retryable && v.decl != nil && declaredKnown && !declaredRetryable && exit != int(exitcode.PartialFailure) {
		v.add("/error/retryable", "true, but %s not retryable: retrying the same call will not succeed", who)
	}
	effective, known := retryable, stated
	if !stated {
		effective, known = declaredRetryable, declaredKnown
	}
	var code string
	if raw, ok := obj["code"]; ok && kind(raw) == "string" {
		_ = json.Unmarshal(raw, &code)
	}
	switch {
	case exit == int(exitcode.AuthRequired) && !exitcode.IsTokenCode(code):
		v.add("/error/code", "AUTH_REQUIRED (8) says why with TOKEN_EXPIRED, TOKEN_INVALID or TOKEN_MISSING, got %q", code)
	case exit != int(exitcode.AuthRequired) && exitcode.IsTokenCode(code):
		v.add("/error/code", "%s belongs to AUTH_REQUIRED (8), not to exit status %d", code, exit)
	case code == exitcode.TokenExpiredCode && !(known && effective):
		v.add("/error/retryable", "TOKEN_EXPIRED is retryable: the agent refreshes the token and retries at once")
	}
	if _, ok := obj["retry_after"]; !ok {
		return
	}
	switch {
	case stated && !retryable:
		v.add("/error/retry_after", "present with retryable false: retry_after is only given when the error is retryable")
	case !stated && !(declaredKnown && declaredRetryable):
		v.add("/error/retry_after", "present, but %s not retryable, and error.retryable does not say otherwise", who)
	}
}

// codeRetryable is the retryability of the exit status when the error
// states none: the declared entry's, or else the code's default; who says
// where it comes from, for messages ("NOT_FOUND (5) is").
func (v *validator) codeRetryable(exit int) (retryable, known bool, who string) {
	c := exitcode.Code(exit)
	name := fmt.Sprintf("%s (%d)", c, exit)
	if v.decl != nil {
		if e, ok := v.decl.Lookup(c); ok {
			who = fmt.Sprintf("command %q declares %s", v.decl.Command(), name)
			switch e.Retryable {
			case exitcode.RetryYes, exitcode.RetryAfterPrerequisite:
				return true, true, who
			case exitcode.RetryNo:
				return false, true, who
			}
			return false, false, who
		}
	}
	retryable, known = c.Retryable()
	return retryable, known, name + " is"
}

func (v *validator) checkRedirect(raw json.RawMessage) {
	obj, ok := decodeObject(raw)
	if !ok {
		v.add("/error/redirect", "must be an object, got %s", kind(raw))
		return
	}
	for _, k := range []string{"command", "permanent"} {
		if _, present := obj[k]; !present {
			v.add("/error/redirect/"+k, "missing: a redirect always has command and permanent")
		}
	}
	for _, k := range sortedKeys(obj) {
		val := obj[k]
		p := "/error/redirect/" + k
		switch k {
		case "command":
			v.wantKind(p, val, "string")
		case "permanent":
			v.wantKind(p, val, "boolean")
		case "reason":
			var s string
			if v.wantKind(p, val, "string") && json.Unmarshal(val, &s) == nil {
				switch s {
				case "renamed", "restructured", "deprecated", "typo_corrected":
				default:
					v.add(p, "must be renamed, restructured, deprecated or typo_corrected, got %q", s)
				}
			}
		default:
			v.add(p, "unknown key in redirect")
		}
	}
}

// checkMeta checks meta and reports whether it says not_modified.
func (v *validator) checkMeta(raw json.RawMessage) (notModified bool) {
	obj, ok := decodeObject(raw)
	if !ok {
		v.add("/meta", "must be an object, got %s", kind(raw))
		return false
	}
	if _, present := obj["duration_ms"]; !present {
		v.add("/meta/duration_ms", "missing: meta always has duration_ms")
	}
	for _, k := range sortedKeys(obj) {
		val := obj[k]
		p := "/meta/" + k
		switch k {
		case "duration_ms":
			v.wantNonNegativeInteger(p, val)
		case "request_id", "cursor", "type":
			v.wantKind(p, val, "string")
		case "schema_version":
			var s string
			if v.wantKind(p, val, "string") && json.Unmarshal(val, &s) == nil && !majorMinor(s) {
				v.add(p, "must be MAJOR.MINOR, got %q", s)
			}
		case "not_modified":
			if v.wantKind(p, val, "boolean") {
				_ = json.Unmarshal(val, &notModified)
			}
		case "truncated":
			v.wantKind(p, val, "boolean")
		}
	}
	return notModified
}

func (v *validator) wantKind(path string, raw json.RawMessage, want string) bool {
	if got := kind(raw); got != want {
		v.add(path, "must be a %s, got %s", want, got)
		return false
	}
	return true
}

// wantNonNegativeInteger accepts any JSON number with no fractional part
// (1.0 is an integer in JSON Schema), at least zero.
func (v *validator) wantNonNegativeInteger(path string, raw json.RawMessage) {
	if !v.wantKind(path, raw, "number") {
		return
	}
	f, ok := new(big.Float).SetString(string(bytes.TrimSpace(raw)))
	if !ok || !f.IsInt() {
		v.add(path, "must be an integer, got %s", bytes.TrimSpace(raw))
		return
	}
	if f.Sign() < 0 {
		v.add(path, "must not be negative, got %s", bytes.TrimSpace(raw))
	}
}

func sortedKeys(m map[string]json.RawMessage) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// duplicateKeys reports every key that an object of the document repeats:
// decoders keep one of the values, and parsers differ in which.
func (v *validator) duplicateKeys(doc []byte) {
	type frame struct {
		object    bool
		keys      map[string]bool
		path, key string
		index     int
		wantKey   bool
	}
	var stack []*frame
	valueDone := func() {
		if len(stack) == 0 {
			return
		}
		top := stack[len(stack)-1]
		if top.object {
			top.wantKey = true
		} else {
			top.index++
		}
	}
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	for {
		tok, err := dec.Token()
		if err != nil {
			return // the end, or invalid JSON another check reports
		}
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			stack = stack[:len(stack)-1]
			valueDone()
			continue
		}
		if top != nil && top.object && top.wantKey {
			key, _ := tok.(string)
			if top.keys[key] {
				v.add(top.path+"/"+pointerEscape(key), "duplicate key: a key appears once in an object (decoders keep one of the values, and parsers differ in which)")
			}
			top.keys[key], top.key, top.wantKey = true, key, false
			continue
		}
		path := ""
		switch {
		case top != nil && top.object:
			path = top.path + "/" + pointerEscape(top.key)
		case top != nil:
			path = top.path + "/" + strconv.Itoa(top.index)
		}
		if d, ok := tok.(json.Delim); ok {
			stack = append(stack, &frame{object: d == '{', keys: map[string]bool{}, path: path, wantKey: d == '{'})
			continue
		}
		valueDone()
	}
}

// pointerEscape escapes a key for a JSON pointer (RFC 6901).
func pointerEscape(key string) string {
	return strings.ReplaceAll(strings.ReplaceAll(key, "~", "~0"), "/", "~1")
}
