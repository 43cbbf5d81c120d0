package envelope

import (
	"errors"
	"fmt"
	"strings"

	"github.com/exitlint/exitlint/exitcode"
)

// flatten returns the one *exitcode.Error an envelope reports for err, and
// the warnings it calls for. code is the exit code of a plain error that
// carries none (its error.code is the code's name).
//
//   - err itself an *exitcode.Error: its fields as they are.
//   - An *exitcode.Error wrapped by other errors (fmt.Errorf("loading
//     config: %w", e)): its code and fields, the wrapping's words kept in
//     front of its message, and the whole chain's text as the detail unless
//     the error states one.
//   - Several errors joined (errors.Join, or fmt.Errorf with two %w): the
//     first that carries a code gives the code and fields, the message
//     joins every error's message with "; ", the detail lists each error
//     with its code, and a warning says so when their exit codes differ:
//     none is dropped silently.
//
// The result is a new error whose Err is err, so errors.Is and errors.As
// still see the whole chain, and flattening it again changes nothing.
func flatten(code exitcode.Code, err error) (*exitcode.Error, []string) {
	var xe *exitcode.Error
	if !errors.As(err, &xe) || xe == nil {
		return &exitcode.Error{ExitCode: code, Code: code.String(), Message: err.Error(), Err: err}, nil
	}
	if xe == err {
		return xe, nil
	}
	out := *xe
	out.Err = err
	if branches := outcomes(err); len(branches) > 1 {
		return joined(&out, branches)
	}
	whole, own := err.Error(), xe.Error()
	msg := xe.Message
	if msg == "" {
		msg = xe.Code
	}
	if prefix, ok := strings.CutSuffix(whole, own); ok {
		out.Message = prefix + msg
	} else {
		out.Message = whole
	}
	if out.Detail == "" && whole != out.Message {
		out.Detail = whole
	}
	return &out, nil
}

// outcomes splits err into the errors it joins: an *exitcode.Error is one
// outcome (its own cause is its business), a chain of single wraps is the
// outcomes of what it wraps, and a join is the outcomes of each part.
func outcomes(err error) []error {
	for {
		if _, ok := err.(*exitcode.Error); ok {
			return []error{err}
		}
		switch u := err.(type) {
		case interface{ Unwrap() []error }:
			var out []error
			for _, part := range u.Unwrap() {
				if part != nil {
					out = append(out, outcomes(part)...)
				}
			}
			return out
		case interface{ Unwrap() error }:
			if next := u.Unwrap(); next != nil {
				err = next
				continue
			}
		}
		return []error{err}
	}
}

// joined describes the outcome of several errors: first's code and fields,
// every message, every code.
func joined(first *exitcode.Error, branches []error) (*exitcode.Error, []string) {
	var msgs, lines []string
	var codes []exitcode.Code
	seen := map[exitcode.Code]bool{}
	for _, b := range branches {
		c := exitcode.FromError(b)
		var be *exitcode.Error
		id := c.String()
		msg := b.Error()
		if errors.As(b, &be) && be != nil {
			id = be.Code
			if be.Message != "" {
				msg = be.Message
			}
		}
		msgs = append(msgs, msg)
		lines = append(lines, fmt.Sprintf("%s (%d %s): %s", id, int(c), c, b.Error()))
		if !seen[c] {
			seen[c] = true
			codes = append(codes, c)
		}
	}
	first.Message = strings.Join(msgs, "; ")
	if first.Detail == "" {
		first.Detail = strings.Join(lines, "\n")
	} else {
		first.Detail += "\n" + strings.Join(lines, "\n")
	}
	if len(codes) < 2 {
		return first, nil
	}
	names := make([]string, len(codes))
	for i, c := range codes {
		names[i] = fmt.Sprintf("%d %s", int(c), c)
	}
	return first, []string{fmt.Sprintf("the error joins %d errors whose exit codes differ (%s): the exit code is the first's; error.detail lists them all",
		len(branches), strings.Join(names[:len(names)-1], ", ")+" and "+names[len(names)-1])}
}
