package main

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"text/tabwriter"

	"cases/fallback/nofail/wire"
)

// printResult fails only when stdout is broken: the envelope that would
// explain another code is lost with it.
func printResult(v map[string]string) error {
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// printTable fails only when stdout is broken, through a tabwriter and a
// csv writer made over it.
func printTable(rows [][]string) error {
	tw := tabwriter.NewWriter(os.Stdout, 0, 8, 2, ' ', 0)
	for _, r := range rows {
		if _, err := fmt.Fprintln(tw, r); err != nil {
			return err
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	cw := csv.NewWriter(os.Stdout)
	var err error
	if len(rows) > 0 {
		err = cw.Write(rows[0])
	}
	return err
}

// render writes to the writer it is given: it fails only when that writer
// does.
func render(w io.Writer, v map[string]string) error {
	if err := json.NewEncoder(w).Encode(v); err != nil {
		return fmt.Errorf("render: %w", err)
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// renderTwice passes its writer on.
func renderTwice(w io.Writer, v map[string]string) error {
	if err := render(w, v); err != nil {
		return err
	}
	return render(w, v)
}

// saveResult writes a file the caller names: opening it may fail.
func saveResult(path string, v map[string]string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return render(f, v)
}

// mixed fails when stdout is broken, and on input it validates.
func mixed(v map[string]string) error {
	if len(v) == 0 {
		return fmt.Errorf("nothing to print")
	}
	return printResult(v)
}

func streams(v map[string]string, path string) {
	if err := printResult(v); err != nil {
		os.Exit(1)
	}
	if err := printTable(nil); err != nil {
		os.Exit(1)
	}
	if err := render(os.Stdout, v); err != nil {
		os.Exit(1)
	}
	if err := renderTwice(os.Stderr, v); err != nil {
		os.Exit(1)
	}
	if err := wire.Render(os.Stdout, wire.Status{}); err != nil {
		os.Exit(1)
	}
	f, _ := os.Create(path)
	if err := render(f, v); err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
	if err := saveResult(path, v); err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
	if err := mixed(v); err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
	if err := wire.RenderFile(os.Stdout, path); err != nil {
		os.Exit(1) // want `os.Exit\(1\) ends the process with GENERAL_ERROR`
	}
}
