package exitcode

import (
	"encoding/json"
	"fmt"
	"strconv"
	"sync"
)

// Code is a process exit code of the contract.
//
// Write codes as the named members below, never as integers: exitlint's
// barecode check reports an untyped constant used where a Code is expected.
type Code int

// The contract's table, in table order. The values are fixed: agents read
// them from the process exit status.
const (
	Success          Code = 0  // SUCCESS: done; side effects complete
	GeneralError     Code = 1  // GENERAL_ERROR: last resort; side effects unknown
	PartialFailure   Code = 2  // PARTIAL_FAILURE: some writes occurred; never retryable
	ArgError         Code = 3  // ARG_ERROR: fix the input and retry; zero side effects
	Precondition     Code = 4  // PRECONDITION: resolve the precondition, then retry
	NotFound         Code = 5  // NOT_FOUND: the addressed resource does not exist
	Conflict         Code = 6  // CONFLICT: delete, rename or bump the version
	PermissionDenied Code = 7  // PERMISSION_DENIED: valid credentials, wrong permissions
	AuthRequired     Code = 8  // AUTH_REQUIRED: acquire or refresh credentials, then retry
	PaymentRequired  Code = 9  // PAYMENT_REQUIRED: pay if permitted, then retry
	Timeout          Code = 10 // TIMEOUT: back off and retry; some writes may have occurred
	RateLimited      Code = 11 // RATE_LIMITED: retry after error.retry_after seconds
	Unavailable      Code = 12 // UNAVAILABLE: back off exponentially and retry
	Redirected       Code = 13 // REDIRECTED: run error.redirect.command instead
)

// String returns the contract's name of a table code ("ARG_ERROR"), and the
// declared name of a command-specific code (79–125) that the program's
// declarations give one name ("BROKEN_LINKS"). Any other code prints as
// "exitcode.Code(N)", which no name can be mistaken for: a code nobody
// declared, or one that two commands declared under different names (ask
// that command's Declarations for its name).
func (c Code) String() string {
	if e, ok := Lookup(c); ok {
		return e.Name
	}
	if name := declaredName(c); name != "" {
		return name
	}
	return "exitcode.Code(" + strconv.Itoa(int(c)) + ")"
}

// declared holds the names Declare has recorded for command-specific codes;
// an empty name marks a code declared under two names.
var declared struct {
	sync.Mutex
	names map[Code]string
}

func nameDeclared(c Code, name string) {
	declared.Lock()
	defer declared.Unlock()
	if declared.names == nil {
		declared.names = map[Code]string{}
	}
	if prev, ok := declared.names[c]; ok && prev != name {
		name = ""
	}
	declared.names[c] = name
}

func declaredName(c Code) string {
	declared.Lock()
	defer declared.Unlock()
	return declared.names[c]
}

// MarshalJSON encodes a Code as its integer, never its name: agents compare
// the JSON value with the process exit status.
func (c Code) MarshalJSON() ([]byte, error) {
	return strconv.AppendInt(nil, int64(c), 10), nil
}

// UnmarshalJSON accepts only a JSON integer.
func (c *Code) UnmarshalJSON(b []byte) error {
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return fmt.Errorf("exitcode: an exit code must be a JSON integer, got %s", b)
	}
	i, err := strconv.ParseInt(n.String(), 10, 32)
	if err != nil {
		return fmt.Errorf("exitcode: an exit code must be a JSON integer, got %s", b)
	}
	*c = Code(i)
	return nil
}

// Retryable reports whether an error that ends with c may be retried when
// neither the error nor the command's declaration says otherwise, and
// whether that is known: true for the table's "yes" and "yes, after the
// prerequisite", false for "no", unknown for "depends" and for codes
// outside the table (a command-specific code's retryability is in its
// declaration).
//
// A code whose side effects are partial is not retryable, whatever its row
// says: the contract's invariant (which Declare enforces) pairs partial
// side effects with retryable false. TIMEOUT's row says "yes" with partial
// side effects, so a TIMEOUT nothing else describes is not retryable; a
// command whose timeouts leave nothing changed declares TIMEOUT with
// SideEffects EffectsNone, and its errors are retryable.
func (c Code) Retryable() (retryable, known bool) {
	row, ok := Lookup(c)
	if !ok {
		return false, false
	}
	if row.SideEffects == EffectsPartial {
		return false, true
	}
	switch row.Retryable {
	case RetryYes, RetryAfterPrerequisite:
		return true, true
	case RetryNo:
		return false, true
	}
	return false, false
}

// Entry returns the table row of c; ok is false for a code outside the table.
func (c Code) Entry() (e Entry, ok bool) { return Lookup(c) }

// Group returns the table group of c, or NoGroup for a code outside the table.
func (c Code) Group() Group {
	e, _ := Lookup(c)
	return e.Group
}

// IsSuccess reports whether c is SUCCESS.
func (c Code) IsSuccess() bool { return c == Success }

// IsExecution reports whether c is in the execution group (GENERAL_ERROR, PARTIAL_FAILURE).
func (c Code) IsExecution() bool { return c.Group() == GroupExecution }

// IsInput reports whether c is in the input group (ARG_ERROR, PRECONDITION).
func (c Code) IsInput() bool { return c.Group() == GroupInput }

// IsResource reports whether c is in the resource group (NOT_FOUND, CONFLICT).
func (c Code) IsResource() bool { return c.Group() == GroupResource }

// IsAuth reports whether c is in the auth group (PERMISSION_DENIED, AUTH_REQUIRED, PAYMENT_REQUIRED).
func (c Code) IsAuth() bool { return c.Group() == GroupAuth }

// IsInfrastructure reports whether c is in the infrastructure group (TIMEOUT, RATE_LIMITED, UNAVAILABLE).
func (c Code) IsInfrastructure() bool { return c.Group() == GroupInfrastructure }

// IsRouting reports whether c is in the routing group (REDIRECTED).
func (c Code) IsRouting() bool { return c.Group() == GroupRouting }
