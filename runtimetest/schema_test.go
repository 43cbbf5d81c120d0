package runtimetest

import (
	"bytes"
	"os"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/exitlint/exitlint/envelope"
)

var (
	schemaOnce sync.Once
	schema     *jsonschema.Schema
	schemaErr  error
)

// envelopeSchema compiles testdata/response-envelope.schema.json, a verbatim
// copy of the contract's published JSON Schema (draft-07).
func envelopeSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	schemaOnce.Do(func() {
		schema, schemaErr = compileSchema("testdata/response-envelope.schema.json", "response-envelope.json")
	})
	if schemaErr != nil {
		t.Fatalf("compiling the envelope schema: %v", schemaErr)
	}
	return schema
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
	if err := c.AddResource(id, doc); err != nil {
		return nil, err
	}
	return c.Compile(id)
}

// schemaErrors returns why encoded does not validate against s (nil if it does).
func schemaErrors(s *jsonschema.Schema, encoded []byte) error {
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(encoded))
	if err != nil {
		return err
	}
	return s.Validate(inst)
}

// conforms checks that encoded validates against the published schema and
// passes envelope.Validate for the exit status.
func conforms(t *testing.T, encoded []byte, exit int) {
	t.Helper()
	if err := schemaErrors(envelopeSchema(t), encoded); err != nil {
		t.Errorf("schema rejects %s:\n%v", encoded, err)
	}
	if v := envelope.Validate(encoded, exit); len(v) > 0 {
		t.Errorf("Validate (exit %d) rejects %s: %v", exit, encoded, v)
	}
}

// TestValidateAgreesWithTheSchema cross-checks Validate with the published
// schema on documents that only the schema's shape rules decide: whatever the
// schema rejects, Validate rejects too.
func TestValidateAgreesWithTheSchema(t *testing.T) {
	docs := []struct {
		doc  string
		exit int
	}{
		{`{"ok":true,"data":{},"error":null,"warnings":[],"meta":{"duration_ms":1},"extra":1}`, 0},
		{`{"ok":true,"data":{},"error":null,"warnings":[1],"meta":{"duration_ms":1}}`, 0},
		{`{"ok":true,"data":{},"error":null,"warnings":[],"meta":{"duration_ms":-1}}`, 0},
		{`{"ok":true,"data":{},"error":null,"warnings":[],"meta":{"duration_ms":1,"cursor":5}}`, 0},
		{`{"ok":true,"data":{},"error":null,"warnings":[],"meta":{"duration_ms":1,"request_id":null}}`, 0},
		{`{"ok":false,"data":null,"error":{"code":"C","message":"m","retryable":"yes"},"warnings":[],"meta":{"duration_ms":1}}`, 1},
	}
	for _, d := range docs {
		if schemaErrors(envelopeSchema(t), []byte(d.doc)) == nil {
			t.Errorf("the schema accepts %s", d.doc)
		}
		if len(envelope.Validate([]byte(d.doc), d.exit)) == 0 {
			t.Errorf("Validate accepts %s", d.doc)
		}
	}
}
