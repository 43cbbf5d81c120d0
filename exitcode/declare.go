package exitcode

import (
	"errors"
	"fmt"
	"sort"
)

// Declarations are the exit codes one command may emit: table codes, with
// the command's own retryability and side effects where they differ from the
// table's defaults, and command-specific codes in 79–125.
//
// SUCCESS and GENERAL_ERROR are always declared: every command can succeed,
// and GENERAL_ERROR is the last resort the runtime itself falls back to.
type Declarations struct {
	command string
	entries map[Code]Entry
}

// upperSnake reports whether name is UPPER_SNAKE_CASE: words of upper-case
// letters and digits joined by single underscores, the first starting with a
// letter. (A hand-written check: a regular expression compiled at start-up
// would cost every command that imports this package a fraction of a
// millisecond on each run.)
func upperSnake(name string) bool {
	if name == "" || name[0] < 'A' || name[0] > 'Z' {
		return false
	}
	prev := byte(0)
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case c == '_' && prev != '_':
		default:
			return false
		}
		prev = c
	}
	return prev != '_'
}

// Declare checks and records the exit codes of one command. Each entry names
// a code; for a table code, Name and Group may be left empty and Retryable or
// SideEffects left unstated to keep the table's defaults. A command-specific
// code (79–125) must state its name, retryability and side effects.
//
// Declare rejects codes outside the table and 79–125, duplicates, and any
// entry that relaxes an invariant of the contract:
//   - ARG_ERROR always has side effects none;
//   - PARTIAL_FAILURE is never retryable;
//   - SUCCESS is the only code with complete side effects;
//   - a code with partial side effects is not retryable (so a command that
//     declares TIMEOUT states either side effects none, for a read-only or
//     idempotent command, or retryable no).
//
// All problems are reported together, joined with errors.Join.
func Declare(command string, entries ...Entry) (*Declarations, error) {
	d := &Declarations{command: command, entries: map[Code]Entry{}}
	var errs []error
	fail := func(format string, args ...any) {
		errs = append(errs, fmt.Errorf("exitcode: command %q: "+format, append([]any{command}, args...)...))
	}
	names := map[string]Code{}
	for _, row := range table {
		names[row.Name] = row.Code
	}
	for _, in := range entries {
		if _, dup := d.entries[in.Code]; dup {
			fail("code %d is declared twice", int(in.Code))
			continue
		}
		e, err := resolveEntry(in)
		if err != nil {
			fail("%v", err)
			continue
		}
		if prev, taken := names[e.Name]; taken && prev != e.Code {
			fail("name %s of code %d is already the name of code %d", e.Name, int(e.Code), int(prev))
			continue
		}
		for _, msg := range invariantViolations(e) {
			fail("%s", msg)
		}
		names[e.Name] = e.Code
		d.entries[e.Code] = e
	}
	for _, c := range []Code{Success, GeneralError} {
		if _, ok := d.entries[c]; !ok {
			d.entries[c], _ = Lookup(c)
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	for _, e := range d.entries {
		if e.Group == GroupCommand {
			nameDeclared(e.Code, e.Name)
		}
	}
	return d, nil
}

// MustDeclare is Declare for package-level declarations: it panics on error.
func MustDeclare(command string, entries ...Entry) *Declarations {
	d, err := Declare(command, entries...)
	if err != nil {
		panic(err)
	}
	return d
}

// resolveEntry fills a declared entry's unstated fields from the table, or
// checks a command-specific entry is complete.
func resolveEntry(in Entry) (Entry, error) {
	switch Classify(int(in.Code)) {
	case RangeTable:
		row, _ := Lookup(in.Code)
		if in.Name != "" && in.Name != row.Name {
			return Entry{}, fmt.Errorf("code %d is %s in the table; it cannot be renamed %q", int(in.Code), row.Name, in.Name)
		}
		if in.Group != NoGroup && in.Group != row.Group {
			return Entry{}, fmt.Errorf("code %d (%s) belongs to group %s; it cannot be moved to %s", int(in.Code), row.Name, row.Group, in.Group)
		}
		out := row
		if in.Retryable != RetryUnstated {
			out.Retryable = in.Retryable
		}
		if in.SideEffects != EffectsUnstated {
			out.SideEffects = in.SideEffects
		}
		if in.Action != "" {
			out.Action = in.Action
		}
		return out, nil
	case RangeCommand:
		if !upperSnake(in.Name) {
			return Entry{}, fmt.Errorf("command-specific code %d needs a name in UPPER_SNAKE_CASE, got %q", int(in.Code), in.Name)
		}
		if in.Group != NoGroup && in.Group != GroupCommand {
			return Entry{}, fmt.Errorf("command-specific code %d belongs to group %s, not %s", int(in.Code), GroupCommand, in.Group)
		}
		if in.Retryable == RetryUnstated || in.SideEffects == EffectsUnstated {
			return Entry{}, fmt.Errorf("command-specific code %d (%s) must state both Retryable and SideEffects", int(in.Code), in.Name)
		}
		out := in
		out.Group = GroupCommand
		return out, nil
	default:
		return Entry{}, fmt.Errorf("code %d is %s: a command may declare table codes (0–13) and command-specific codes (79–125) only", int(in.Code), Classify(int(in.Code)))
	}
}

// invariantViolations lists the contract's hard invariants that e breaks.
func invariantViolations(e Entry) []string {
	var out []string
	if e.Retryable < RetryUnstated || e.Retryable > RetryNotApplicable {
		out = append(out, fmt.Sprintf("%s has retryability %d, which is none of the Retry constants", e.Name, int(e.Retryable)))
	}
	if e.SideEffects < EffectsUnstated || e.SideEffects > EffectsUnknown {
		out = append(out, fmt.Sprintf("%s has side effects %d, which is none of the Effects constants", e.Name, int(e.SideEffects)))
	}
	if e.Code == Success && e.Retryable != RetryNotApplicable {
		out = append(out, "SUCCESS has no retryability: leave Retryable unstated")
	}
	if e.Code != Success && e.Retryable == RetryNotApplicable {
		out = append(out, fmt.Sprintf("%s cannot be RetryNotApplicable: only SUCCESS has nothing to retry", e.Name))
	}
	if e.Code == ArgError && e.SideEffects != EffectsNone {
		out = append(out, "ARG_ERROR must have side effects none: it promises the caller that nothing changed")
	}
	if e.Code == PartialFailure && e.Retryable != RetryNo {
		out = append(out, "PARTIAL_FAILURE must not be retryable: some writes occurred")
	}
	if e.SideEffects == EffectsComplete && e.Code != Success {
		out = append(out, fmt.Sprintf("%s cannot have complete side effects: only SUCCESS has", e.Name))
	}
	if e.SideEffects == EffectsPartial && e.Retryable != RetryNo {
		out = append(out, fmt.Sprintf("%s has partial side effects, so it must be declared Retryable: RetryNo (or, for a read-only or idempotent command, SideEffects: EffectsNone)", e.Name))
	}
	return out
}

// Exit ends the process with c, as Exit does. Inside Catch it also tells the
// trap which declarations the code belongs to, so a Catch given no
// declarations checks c against these: a command that exits through its own
// declarations needs no separate registry in its tests.
func (d *Declarations) Exit(c Code) {
	if t := currentTrap(); t != nil {
		t.recordDeclared(d)
	}
	Exit(c)
}

// Command returns the name the declarations were made for.
func (d *Declarations) Command() string { return d.command }

// Allows reports whether the command declared c.
func (d *Declarations) Allows(c Code) bool {
	_, ok := d.entries[c]
	return ok
}

// Lookup returns the command's entry for c: the table's row with the
// command's overrides, or a command-specific code.
func (d *Declarations) Lookup(c Code) (Entry, bool) {
	e, ok := d.entries[c]
	return e, ok
}

// Entries returns every declared code in code order.
func (d *Declarations) Entries() []Entry {
	out := make([]Entry, 0, len(d.entries))
	for _, e := range d.entries {
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out
}
