package runtimetest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/exitlint/exitlint/envelope/envelopetest"
)

// testdata is this package's testdata directory, wherever the caller runs.
func testdata(name string) string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "testdata", name)
}

var schemas struct {
	sync.Mutex
	compiled map[string]*jsonschema.Schema
}

// schemaFile compiles a schema of testdata once.
func schemaFile(t testing.TB, name string) *jsonschema.Schema {
	t.Helper()
	schemas.Lock()
	defer schemas.Unlock()
	if s, ok := schemas.compiled[name]; ok {
		return s
	}
	s, err := compileSchema(testdata(name), name)
	if err != nil {
		t.Fatalf("compiling %s: %v", name, err)
	}
	if schemas.compiled == nil {
		schemas.compiled = map[string]*jsonschema.Schema{}
	}
	schemas.compiled[name] = s
	return s
}

func compileSchema(path, id string) (*jsonschema.Schema, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft7)
	if err := c.AddResource(id, doc); err != nil {
		return nil, err
	}
	return c.Compile(id)
}

// SchemaErrors returns why encoded does not validate against s (nil if it
// does).
func SchemaErrors(s *jsonschema.Schema, encoded []byte) error {
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(encoded))
	if err != nil {
		return err
	}
	return s.Validate(inst)
}

// EnvelopeSchema is the contract's published JSON Schema of the envelope.
func EnvelopeSchema(t testing.TB) *jsonschema.Schema {
	return schemaFile(t, "response-envelope.schema.json")
}

// Checker is envelopetest's checker with one check more: every envelope is
// validated against the contract's published JSON Schema by an independent
// validator (santhosh-tekuri/jsonschema), besides envelope.Validate.
func Checker(t testing.TB) envelopetest.Checker {
	t.Helper()
	s := EnvelopeSchema(t)
	return envelopetest.Checker{Extra: func(encoded []byte) error {
		if err := SchemaErrors(s, encoded); err != nil {
			return fmt.Errorf("the published envelope schema rejects it: %v", err)
		}
		return nil
	}}
}

// CheckManifest validates an encoded manifest against
// testdata/manifest.schema.json, compiles each command's data_schema as a
// draft-07 schema, and returns the compiled data schemas by command name.
func CheckManifest(t testing.TB, encoded []byte) map[string]*jsonschema.Schema {
	t.Helper()
	if err := SchemaErrors(schemaFile(t, "manifest.schema.json"), encoded); err != nil {
		t.Fatalf("the manifest schema rejects the manifest:\n%v\n%s", err, encoded)
	}
	var m struct {
		Commands []struct {
			Name       string          `json:"name"`
			DataSchema json.RawMessage `json:"data_schema"`
		} `json:"commands"`
	}
	if err := json.Unmarshal(encoded, &m); err != nil {
		t.Fatal(err)
	}
	out := map[string]*jsonschema.Schema{}
	for i, c := range m.Commands {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(c.DataSchema))
		if err != nil {
			t.Fatalf("data_schema of %q: %v", c.Name, err)
		}
		comp := jsonschema.NewCompiler()
		comp.DefaultDraft(jsonschema.Draft7)
		id := fmt.Sprintf("data-%d.json", i)
		if err := comp.AddResource(id, doc); err != nil {
			t.Fatalf("data_schema of %q: %v", c.Name, err)
		}
		s, err := comp.Compile(id)
		if err != nil {
			t.Fatalf("data_schema of %q does not compile: %v", c.Name, err)
		}
		out[c.Name] = s
	}
	return out
}
