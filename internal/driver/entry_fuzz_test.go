package driver

import (
	"bytes"
	"encoding/binary"
	"reflect"
	"testing"
)

// sealed gives payload the header an entry under k has: what
// encodeEntryBytes would write had gob encoded payload.
func sealed(k key, payload []byte) []byte {
	data := make([]byte, entryHeader, entryHeader+len(payload))
	copy(data, entryMagic)
	binary.BigEndian.PutUint32(data[len(entryMagic):], entryFormat)
	binary.BigEndian.PutUint64(data[len(entryMagic)+4:], uint64(len(payload)))
	data = append(data, payload...)
	sum := entrySum(k, data)
	copy(data[entryHeader-len(sum):], sum[:])
	return data
}

// FuzzDecodeEntry hands decodeEntry arbitrary bytes, as they are (the
// header must then refuse them) or behind a correct header (so that gob
// and the entry's own checks meet arbitrary content). It must never
// panic, and an entry it accepts must be one encodeEntryBytes could have
// written: under the key asked for, every position in one of its files or
// none, and the same entry once written and read again.
func FuzzDecodeEntry(f *testing.F) {
	k := key{1, 2, 3}
	e := &entry{Key: k, Files: []string{"/m/main.go"}, Actions: []cachedAction{{Analyzer: "barecode", Diagnostics: []cachedDiagnostic{{
		Pos: cachedPos{0, 40}, End: cachedPos{0, 41}, Category: "bare", Message: "exit code 3 written as a bare integer",
		Fixes:   []cachedFix{{Message: "spell it exitcode.ArgError", Edits: []cachedEdit{{Pos: cachedPos{0, 40}, End: cachedPos{0, 41}, NewText: []byte("exitcode.ArgError")}}}},
		Related: []cachedRelated{{Pos: cachedPos{-1, 0}, End: cachedPos{-1, 0}, Message: "here"}},
	}}}}, Types: []byte("types")}
	data, err := encodeEntryBytes(e)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data, false)
	f.Add(data[entryHeader:], true)
	f.Add(bytes.Replace(data[entryHeader:], []byte("Diagnostics"), []byte("Diagnostixs"), 1), true)
	f.Add([]byte{}, true)
	f.Fuzz(func(t *testing.T, data []byte, seal bool) {
		if seal {
			data = sealed(k, data)
		}
		got, err := decodeEntry(data, k)
		if err != nil {
			return
		}
		if got.Key != k {
			t.Fatalf("accepted an entry under another key: %x", got.Key)
		}
		if err := got.check(); err != nil {
			t.Fatalf("accepted an entry check refuses: %v", err)
		}
		again, err := encodeEntryBytes(got)
		if err != nil {
			t.Fatalf("an accepted entry does not encode: %v", err)
		}
		back, err := decodeEntry(again, k)
		if err != nil || !reflect.DeepEqual(back, got) {
			t.Fatalf("an accepted entry, written and read again: %v\n%+v\n%+v", err, back, got)
		}
	})
}

// TestEntryRoundTrip: an entry written is read back whole under its key,
// and under no other.
func TestEntryRoundTrip(t *testing.T) {
	e := &entry{Key: key{9}, Files: []string{"a.go"}, Actions: []cachedAction{{Analyzer: "fallback"}}}
	data, err := encodeEntryBytes(e)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := decodeEntry(data, key{9}); err != nil || !reflect.DeepEqual(got, e) {
		t.Errorf("read back: %+v, %v", got, err)
	}
	if _, err := decodeEntry(data, key{8}); err == nil {
		t.Error("an entry was read under another key")
	}
}
