//go:build unix

package envelope_test

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/exitlint/exitlint/envelope"
	"github.com/exitlint/exitlint/exitcode"
)

// child runs this test binary as the CLI of childCLI on args, sends it the
// signals once its command says it is ready, and returns its exit status,
// its standard output (which must be one envelope) and its standard error.
func child(t *testing.T, env []string, args string, signals ...os.Signal) (int, map[string]any, string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(append(os.Environ(), childEnv+"="+args), env...)
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	stderrPipe, err := cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	var stderr strings.Builder
	lines := bufio.NewReader(stderrPipe)
	if len(signals) > 0 {
		for {
			line, err := lines.ReadString('\n')
			stderr.WriteString(line)
			if err != nil {
				t.Fatalf("the child ended before it was ready: %v\n%s", err, stderr.String())
			}
			if line == "ready\n" {
				break
			}
		}
		for _, sig := range signals {
			require.NoError(t, cmd.Process.Signal(sig))
			time.Sleep(50 * time.Millisecond)
		}
	}
	rest, _ := io.ReadAll(lines)
	stderr.Write(rest)
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	select {
	case err = <-waited:
	case <-time.After(30 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatalf("the child did not end: %s", stderr.String())
	}
	var exitErr *exec.ExitError
	if err != nil && !errors.As(err, &exitErr) {
		t.Fatal(err)
	}
	status := cmd.ProcessState.ExitCode()
	line := bytes.TrimSpace(stdout.Bytes())
	assert.Equal(t, 0, bytes.Count(line, []byte("\n")), "one envelope on stdout: %s", stdout.Bytes())
	conforms(t, line, status)
	return status, decode(t, line), stderr.String()
}

// TestBinaryInterrupted: SIGINT or SIGTERM to a built CLI ends the command
// with one envelope, CANCELLED, exit status TIMEOUT (10) — never 130 or
// 143, which an agent reads as "the command never ran" — in the phase it
// was in.
func TestBinaryInterrupted(t *testing.T) {
	for _, tc := range []struct {
		sig       os.Signal
		phase     string
		retryable bool
	}{
		{os.Interrupt, "execute", false},
		{syscall.SIGTERM, "execute", false},
		{os.Interrupt, "validate", true},
	} {
		status, m, _ := child(t, nil, "wait "+tc.phase, tc.sig)
		assert.Equal(t, int(exitcode.Timeout), status, "%v in %s", tc.sig, tc.phase)
		e := errorOf(m)
		assert.Equal(t, envelope.CancelledCode, e["code"])
		assert.Equal(t, map[string]string{"execute": "execution", "validate": "validation"}[tc.phase], e["phase"])
		assert.Equal(t, tc.retryable, e["retryable"])
		assert.Contains(t, e["message"], "interrupted by SIG")
	}
}

// TestBinarySecondSignal: a command that ignores the first signal is ended
// at once by the second, still with one envelope.
func TestBinarySecondSignal(t *testing.T) {
	status, m, _ := child(t, nil, "stuck", os.Interrupt, os.Interrupt)
	assert.Equal(t, int(exitcode.Timeout), status)
	assert.Equal(t, envelope.CancelledCode, errorOf(m)["code"])
	assert.Equal(t, "execution", errorOf(m)["phase"])
	assert.Contains(t, m["warnings"].([]any)[0], "a second SIGINT ended the run at once")
}

// TestBinaryStrayOutput: a built CLI's stray fmt.Println goes to standard
// error, and standard output holds the envelope alone: with a warning in
// production, refused with STRAY_OUTPUT in test mode (EXITCODE_STRICT=1).
func TestBinaryStrayOutput(t *testing.T) {
	status, m, stderr := child(t, []string{exitcode.StrictEnv + "=0"}, "print")
	assert.Equal(t, 0, status)
	assert.Contains(t, m["warnings"].([]any)[0], `wrote 13 bytes to standard output besides its envelope (first: "debug: stray")`)
	assert.Contains(t, stderr, "debug: stray\n")

	status, m, _ = child(t, []string{exitcode.StrictEnv + "=1"}, "print")
	assert.Equal(t, int(exitcode.GeneralError), status)
	assert.Equal(t, envelope.StrayOutputCode, errorOf(m)["code"])
}
