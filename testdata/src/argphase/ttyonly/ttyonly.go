// Package ttyonly: a write that runs only when a standard stream is a
// terminal is no side effect of an agent's run, whose streams are
// redirected; ARG_ERROR after it keeps the contract for every agent.
package ttyonly

import (
	"os"

	"golang.org/x/term"

	"cases/argphase/ttyonly/fix"

	"github.com/exitlint/exitlint/exitcode"
)

func repairThenValidate(path, format string) error {
	if _, err := fix.Repair(path, nil); err != nil {
		return err
	}
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json")
	}
	return nil
}

func forcedThenValidate(path, format string, force bool) error {
	if _, err := fix.RepairForced(path, nil, force); err != nil {
		return err
	}
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json") // want `ARG_ERROR returned \(exitcode.New\) after a side effect: fix.RepairForced → os.WriteFile writes a file`
	}
	return nil
}

func historyAtTerminal(format string) error {
	if term.IsTerminal(int(os.Stdin.Fd())) {
		_ = os.WriteFile("/var/lib/tool/history", nil, 0o600)
	}
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json")
	}
	return nil
}

func historyOffTerminal(format string) error {
	if !term.IsTerminal(int(os.Stdin.Fd())) {
		_ = os.WriteFile("/var/lib/tool/history", nil, 0o600)
	}
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json") // want `ARG_ERROR returned \(exitcode.New\) after a side effect: os.WriteFile writes a file`
	}
	return nil
}

func historyUnlessFlag(format string, interactive bool) error {
	if interactive || term.IsTerminal(int(os.Stdin.Fd())) {
		_ = os.WriteFile("/var/lib/tool/history", nil, 0o600)
	}
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json") // want `ARG_ERROR returned \(exitcode.New\) after a side effect: os.WriteFile writes a file`
	}
	return nil
}

func trustThenValidate(format string, yes bool) error {
	if !yes {
		if !term.IsTerminal(int(os.Stdin.Fd())) {
			return exitcode.New(exitcode.ArgError, "NOT_TRUSTED", "pass --yes off a terminal")
		}
		_ = os.WriteFile("/var/lib/tool/trusted", nil, 0o600)
	}
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json")
	}
	_ = os.WriteFile("/var/lib/tool/out", nil, 0o600)
	return nil
}

func colorsThenValidate(format string) error {
	if err := fix.Colors("/var/cache/tool/colors"); err != nil {
		return err
	}
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json") // want `ARG_ERROR returned \(exitcode.New\) after a side effect: fix.Colors → os.WriteFile writes a file`
	}
	return nil
}

// An ARG_ERROR emitted only at a terminal reaches no agent, whatever
// preceded it; the one emitted off a terminal does.

func askAfterWrite(answer string) error {
	_ = os.WriteFile("/var/lib/tool/state", nil, 0o600)
	if !term.IsTerminal(int(os.Stdin.Fd())) {
		return nil
	}
	if answer != "y" {
		return exitcode.New(exitcode.ArgError, "BAD_ANSWER", "answer y or n")
	}
	return nil
}

func refuseAfterWrite() error {
	_ = os.WriteFile("/var/lib/tool/state", nil, 0o600)
	if !term.IsTerminal(int(os.Stdin.Fd())) {
		return exitcode.New(exitcode.ArgError, "NO_TERMINAL", "pass --yes off a terminal") // want `ARG_ERROR returned \(exitcode.New\) after a side effect: os.WriteFile writes a file`
	}
	return nil
}
