// Package partial writes a doctor report whose ok has no data or error
// beside it, in a program whose error envelope is {ok, error}: the
// report's ok is the envelope's, spelled the program's way.
package partial

import (
	"encoding/json"
	"os"
)

type jsonError struct {
	OK    bool   `json:"ok"`
	Error string `json:"error"`
	Code  int    `json:"code"`
}

type doctorReport struct {
	OK     bool   `json:"ok"`
	Config string `json:"config"`
}

// check is one item of a report: held in a list, never the output.
type check struct {
	Name string `json:"name"`
	OK   bool   `json:"ok"`
}

func emitJSON(v any) { json.NewEncoder(os.Stdout).Encode(v) }

// EmitError writes the error envelope.
func EmitError(reason string, code int) {
	emitJSON(jsonError{OK: code == 0, Error: reason, Code: code}) // want `OK: code == 0 sets ok of envelope partial.jsonError by hand`
}

func runDoctor(load func() error) error {
	findings := doctorReport{OK: true} // want `OK: true sets ok of envelope partial.doctorReport by hand`
	if err := load(); err != nil {
		findings.OK = false // want `assigning findings.OK sets ok of envelope partial.doctorReport by hand`
		findings.Config = "error: " + err.Error()
	}
	emitJSON(findings)
	emitJSON([]check{{Name: "config", OK: true}})
	return nil
}

// Doctor runs the doctor.
func Doctor() error { return runDoctor(func() error { return nil }) }

// opStat is a count of an operation's outcomes, printed as a run's
// statistics: its "success" counts, it is no ok.
type opStat struct {
	Operation string `json:"operation"`
	Success   int64  `json:"success"`
	Error     int64  `json:"error"`
}

// EmitStats writes the statistics of a run.
func EmitStats(total, failed int64) {
	emitJSON([]opStat{{Operation: "cp", Success: total - failed, Error: failed}})
	emitJSON(opStat{Operation: "rm", Success: total})
}
