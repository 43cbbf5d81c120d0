// Command deploycli is a small agent-facing CLI with the mistakes exitlint
// exists to catch, one or more of each check. Run exitlint on it from the
// repository root:
//
//	go run ./cmd/exitlint ./examples/...
package main

import (
	"encoding/json"
	"fmt"
	"log"
	"os"

	"github.com/exitlint/exitlint/examples/deploycli/output"
	"github.com/exitlint/exitlint/exitcode"
)

const exitUsage = 2 // a private exit code: agents cannot look it up

func main() {
	if len(os.Args) > 1 && os.Args[1] == "rollback" {
		os.Args = os.Args[1:]
		rollback.Main()
	}
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: deploycli ENV")
		os.Exit(exitUsage) // barecode: the code is a bare integer
	}
	code := deploy(os.Args[1])
	if code == 5 { // barecode: compares with a bare integer
		fmt.Fprintln(os.Stderr, "no such environment")
	}
	if err := record(os.Args[1], code); err != nil {
		log.Fatal(err) // fallback: GENERAL_ERROR as a catch-all
	}
	exitcode.Exit(code)
}

func deploy(env string) exitcode.Code {
	_ = os.WriteFile(".deploy.lock", []byte(env), 0o644) // a side effect before validation
	switch env {
	case "prod", "staging":
		return exitcode.Success
	case "":
		return 3 // barecode: should be exitcode.ArgError; argphase: ARG_ERROR after the write above
	}
	return exitcode.NotFound
}

func record(env string, code exitcode.Code) error {
	resp := output.Response{Data: map[string]string{"env": env}} // handbuilt: not built by the factory
	resp.OK = true                                               // derivedok: ok set by hand
	b, err := json.Marshal(resp)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1) // fallback: GENERAL_ERROR as a catch-all
	}
	os.Stdout.Write(append(b, '\n'))
	return output.WriteOK(output.Log, code == exitcode.Success, nil)
}
