// Package status spells the envelope's ok as a status: "success" or
// "error", set by the printers whatever the exit code.
package status

import (
	"encoding/json"
	"os"

	"github.com/exitlint/exitlint/exitcode"
)

// SuccessResponse is the envelope of a success.
type SuccessResponse struct {
	Status string         `json:"status"`
	Data   map[string]any `json:"data"`
}

// ErrorResponse is the envelope of a failure.
type ErrorResponse struct {
	Status string `json:"status"`
	Error  string `json:"error"`
	Code   string `json:"code"`
}

// Job has a status too, but a state: no envelope.
type Job struct {
	Status string `json:"status"`
	Error  string `json:"error"`
}

// PrintJSON writes v to stdout.
func PrintJSON(v any) error { return json.NewEncoder(os.Stdout).Encode(v) }

// PrintSuccess sets the status by hand.
func PrintSuccess(data map[string]any) error {
	return PrintJSON(SuccessResponse{Status: "success", Data: data}) // want `Status: "success" sets the status \(its ok\) of envelope status.SuccessResponse by hand: derive it from the exit code \("ok" or "success" exactly when the code is SUCCESS, "error" otherwise\)`
}

// PrintError sets the status by hand.
func PrintError(err error) error {
	return PrintJSON(ErrorResponse{Status: "error", Error: err.Error()}) // want `Status: "error" sets the status \(its ok\) of envelope status.ErrorResponse by hand`
}

// PrintJob writes a job, whose status is no ok.
func PrintJob(j Job) error {
	j.Status = "failed"
	return PrintJSON(Job{Status: "running"})
}

func word(code exitcode.Code) string {
	if code == exitcode.Success {
		return "ok"
	}
	return "error"
}

// Respond derives the status of a map envelope from the code.
func Respond(code exitcode.Code, data any) {
	PrintJSON(map[string]any{"status": word(code), "data": data})
	PrintJSON(map[string]any{"status": "ok", "data": data}) // want `"status": "ok" sets the status \(its ok\) of the JSON output written here by hand`
}

// Result is one repository's result: a status beside an error, held in a
// list of results (and written alone when there is one). It is an item's
// status, not the envelope.
type Result struct {
	Name   string `json:"name"`
	Status string `json:"status"`
	Error  string `json:"error,omitempty"`
}

// AddAll writes the results of a batch.
func AddAll(names []string) error {
	results := make([]Result, 0, len(names))
	for _, n := range names {
		if n == "" {
			results = append(results, Result{Name: n, Status: "error", Error: "empty"})
			continue
		}
		results = append(results, Result{Name: n, Status: "success"})
	}
	if len(results) == 1 {
		return PrintJSON(results[0])
	}
	return PrintJSON(results)
}
