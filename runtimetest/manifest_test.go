package runtimetest

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/exitlint/exitlint/envelope"
	"github.com/exitlint/exitlint/exitcode"
)

func checkManifest(t *testing.T, encoded []byte) map[string]*jsonschema.Schema {
	t.Helper()
	return CheckManifest(t, encoded)
}

type item struct {
	ID    int      `json:"id"`
	Tags  []string `json:"tags"`
	Note  *string  `json:"note,omitempty"`
	Child *item    `json:"child,omitempty"`
}

// TestRegistryEnvelopesAndManifest runs every kind of command line a
// Registry answers through the conformance helper (each envelope against
// the published schema and the command's declarations, each success's data
// against the data schema the manifest gives for its command), and checks
// the manifest against its schema.
func TestRegistryEnvelopesAndManifest(t *testing.T) {
	get := envelope.Command[string, item]{
		Name:  "get",
		Codes: []exitcode.Entry{{Code: exitcode.ArgError}, {Code: exitcode.NotFound}, {Code: exitcode.Timeout, Retryable: exitcode.RetryNo}},
		Validate: func(_ context.Context, args []string, _ *envelope.Output) (string, error) {
			if len(args) != 1 {
				return "", exitcode.New(exitcode.ArgError, "ID_MISSING", "want one id")
			}
			return args[0], nil
		},
		Execute: func(_ context.Context, id string, out *envelope.Output) (item, error) {
			switch id {
			case "missing":
				return item{}, exitcode.New(exitcode.NotFound, "ITEM_NOT_FOUND", "no item missing")
			case "slow":
				return item{}, exitcode.New(exitcode.Timeout, "SLOW", "too slow")
			case "cached":
				out.Meta().NotModified = true
				return item{}, nil
			}
			n := "child <note>"
			return item{ID: 1, Tags: nil, Child: &item{ID: 2, Note: &n, Tags: []string{"a"}}}, nil
		},
	}
	list := envelope.Command[struct{}, []item]{
		Name:     "items list",
		Validate: func(context.Context, []string, *envelope.Output) (struct{}, error) { return struct{}{}, nil },
		Execute: func(_ context.Context, _ struct{}, out *envelope.Output) ([]item, error) {
			out.Meta().Truncated = true
			out.Meta().Cursor = "p2"
			return []item{{ID: 1}}, nil
		},
	}
	r := envelope.NewRegistry("items")
	r.MustAdd(get, list)
	r.MustAdd(r.SchemaCommand())
	if err := r.Redirect("show", "get", true, exitcode.ReasonRenamed); err != nil {
		t.Fatal(err)
	}

	checker := Checker(t)
	checker.CheckManifest(t, r)
	man := checker.Run(t, r, "schema")
	raw, _ := json.Marshal(man.Envelope["data"])
	checkManifest(t, raw)

	// Each run is checked by the conformance helper: the published schema,
	// Validate with the declarations of the command that ran, and each
	// success's data against the manifest's data_schema of its command.
	for _, tc := range []struct {
		args []string
		want exitcode.Code
	}{
		{[]string{"get", "1"}, exitcode.Success},
		{[]string{"get", "cached"}, exitcode.Success},
		{[]string{"items", "list"}, exitcode.Success},
		{[]string{"schema"}, exitcode.Success},
		{[]string{"get"}, exitcode.ArgError},
		{[]string{"get", "missing"}, exitcode.NotFound},
		{[]string{"get", "slow"}, exitcode.Timeout},
		{nil, exitcode.ArgError},
		{[]string{"nope"}, exitcode.ArgError},
		{[]string{"gte", "1"}, exitcode.Redirected},
		{[]string{"show", "1"}, exitcode.Redirected},
		{[]string{"help"}, exitcode.Success},
		{[]string{"get", "--help"}, exitcode.Success},
	} {
		checker.Run(t, r, tc.args...).Expect(t, tc.want, nil)
	}
}

// TestManifestSchemaRejects shows the manifest schema can fail: entries that
// break the contract's invariants are rejected.
func TestManifestSchemaRejects(t *testing.T) {
	manifestSchema := schemaFile(t, "manifest.schema.json")
	wrap := func(entry string) []byte {
		return []byte(`{"program":"p","schema_version":"1.0","result_types":["x"],"redirects":[],"commands":[{"name":"c","result_type":"x","data_schema":{},"exit_codes":[` +
			`{"code":0,"name":"SUCCESS","group":"success","retryability":"not-applicable","side_effects":"complete"},` + entry + `]}]}`)
	}
	if err := schemaErrors(manifestSchema, wrap(`{"code":5,"name":"NOT_FOUND","group":"resource","retryable":false,"retryability":"no","side_effects":"none"}`)); err != nil {
		t.Fatalf("a good manifest is rejected: %v", err)
	}
	for _, bad := range []string{
		`{"code":2,"name":"PARTIAL_FAILURE","group":"execution","retryable":true,"retryability":"yes","side_effects":"partial"}`,
		`{"code":3,"name":"ARG_ERROR","group":"input","retryable":true,"retryability":"yes","side_effects":"partial"}`,
		`{"code":14,"name":"X","group":"execution","retryability":"depends","side_effects":"none"}`,
		`{"code":5,"name":"NOT_FOUND","group":"resource","retryable":false,"retryability":"no","side_effects":"complete"}`,
		`{"code":10,"name":"TIMEOUT","group":"infrastructure","retryable":true,"retryability":"yes","side_effects":"partial"}`,
		`{"code":1,"name":"GENERAL_ERROR","group":"execution","retryable":true,"retryability":"depends","side_effects":"unknown"}`,
	} {
		if schemaErrors(manifestSchema, wrap(bad)) == nil {
			t.Errorf("the manifest schema accepts %s", bad)
		}
	}
}
