package runtimetest

import (
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/exitlint/exitlint/envelope"
)

func envelopeSchema(t *testing.T) *jsonschema.Schema { return EnvelopeSchema(t) }

func schemaErrors(s *jsonschema.Schema, encoded []byte) error { return SchemaErrors(s, encoded) }

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
