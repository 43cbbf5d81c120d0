package exitcode

import "strconv"

// Group is a category of the table. The group boundaries are not encoded in
// the number itself; ask the table.
type Group int

// The table's groups.
const (
	NoGroup             Group = iota // a code outside the table
	GroupSuccess                     // the operation completed
	GroupExecution                   // the operation ran, something went wrong internally
	GroupInput                       // the caller's fault; safe to retry after fixing
	GroupResource                    // about the addressed entity
	GroupAuth                        // identity and access
	GroupInfrastructure              // external systems
	GroupRouting                     // the command surface changed
	GroupCommand                     // a command-specific code in 79–125
)

var groupNames = [...]string{"none", "success", "execution", "input", "resource", "auth", "infrastructure", "routing", "command"}

func (g Group) String() string {
	if g >= 0 && int(g) < len(groupNames) {
		return groupNames[g]
	}
	return "exitcode.Group(?)"
}

// Retryability says whether an agent may run the same call again.
type Retryability int

// The retryability values of the table. The zero value means "not stated":
// in a command's declaration it keeps the table's default.
const (
	RetryUnstated          Retryability = iota
	RetryYes                            // retry (with back-off where the code says so)
	RetryNo                             // retrying the same call will not succeed
	RetryDepends                        // inspect the error before deciding
	RetryAfterPrerequisite              // retry only once the prerequisite is resolved (the table's "yes*")
	RetryNotApplicable                  // SUCCESS: nothing to retry (the table's "—")
)

var retryNames = [...]string{"unstated", "yes", "no", "depends", "after-prerequisite", "not-applicable"}

func (r Retryability) String() string {
	if r >= 0 && int(r) < len(retryNames) {
		return retryNames[r]
	}
	return "exitcode.Retryability(?)"
}

// SideEffects says how far changes to the world progressed before the
// process exited.
type SideEffects int

// The side-effect values of the table. The zero value means "not stated":
// in a command's declaration it keeps the table's default.
const (
	EffectsUnstated SideEffects = iota
	EffectsNone                 // nothing outside the process changed
	EffectsPartial              // some writes occurred
	EffectsComplete             // every intended change was made (SUCCESS only)
	EffectsUnknown              // nothing is known; treat as partial
)

var effectNames = [...]string{"unstated", "none", "partial", "complete", "unknown"}

func (s SideEffects) String() string {
	if s >= 0 && int(s) < len(effectNames) {
		return effectNames[s]
	}
	return "exitcode.SideEffects(?)"
}

// Entry is one row of the table, or one code of a command's declaration.
type Entry struct {
	Code        Code
	Name        string // the contract's constant name, e.g. "ARG_ERROR"
	Group       Group
	Retryable   Retryability
	SideEffects SideEffects
	Action      string // what an agent does next
}

// table holds the contract's fixed rows, indexed by code.
var table = [...]Entry{
	{Success, "SUCCESS", GroupSuccess, RetryNotApplicable, EffectsComplete,
		"Done"},
	{GeneralError, "GENERAL_ERROR", GroupExecution, RetryDepends, EffectsUnknown,
		"Inspect error.detail — last resort, use a specific code whenever one exists"},
	{PartialFailure, "PARTIAL_FAILURE", GroupExecution, RetryNo, EffectsPartial,
		"Inspect state before retrying — some writes occurred"},
	{ArgError, "ARG_ERROR", GroupInput, RetryYes, EffectsNone,
		"Fix the input, retry immediately — zero side effects guaranteed"},
	{Precondition, "PRECONDITION", GroupInput, RetryDepends, EffectsNone,
		"Resolve the precondition, then retry"},
	{NotFound, "NOT_FOUND", GroupResource, RetryNo, EffectsNone,
		"Stop, or create the resource first"},
	{Conflict, "CONFLICT", GroupResource, RetryNo, EffectsNone,
		"Resolve the conflict (delete, rename, or bump version)"},
	{PermissionDenied, "PERMISSION_DENIED", GroupAuth, RetryNo, EffectsNone,
		"Stop — valid credentials, wrong permissions; escalate or change approach"},
	{AuthRequired, "AUTH_REQUIRED", GroupAuth, RetryAfterPrerequisite, EffectsNone,
		"Read error.code: TOKEN_EXPIRED → auto-refresh and retry; TOKEN_MISSING / TOKEN_INVALID → acquire credentials"},
	{PaymentRequired, "PAYMENT_REQUIRED", GroupAuth, RetryAfterPrerequisite, EffectsNone,
		"Attempt x402 payment if agent has payment permission, then retry"},
	{Timeout, "TIMEOUT", GroupInfrastructure, RetryYes, EffectsPartial,
		"Back off and retry — some writes may have occurred"},
	{RateLimited, "RATE_LIMITED", GroupInfrastructure, RetryYes, EffectsNone,
		"Retry after error.retry_after seconds"},
	{Unavailable, "UNAVAILABLE", GroupInfrastructure, RetryYes, EffectsNone,
		"Service temporarily down — apply exponential back-off, retry"},
	{Redirected, "REDIRECTED", GroupRouting, RetryYes, EffectsNone,
		"Use error.redirect.command verbatim; if error.redirect.permanent is true, memorize — never call the old form again"},
}

// Lookup returns the table row of c; ok is false for a code outside the table.
func Lookup(c Code) (e Entry, ok bool) {
	if c < 0 || int(c) >= len(table) {
		return Entry{}, false
	}
	return table[c], true
}

// Table returns a copy of the whole table in code order.
func Table() []Entry {
	out := make([]Entry, len(table))
	copy(out, table[:])
	return out
}

// Range is the part of the exit-status space an integer falls in.
type Range int

// The ranges of the exit-status space.
const (
	RangeTable     Range = iota // 0–13: the contract's table
	RangeFramework              // 14–63: reserved for framework extensions; commands must not emit
	RangePOSIX                  // 64–78: POSIX sysexits compatibility (optional mapping)
	RangeCommand                // 79–125: command-specific, declared per command
	RangeShell                  // 126–255: shell-reserved; must not be used
	RangeInvalid                // below 0 or above 255: no process exit status
)

var rangeNames = [...]string{"table 0–13", "framework-reserved 14–63", "POSIX sysexits 64–78", "command-specific 79–125", "shell-reserved 126–255", "outside 0–255"}

func (r Range) String() string {
	if r >= 0 && int(r) < len(rangeNames) {
		return rangeNames[r]
	}
	return "exitcode.Range(?)"
}

// Bounds returns the lowest and highest code of the range; RangeInvalid,
// which lies on both sides of the space, has none (0, -1).
func (r Range) Bounds() (lo, hi int) {
	switch r {
	case RangeTable:
		return 0, 13
	case RangeFramework:
		return 14, 63
	case RangePOSIX:
		return 64, 78
	case RangeCommand:
		return 79, 125
	case RangeShell:
		return 126, 255
	}
	return 0, -1
}

// Span spells the range's bounds as "14–63" ("" for RangeInvalid).
func (r Range) Span() string {
	lo, hi := r.Bounds()
	if hi < lo {
		return ""
	}
	return strconv.Itoa(lo) + "–" + strconv.Itoa(hi)
}

// Emittable reports whether a command may exit with a code of this range:
// the table, POSIX sysexits and (declared) command-specific codes.
func (r Range) Emittable() bool {
	return r == RangeTable || r == RangePOSIX || r == RangeCommand
}

// Classify places any integer in the exit-status space.
func Classify(n int) Range {
	switch {
	case n < 0 || n > 255:
		return RangeInvalid
	case n <= 13:
		return RangeTable
	case n <= 63:
		return RangeFramework
	case n <= 78:
		return RangePOSIX
	case n <= 125:
		return RangeCommand
	default:
		return RangeShell
	}
}
