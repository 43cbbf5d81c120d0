package cmd

import (
	"fmt"
	"log"
	"net/http"
	"os"

	"cases/argphase/store"

	"github.com/exitlint/exitlint/exitcode"
)

// validateFirst rejects before any side effect.
func validateFirst(name string) error {
	if name == "" {
		return exitcode.New(exitcode.ArgError, "EMPTY", "name is empty")
	}
	if err := store.Validate(name); err != nil {
		return err
	}
	return store.Save(name, nil)
}

// otherBranch writes on one branch and rejects on the other.
func otherBranch(name string, dry bool) exitcode.Code {
	if dry {
		if name == "" {
			return exitcode.ArgError
		}
		return exitcode.Success
	}
	os.WriteFile(name, nil, 0o644)
	return exitcode.Success
}

// partial emits PARTIAL_FAILURE after the write, as the contract asks.
func partial(name string) error {
	os.WriteFile("a", nil, 0o644)
	if name == "" {
		return exitcode.New(exitcode.PartialFailure, "HALF_DONE", "wrote a, not b")
	}
	return nil
}

// harmless makes no side effect before rejecting: stdout and stderr
// writes, reads, GET requests.
func harmless(name string) error {
	fmt.Fprintln(os.Stderr, "checking", name)
	os.Stdout.WriteString("checking\n")
	os.Stderr.Write([]byte("x"))
	os.ReadFile(name)
	store.Read(name)
	http.Get("https://example.com/" + name)
	f, _ := os.OpenFile(name, os.O_RDONLY, 0)
	_ = f
	if name == "" {
		return exitcode.New(exitcode.ArgError, "EMPTY", "name is empty")
	}
	return nil
}

// deferred side effects run after the return.
func deferred(name string) exitcode.Code {
	defer os.Remove("lock")
	if name == "" {
		return exitcode.ArgError
	}
	return exitcode.Success
}

// mentions compares with ArgError after a write without emitting it.
func mentions(name string, c exitcode.Code) bool {
	os.WriteFile(name, nil, 0o644)
	log.Println(exitcode.ArgError)
	return c == exitcode.ArgError
}

// fatalEnds: log.Fatal ends the path that wrote.
func fatalEnds(name string, broken bool) exitcode.Code {
	if broken {
		os.WriteFile("crash", nil, 0o644)
		log.Fatal("broken")
	}
	if name == "" {
		return exitcode.ArgError
	}
	return exitcode.Success
}

// handlerOnly stores a literal that writes; it does not run it.
func handlerOnly(name string) (func(), exitcode.Code) {
	h := func() { os.WriteFile(name, nil, 0o644) }
	if name == "" {
		return h, exitcode.ArgError
	}
	return h, exitcode.Success
}

// wrapsOwnCall: the callee both writes and validates; its order is its own.
func wrapsOwnCall(name string) error {
	return store.Validate(name)
}

// remapped turns a validator's ARG_ERROR into PARTIAL_FAILURE after a write.
func remapped(name string) error {
	store.Save(name, nil)
	if err := store.Validate(name); err != nil {
		return exitcode.New(exitcode.PartialFailure, "HALF", err.Error())
	}
	return nil
}
