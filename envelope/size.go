package envelope

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"reflect"

	"github.com/exitlint/exitlint/exitcode"
)

// DefaultMaxBytes is the size cap of a command's data when its MaxBytes is
// zero: 1 MiB of JSON, already more than an agent reads at once.
const DefaultMaxBytes = 1 << 20

// TooLargeCode is the error.code of the GENERAL_ERROR envelope written in
// test mode when a command's data is over its size cap and cannot be cut.
const TooLargeCode = "OUTPUT_TOO_LARGE"

// Truncatable is success data the size cap can cut that is not a slice (a
// slice needs nothing: the cap keeps its first items): a page of results
// with a count beside them, say.
//
//	type NoteList struct {
//		Notes []Note `json:"notes"`
//		Total int    `json:"total"`
//	}
//	func (l NoteList) Items() int { return len(l.Notes) }
//	func (l NoteList) FirstItems(n int) NoteList { l.Notes = l.Notes[:n]; return l }
type Truncatable[T any] interface {
	// Items is how many items the data holds.
	Items() int
	// FirstItems returns the data with its first n items only, 1 ≤ n <
	// Items().
	FirstItems(n int) T
}

// capData applies the command's size cap to success data: over the cap,
// data that can be cut (a slice, or Truncatable) keeps the longest run of
// first items that fits, at least one so that paging moves on, and meta
// says truncated, with the cursor out.Resume gives. Data that cannot be
// cut is kept whole with a warning, or, in test mode, refused.
func capData[Out any](limit int, data Out, out *Output) (Out, error) {
	if limit < 0 {
		return data, nil
	}
	if limit == 0 {
		limit = DefaultMaxBytes
	}
	size := encodedSize(data)
	if size <= limit {
		return data, nil
	}
	count, first := itemsOf(data)
	if count < 2 {
		what := fmt.Sprintf("the data is %d bytes of JSON, over the command's cap of %d, and cannot be cut: return a slice, make the data envelope.Truncatable, or page it", size, limit)
		if exitcode.TestMode() {
			return data, exitcode.New(exitcode.GeneralError, TooLargeCode, what).WithPhase(exitcode.PhaseExecution)
		}
		out.Warn("%s (written whole)", what)
		return data, nil
	}
	// The longest prefix that fits: first(lo) fits or lo is 1; first(hi) does not.
	lo, hi := 1, count
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		if encodedSize(first(mid)) <= limit {
			lo = mid
		} else {
			hi = mid
		}
	}
	meta := out.Meta()
	meta.Truncated = true
	switch {
	case out.resume != nil:
		meta.Cursor = out.resume(lo)
	case meta.Cursor != "":
		out.Warn("the data was cut to its first %d of %d items to fit the cap of %d bytes; meta.cursor was dropped, since it would skip the items cut (give the cursor after a cut with Output.Resume)", lo, count, limit)
		meta.Cursor = ""
	}
	return first(lo), nil
}

// encodedSize is the length of v's JSON, or 0 when it does not encode (New
// says why, and the runner recovers a panic of the encoding when New meets
// it again).
func encodedSize(v any) (n int) {
	defer func() {
		if recover() != nil {
			n = 0
		}
	}()
	b, err := marshal(v)
	if err != nil {
		return 0
	}
	return len(b)
}

// itemsOf returns how many items data holds and how to keep its first n:
// a slice's elements, or a Truncatable's items; count is 0 for data that
// cannot be cut.
func itemsOf[Out any](data Out) (count int, first func(n int) Out) {
	if tr, ok := any(data).(Truncatable[Out]); ok {
		return tr.Items(), tr.FirstItems
	}
	v := reflect.ValueOf(&data).Elem()
	if v.Kind() != reflect.Slice {
		return 0, nil
	}
	return v.Len(), func(n int) Out { return v.Slice(0, n).Interface().(Out) }
}

// EncodeCursor returns an opaque cursor for meta.cursor that holds v (an
// offset, a key, a struct: any value encoding/json encodes), for the agent
// to pass back as --cursor; DecodeCursor reads it back and refuses a cursor
// it did not write.
func EncodeCursor(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("envelope: EncodeCursor: %v", err))
	}
	sum := make([]byte, 4, 4+len(b))
	binary.BigEndian.PutUint32(sum, crc32.ChecksumIEEE(b))
	return base64.RawURLEncoding.EncodeToString(append(sum, b...))
}

// BadCursorCode is the error.code of the ARG_ERROR DecodeCursor returns.
const BadCursorCode = "BAD_CURSOR"

// DecodeCursor reads a cursor EncodeCursor wrote into v. A cursor it did not
// write, one altered on the way, or one that does not hold a v is an
// ARG_ERROR (error.code BAD_CURSOR, phase validation), ready for Validate
// to return.
func DecodeCursor(cursor string, v any) error {
	bad := func(why string) error {
		return exitcode.New(exitcode.ArgError, BadCursorCode, fmt.Sprintf("cursor %q was not written by this command: %s", cursor, why)).
			WithPhase(exitcode.PhaseValidation).
			WithSuggestion("pass the meta.cursor of the previous page verbatim, or leave the cursor out to start from the first page")
	}
	raw, err := base64.RawURLEncoding.DecodeString(cursor)
	if err != nil || len(raw) < 4 {
		return bad("it is not a cursor")
	}
	if binary.BigEndian.Uint32(raw) != crc32.ChecksumIEEE(raw[4:]) {
		return bad("it was altered")
	}
	if err := json.Unmarshal(raw[4:], v); err != nil {
		return bad("it holds another kind of value")
	}
	return nil
}
