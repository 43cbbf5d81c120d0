package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/exitlint/exitlint/exitcode"
	"github.com/exitlint/exitlint/passes/config"
)

// formatNames are the outputs -format writes, in the order -h lists them.
var formatNames = []string{"text", "json", "sarif", "checkstyle", "junit", "github"}

// output is one -format NAME[=FILE]: file is "" for stdout.
type output struct{ name, file string }

// formatFlag collects -format, which may be given again for each output.
type formatFlag []output

func (f *formatFlag) String() string {
	if f == nil {
		return ""
	}
	var parts []string
	for _, o := range *f {
		parts = append(parts, o.spec())
	}
	return strings.Join(parts, ",")
}

func (o output) spec() string {
	if o.file == "" {
		return o.name
	}
	return o.name + "=" + o.file
}

func (f *formatFlag) Set(v string) error {
	name, file, hasFile := strings.Cut(v, "=")
	if !slices.Contains(formatNames, name) {
		msg := fmt.Sprintf("unknown format %q", name)
		if near := config.Closest(name, formatNames); near != "" {
			msg += fmt.Sprintf(" (did you mean %s?)", near)
		}
		return fmt.Errorf("%s: the formats are %s, as NAME or NAME=FILE", msg, strings.Join(formatNames, ", "))
	}
	if hasFile && file == "" {
		return fmt.Errorf("%s=: no file after =; write -format %s for stdout or -format %s=FILE", name, name, name)
	}
	*f = append(*f, output{name, file})
	return nil
}

// checkOutputs refuses a command line whose outputs collide: two of them
// on stdout (-json, -sarif and each -format without a file each claim it),
// two formats to one file, or a file that cannot be written there (its
// directory missing, not writable, or the name a directory). It returns the
// format that writes to stdout in place of text, "" for none.
func checkOutputs(formats formatFlag, asJSON, sarif bool) (string, error) {
	var onStdout []string
	if asJSON {
		onStdout = append(onStdout, "-json")
	}
	if sarif {
		onStdout = append(onStdout, "-sarif")
	}
	stdoutFormat := ""
	files := map[string]string{}
	for _, o := range formats {
		if o.file == "" {
			onStdout = append(onStdout, "-format "+o.name)
			stdoutFormat = o.name
			continue
		}
		abs := absPath(o.file)
		if other, ok := files[abs]; ok {
			return "", usageError("-format %s and -format %s both write %s: give each its own file", other, o.spec(), o.file)
		}
		files[abs] = o.spec()
	}
	if len(onStdout) > 1 {
		return "", usageError("%s all write to stdout, which holds one output: give the formats files (-format NAME=FILE), one of them may keep stdout", strings.Join(onStdout, " and "))
	}
	for _, o := range formats {
		if o.file == "" {
			continue
		}
		if err := writable(o.file); err != nil {
			//exitlint:ignore argphase writable removes the file it made to find out at once: nothing is left
			return "", exitcode.New(exitcode.ArgError, "OUTPUT_PATH", fmt.Sprintf("-format %s: %v", o.spec(), err)).
				WithSuggestion("name a file in a directory that exists and that you can write; nothing was analyzed")
		}
	}
	return stdoutFormat, nil
}

// writable checks, before anything runs, that file can be written whole:
// its directory exists and takes a new file, and file is no directory.
func writable(file string) error {
	if info, err := os.Stat(file); err == nil && info.IsDir() {
		return fmt.Errorf("%s is a directory", file)
	}
	tmp, err := os.CreateTemp(filepath.Dir(file), "."+filepath.Base(file)+".exitlint-*")
	if err != nil {
		return fmt.Errorf("cannot write in %s: %w", filepath.Dir(file), unwrapPath(err))
	}
	tmp.Close()
	return os.Remove(tmp.Name())
}

func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// writeFormat writes the run's report in the named format.
func writeFormat(w io.Writer, name string, res *result, code exitcode.Code, err error, root string) error {
	switch name {
	case "text":
		for _, f := range res.Diagnostics {
			if _, werr := fmt.Fprintln(w, diagnostic(f).text()); werr != nil {
				return werr
			}
		}
		return nil
	case "json":
		return writeFindingsJSON(w, res, code, err)
	case "sarif":
		return writeSARIF(w, res, code, root)
	case "checkstyle":
		return writeCheckstyle(w, res)
	case "junit":
		return writeJUnit(w, res)
	case "github":
		return writeGitHub(w, res, err, root)
	}
	return fmt.Errorf("no format %q", name)
}

// writeFormatFiles writes each -format NAME=FILE whole (a temporary file
// beside it, renamed over it). A file that cannot be written after the
// others were makes the run PARTIAL_FAILURE, naming what was written and
// what was not; the findings' own exit code is then in the outputs that
// were.
func writeFormatFiles(formats formatFlag, res *result, code exitcode.Code, err error, root string) (exitcode.Code, error) {
	var written, failed []string
	for _, o := range formats {
		if o.file == "" {
			continue
		}
		var buf bytes.Buffer
		werr := writeFormat(&buf, o.name, res, code, err, root)
		if werr == nil {
			werr = writeWhole(o.file, buf.Bytes())
		}
		if werr != nil {
			failed = append(failed, fmt.Sprintf("not written: %s (-format %s): %v", o.file, o.name, werr))
			continue
		}
		written = append(written, "written: "+o.file)
	}
	if len(failed) == 0 {
		return code, err
	}
	msg := fmt.Sprintf("%d output file(s) could not be written after the analysis; the run's own outcome was exit code %d", len(failed), code)
	if err != nil {
		msg += ": " + err.Error()
	}
	return exitcode.PartialFailure, exitcode.New(exitcode.PartialFailure, "OUTPUT_INCOMPLETE", msg).
		WithDetail(strings.Join(append(written, failed...), "\n")).
		WithSuggestion("free the file system named in detail or choose other files, then run exitlint again; each file not written is as it was")
}

// writeWhole writes data to file whole or not at all.
func writeWhole(file string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(file), "."+filepath.Base(file)+".exitlint-*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), file)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}
