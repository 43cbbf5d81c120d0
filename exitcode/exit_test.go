package exitcode_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/exitlint/exitlint/exitcode"
)

// childEnv makes the test binary a child process that calls Exit with the
// code the variable holds (see TestMain).
const childEnv = "EXITCODE_TEST_CHILD_EXIT"

func TestMain(m *testing.M) {
	if mode, ok := os.LookupEnv(panicChildEnv); ok {
		panicChild(mode)
		os.Exit(97)
	}
	if v, ok := os.LookupEnv(childEnv); ok {
		n, err := strconv.Atoi(v)
		if err != nil {
			os.Stderr.WriteString("bad " + childEnv + "\n")
			os.Exit(99)
		}
		exitcode.Exit(exitcode.Code(n))
		os.Stderr.WriteString("Exit returned\n")
		os.Exit(98)
	}
	os.Exit(m.Run())
}

// runChild runs this test binary as a process that calls Exit(n) and returns
// its exit status and standard error.
func runChild(t *testing.T, n int) (int, string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+strconv.Itoa(n))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	err := cmd.Run()
	var exitErr *exec.ExitError
	if err != nil && !errors.As(err, &exitErr) {
		t.Fatalf("running child: %v", err)
	}
	return cmd.ProcessState.ExitCode(), stderr.String()
}

func TestExitReachesTheProcessStatus(t *testing.T) {
	for _, e := range exitcode.Table() {
		e := e
		t.Run(e.Name, func(t *testing.T) {
			t.Parallel()
			status, stderr := runChild(t, int(e.Code))
			assert.Equal(t, int(e.Code), status)
			assert.Empty(t, stderr)
		})
	}
	for _, n := range []int{64, 79, 125} {
		status, _ := runChild(t, n)
		assert.Equal(t, n, status, "%d is emittable", n)
	}
}

func TestExitRefusesReservedCodes(t *testing.T) {
	for _, n := range []int{14, 63, 126, 130, 255, 256, -1} {
		status, stderr := runChild(t, n)
		assert.Equal(t, 1, status, "exit %d becomes GENERAL_ERROR", n)
		assert.Contains(t, stderr, "refusing to exit with "+strconv.Itoa(n))
	}
}

func TestCatchRecordsTheCode(t *testing.T) {
	d := exitcode.MustDeclare("get", exitcode.Entry{Code: exitcode.NotFound})
	ranAfter := false
	code, exited, err := exitcode.Catch(d, func() {
		exitcode.Exit(exitcode.NotFound)
		ranAfter = true
	})
	require.NoError(t, err)
	assert.True(t, exited)
	assert.Equal(t, exitcode.NotFound, code)
	assert.False(t, ranAfter, "Exit does not return")
}

func TestCatchReportsUndeclaredCodes(t *testing.T) {
	d := exitcode.MustDeclare("get", exitcode.Entry{Code: exitcode.NotFound})
	code, exited, err := exitcode.Catch(d, func() { exitcode.Exit(exitcode.Conflict) })
	assert.True(t, exited)
	assert.Equal(t, exitcode.Conflict, code)
	var undeclared *exitcode.UndeclaredError
	require.ErrorAs(t, err, &undeclared)
	assert.Equal(t, "get", undeclared.Command)
	assert.Contains(t, err.Error(), "6 (CONFLICT)")

	_, _, err = exitcode.Catch(d, func() { exitcode.Exit(exitcode.Code(130)) })
	assert.Error(t, err, "a shell-reserved code is never declared")
}

func TestCatchWithoutExit(t *testing.T) {
	code, exited, err := exitcode.Catch(nil, func() {})
	assert.NoError(t, err)
	assert.False(t, exited)
	assert.Equal(t, exitcode.Success, code)
}

func TestCatchFromAnotherGoroutine(t *testing.T) {
	code, exited, err := exitcode.Catch(nil, func() {
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			exitcode.Exit(exitcode.Unavailable)
		}()
		wg.Wait()
	})
	assert.NoError(t, err)
	assert.True(t, exited)
	assert.Equal(t, exitcode.Unavailable, code)
}

func TestCatchFirstExitWins(t *testing.T) {
	code, _, _ := exitcode.Catch(nil, func() {
		defer exitcode.Exit(exitcode.Conflict) // runs during Goexit; must not overwrite
		exitcode.Exit(exitcode.NotFound)
	})
	assert.Equal(t, exitcode.NotFound, code)
}

func TestCatchRepanics(t *testing.T) {
	assert.PanicsWithValue(t, "boom", func() {
		_, _, _ = exitcode.Catch(nil, func() { panic("boom") })
	})
}

// TestIntVariableIsNotACode is the seed's negative test: passing an int
// variable where a Code is expected must fail to type-check. A control
// program that passes a Code must build, so the test fails for no other
// reason than the one it is about.
func TestIntVariableIsNotACode(t *testing.T) {
	if testing.Short() {
		t.Skip("builds programs with the go command")
	}
	here, err := filepath.Abs(".")
	require.NoError(t, err)

	build := func(body string) (string, error) {
		dir := t.TempDir()
		gomod := "module negative\n\ngo 1.22\n\nrequire github.com/exitlint/exitlint/exitcode v0.0.0\n\nreplace github.com/exitlint/exitlint/exitcode => " + here + "\n"
		require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644))
		src := "package main\n\nimport \"github.com/exitlint/exitlint/exitcode\"\n\nfunc main() {\n" + body + "\n}\n"
		require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644))
		cmd := exec.Command("go", "build", "-o", os.DevNull, ".")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
		out, err := cmd.CombinedOutput()
		return string(out), err
	}

	out, err := build("\tn := 5\n\texitcode.Exit(n)")
	require.Error(t, err, "an int variable must not be accepted as a Code")
	assert.Contains(t, out, "cannot use n (variable of type int) as exitcode.Code value in argument to exitcode.Exit")

	out, err = build("\tc := exitcode.NotFound\n\texitcode.Exit(c)")
	require.NoError(t, err, "control program must build: %s", out)
}
