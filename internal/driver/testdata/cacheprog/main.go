// Command cacheprog is a GOCACHEPROG program for exitlint's tests: it keeps
// bodies and their output IDs in a directory and appends one line per
// request to a log ("get hit", "get miss", "put", "close"; "start" when it
// starts), each after the
// name of the program that started it and a colon ("exitlint: put"): the
// go command, which reads GOCACHEPROG too, may start it as well.
//
//	cacheprog -dir DIR -log FILE [-commands get,put,close] [-die-after N] [-stall-after N] [-wrong-id-after N]
//
// -die-after N exits at the Nth request; -stall-after N reads the Nth
// request and every one after it but answers none; -wrong-id-after N
// answers the Nth request with an ID no request has.
package main

import (
	"bufio"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

type request struct {
	ID       int64
	Command  string
	ActionID []byte
	OutputID []byte
	BodySize int64
}

type response struct {
	ID            int64
	Err           string   `json:",omitempty"`
	KnownCommands []string `json:",omitempty"`
	Miss          bool     `json:",omitempty"`
	OutputID      []byte   `json:",omitempty"`
	Size          int64    `json:",omitempty"`
	DiskPath      string   `json:",omitempty"`
}

func main() {
	dir := flag.String("dir", "", "where bodies go")
	logFile := flag.String("log", "", "where requests are logged")
	commands := flag.String("commands", "get,put,close", "the commands announced")
	dieAfter := flag.Int("die-after", 0, "exit without answering the Nth request (0: never)")
	stallAfter := flag.Int("stall-after", 0, "answer no request from the Nth on, reading them all (0: never)")
	wrongIDAfter := flag.Int("wrong-id-after", 0, "answer the Nth request with the wrong ID (0: never)")
	flag.Parse()
	log, err := os.OpenFile(*logFile, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o666)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	parent := "?"
	if exe, err := os.Readlink(fmt.Sprintf("/proc/%d/exe", os.Getppid())); err == nil {
		parent = filepath.Base(exe)
	}
	say := func(what string) { fmt.Fprintf(log, "%s: %s\n", parent, what) }
	out := json.NewEncoder(os.Stdout)
	out.Encode(response{KnownCommands: strings.Split(*commands, ",")})
	say("start")
	in := bufio.NewReader(os.Stdin)
	dec := json.NewDecoder(in)
	for n := 1; ; n++ {
		var req request
		if err := dec.Decode(&req); err != nil {
			return
		}
		if n == *dieAfter {
			os.Exit(1)
		}
		if *stallAfter > 0 && n >= *stallAfter {
			say("stall")
			if req.BodySize > 0 {
				var s string
				dec.Decode(&s)
			}
			continue
		}
		if n == *wrongIDAfter {
			req.ID += 1000
		}
		name := filepath.Join(*dir, hex.EncodeToString(req.ActionID))
		switch req.Command {
		case "get":
			data, err := os.ReadFile(name)
			if err != nil {
				say("get miss")
				out.Encode(response{ID: req.ID, Miss: true})
				continue
			}
			output, _ := os.ReadFile(name + ".output")
			say("get hit")
			out.Encode(response{ID: req.ID, OutputID: output, Size: int64(len(data)), DiskPath: name})
		case "put":
			var body []byte
			if req.BodySize > 0 {
				var s string
				if err := dec.Decode(&s); err != nil {
					return
				}
				body, err = base64.StdEncoding.DecodeString(s)
				if err != nil || int64(len(body)) != req.BodySize {
					out.Encode(response{ID: req.ID, Err: "bad body"})
					continue
				}
			}
			say("put")
			os.WriteFile(name, body, 0o666)
			os.WriteFile(name+".output", req.OutputID, 0o666)
			out.Encode(response{ID: req.ID, DiskPath: name})
		case "close":
			say("close")
			out.Encode(response{ID: req.ID})
			return
		default:
			out.Encode(response{ID: req.ID, Err: "unknown command " + req.Command})
		}
	}
}
