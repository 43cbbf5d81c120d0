package driver

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/gob"
	"errors"
	"fmt"
	"go/scanner"
	"go/token"
	"os"
	"reflect"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/objectpath"
)

// entry is what the persistent cache keeps of one package: its facts,
// each object named by its path within the package, and for a requested
// package each check's diagnostics, positions as byte offsets in the
// package's files.
type entry struct {
	Key      key
	Files    []string
	Objects  []objectFact
	Packages []analysis.Fact
	Actions  []cachedAction
	// Types is the package's export data (gcexportdata), for a package
	// that others import.
	Types []byte
}

type objectFact struct {
	Path string
	Fact analysis.Fact
}

type cachedAction struct {
	Analyzer    string
	Diagnostics []cachedDiagnostic
}

// cachedPos is a position: an index into the entry's Files and a byte
// offset; File is -1 for no position.
type cachedPos struct {
	File, Offset int
}

type cachedDiagnostic struct {
	Pos, End cachedPos
	Category string
	Message  string
	URL      string
	Fixes    []cachedFix
	Related  []cachedRelated
}

type cachedFix struct {
	Message string
	Edits   []cachedEdit
}

type cachedEdit struct {
	Pos, End cachedPos
	NewText  []byte
}

type cachedRelated struct {
	Pos, End cachedPos
	Message  string
}

// An entry is kept as a header and its gob encoding:
//
//	magic   8 bytes   "exitlnt\x00"
//	format  4 bytes   entryFormat, big-endian
//	length  8 bytes   the encoding's length, big-endian
//	sum    32 bytes   SHA-256 of the package's key, the three fields above and the encoding
//	the encoding
//
// The sum makes an entry that changed after it was written a miss, however
// it changed (a bit flipped on disk, an entry cut short, a finding's
// message or a fix's text edited in a shared cache): gob decodes many
// such entries without an error, and would hand the run findings no check
// reported. It binds the entry to its key too, so that an entry copied
// under another key is no hit. It is a checksum, not a signature: whoever
// can write the cache can write an entry whose sum is right, and choose
// what a run that reads it reports (docs/output.md says so); -fix does not
// read the cache, so it writes only fixes computed from the files.
const (
	entryMagic  = "exitlnt\x00"
	entryFormat = 1
	entryHeader = len(entryMagic) + 4 + 8 + sha256.Size
	// maxEntry bounds an entry read back: the largest packages' entries,
	// their export data included, hold a few megabytes.
	maxEntry = 256 << 20
)

// encodeEntryBytes encodes e with its header.
func encodeEntryBytes(e *entry) ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(entryHeader + 1024)
	buf.Write(make([]byte, entryHeader))
	if err := gob.NewEncoder(&buf).Encode(e); err != nil {
		return nil, err
	}
	data := buf.Bytes()
	copy(data, entryMagic)
	binary.BigEndian.PutUint32(data[len(entryMagic):], entryFormat)
	binary.BigEndian.PutUint64(data[len(entryMagic)+4:], uint64(len(data)-entryHeader))
	sum := entrySum(e.Key, data)
	copy(data[entryHeader-sha256.Size:], sum[:])
	return data, nil
}

// entrySum is the sum an entry's header holds: of its key, its header's
// other fields and its encoding.
func entrySum(k key, data []byte) [sha256.Size]byte {
	h := sha256.New()
	h.Write(k[:])
	h.Write(data[:entryHeader-sha256.Size])
	h.Write(data[entryHeader:])
	var sum [sha256.Size]byte
	h.Sum(sum[:0])
	return sum
}

// decodeEntry decodes the entry written under k, or says why data is no
// such entry.
func decodeEntry(data []byte, k key) (*entry, error) {
	switch {
	case len(data) < entryHeader:
		return nil, errors.New("it is shorter than an entry's header")
	case string(data[:len(entryMagic)]) != entryMagic:
		return nil, errors.New("it is no entry exitlint wrote")
	}
	if f := binary.BigEndian.Uint32(data[len(entryMagic):]); f != entryFormat {
		return nil, fmt.Errorf("its format is version %d, not %d", f, entryFormat)
	}
	if n := binary.BigEndian.Uint64(data[len(entryMagic)+4:]); n != uint64(len(data)-entryHeader) {
		return nil, fmt.Errorf("it holds %d bytes where its header says %d", len(data)-entryHeader, n)
	}
	if sum := entrySum(k, data); !bytes.Equal(sum[:], data[entryHeader-sha256.Size:entryHeader]) {
		return nil, errors.New("its checksum does not match its content and key")
	}
	var e entry
	if err := gob.NewDecoder(bytes.NewReader(data[entryHeader:])).Decode(&e); err != nil {
		return nil, fmt.Errorf("it cannot be decoded: %v", err)
	}
	if e.Key != k {
		return nil, errors.New("it holds another package's key")
	}
	if err := e.check(); err != nil {
		return nil, err
	}
	return &e, nil
}

// check reports what no entry encodeEntry writes holds: a fact that is
// nil, a position in no file of the entry or at a negative offset.
func (e *entry) check() error {
	for _, of := range e.Objects {
		if of.Fact == nil {
			return fmt.Errorf("its fact on %q is nil", of.Path)
		}
	}
	for _, f := range e.Packages {
		if f == nil {
			return errors.New("a package fact of it is nil")
		}
	}
	bad := func(p cachedPos) bool { return p.File < -1 || p.File >= len(e.Files) || p.Offset < 0 }
	for _, a := range e.Actions {
		for _, d := range a.Diagnostics {
			spans := []cachedPos{d.Pos, d.End}
			for _, f := range d.Fixes {
				for _, ed := range f.Edits {
					spans = append(spans, ed.Pos, ed.End)
				}
			}
			for _, r := range d.Related {
				spans = append(spans, r.Pos, r.End)
			}
			if slices.ContainsFunc(spans, bad) {
				return fmt.Errorf("a finding of %s in it lies outside its files", a.Analyzer)
			}
		}
	}
	return nil
}

// errNotCacheable says a package's results cannot be written to the cache
// as they are: a fact on an object no importer can name, a position in a
// file that is not the package's own.
var errNotCacheable = errors.New("not cacheable")

// encodeEntry turns a package's facts and its checks' diagnostics into an
// entry.
func (g *Graph) encodeEntry(n *Package, actions []*Action) (*entry, error) {
	e := &entry{Key: n.key}
	enc := new(objectpath.Encoder)
	n.facts.mu.RLock()
	for k, f := range n.facts.objects {
		path, err := enc.For(k.obj)
		if err != nil {
			// An object no importer can name (unexported, or local): its
			// facts serve the package's own analysis only, which the
			// entry replaces. go vet's fact files leave them out too.
			continue
		}
		e.Objects = append(e.Objects, objectFact{string(path), f})
	}
	for _, f := range n.facts.pkgs {
		e.Packages = append(e.Packages, f)
	}
	n.facts.mu.RUnlock()
	if len(actions) == 0 {
		return e, nil
	}
	index := map[*token.File]int{}
	own := map[string]bool{}
	for _, f := range n.meta.CompiledGoFiles {
		own[f] = true
	}
	pos := func(p token.Pos) (cachedPos, error) {
		if !p.IsValid() {
			return cachedPos{-1, 0}, nil
		}
		tf := g.Fset.File(p)
		if tf == nil || !own[tf.Name()] {
			return cachedPos{}, errNotCacheable
		}
		i, ok := index[tf]
		if !ok {
			i = len(e.Files)
			index[tf] = i
			e.Files = append(e.Files, tf.Name())
		}
		return cachedPos{i, tf.Offset(p)}, nil
	}
	var err error
	span := func(p, end token.Pos) (a, b cachedPos) {
		var e1, e2 error
		a, e1 = pos(p)
		b, e2 = pos(end)
		if err == nil {
			err = errors.Join(e1, e2)
		}
		return a, b
	}
	for _, act := range actions {
		if act.Err != nil {
			return nil, errNotCacheable
		}
		ca := cachedAction{Analyzer: act.Analyzer.Name}
		for _, d := range act.Diagnostics {
			cd := cachedDiagnostic{Category: d.Category, Message: d.Message, URL: d.URL}
			cd.Pos, cd.End = span(d.Pos, d.End)
			for _, sf := range d.SuggestedFixes {
				cf := cachedFix{Message: sf.Message}
				for _, te := range sf.TextEdits {
					ce := cachedEdit{NewText: te.NewText}
					ce.Pos, ce.End = span(te.Pos, te.End)
					cf.Edits = append(cf.Edits, ce)
				}
				cd.Fixes = append(cd.Fixes, cf)
			}
			for _, r := range d.Related {
				cr := cachedRelated{Message: r.Message}
				cr.Pos, cr.End = span(r.Pos, r.End)
				cd.Related = append(cd.Related, cr)
			}
			ca.Diagnostics = append(ca.Diagnostics, cd)
		}
		e.Actions = append(e.Actions, ca)
	}
	if err != nil {
		return nil, err
	}
	return e, nil
}

// decodeFacts fills n's facts from its entry, against n's types.
func (n *Package) decodeFacts(e *entry) error {
	for _, of := range e.Objects {
		obj, err := objectpath.Object(n.types, objectpath.Path(of.Path))
		if err != nil {
			return fmt.Errorf("a cached fact's object %q is not in %s: %v", of.Path, n.ID, err)
		}
		n.facts.setObject(obj, reflect.TypeOf(of.Fact), of.Fact)
	}
	for _, f := range e.Packages {
		n.facts.setPkg(reflect.TypeOf(f), f)
	}
	return nil
}

// decodeActions turns an entry's diagnostics back into actions of the
// analyzers asked for, adding the files they point into to the file set.
func (g *Graph) decodeActions(n *Package, e *entry, wanted []*analysis.Analyzer) ([]*Action, error) {
	if len(e.Actions) != len(wanted) {
		return nil, fmt.Errorf("the cached entry of %s has %d checks, not %d", n.ID, len(e.Actions), len(wanted))
	}
	files := make([]*token.File, len(e.Files))
	for i, name := range e.Files {
		tf, err := g.restoreFile(name)
		if err != nil {
			return nil, err
		}
		files[i] = tf
	}
	var err error
	pos := func(p cachedPos) token.Pos {
		if p.File < 0 {
			return token.NoPos
		}
		if p.File >= len(files) || p.Offset > files[p.File].Size() {
			err = fmt.Errorf("the cached entry of %s holds a position outside its files", n.ID)
			return token.NoPos
		}
		return files[p.File].Pos(p.Offset)
	}
	var out []*Action
	for i, ca := range e.Actions {
		a := wanted[i]
		if ca.Analyzer != a.Name {
			return nil, fmt.Errorf("the cached entry of %s has %s where %s was expected", n.ID, ca.Analyzer, a.Name)
		}
		act := &Action{Analyzer: a, Package: n}
		for _, cd := range ca.Diagnostics {
			d := analysis.Diagnostic{Pos: pos(cd.Pos), End: pos(cd.End), Category: cd.Category, Message: cd.Message, URL: cd.URL}
			for _, cf := range cd.Fixes {
				sf := analysis.SuggestedFix{Message: cf.Message}
				for _, ce := range cf.Edits {
					sf.TextEdits = append(sf.TextEdits, analysis.TextEdit{Pos: pos(ce.Pos), End: pos(ce.End), NewText: ce.NewText})
				}
				d.SuggestedFixes = append(d.SuggestedFixes, sf)
			}
			for _, cr := range cd.Related {
				d.Related = append(d.Related, analysis.RelatedInformation{Pos: pos(cr.Pos), End: pos(cr.End), Message: cr.Message})
			}
			act.Diagnostics = append(act.Diagnostics, d)
		}
		out = append(out, act)
	}
	return out, err
}

// restoreFile adds a file to the file set as the parser would have: its
// lines, and the //line directives in it (cmd/cgo's output names the
// user's file through them), found by scanning it.
func (g *Graph) restoreFile(name string) (*token.File, error) {
	g.filesMu.Lock()
	tf := g.restored[name]
	g.filesMu.Unlock()
	if tf != nil {
		return tf, nil
	}
	src, ok := g.overlay[name]
	if !ok {
		var err error
		src, err = os.ReadFile(name)
		if err != nil {
			return nil, err
		}
	}
	tf = g.Fset.AddFile(name, -1, len(src))
	var s scanner.Scanner
	s.Init(tf, src, nil, scanner.ScanComments)
	for {
		if _, tok, _ := s.Scan(); tok == token.EOF {
			break
		}
	}
	g.filesMu.Lock()
	g.restored[name] = tf
	g.filesMu.Unlock()
	return tf, nil
}
