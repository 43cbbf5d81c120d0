//go:build unix

package probe

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

func newSandbox(t *testing.T, env ...string) *Sandbox {
	t.Helper()
	s, err := NewSandbox(t.TempDir(), append([]string{"PATH=" + os.Getenv("PATH")}, env...))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("removing the sandbox: %v", err)
		}
	})
	return s
}

func run(t *testing.T, s *Sandbox, c Call) *Answer {
	t.Helper()
	if c.Timeout == 0 {
		c.Timeout = 10 * time.Second
	}
	a, err := s.Run(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func lookPath(t *testing.T, name string) string {
	t.Helper()
	for _, dir := range []string{"/usr/bin", "/bin"} {
		p := filepath.Join(dir, name)
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	t.Skipf("no %s", name)
	return ""
}

// The program sees PATH, the sandbox's directories and what the user
// passes, and nothing of the test's own environment; its HOME is not the
// real one, and it runs in the sandbox's working directory.
func TestSandboxEnvironment(t *testing.T) {
	t.Setenv("EXITLINT_PROBE_LEAK", "1")
	s := newSandbox(t, "USER_GIVEN=yes")
	a := run(t, s, Call{Args: []string{lookPath(t, "env")}, Env: []string{"NO_COLOR=1"}})
	got := strings.Split(strings.TrimSpace(string(a.Stdout)), "\n")
	slices.Sort(got)
	want := []string{
		"HOME=" + s.Home,
		"NO_COLOR=1",
		"PATH=" + os.Getenv("PATH"),
		"TMPDIR=" + s.Tmp,
		"USER_GIVEN=yes",
		"XDG_CACHE_HOME=" + filepath.Join(s.Home, ".cache"),
		"XDG_CONFIG_HOME=" + filepath.Join(s.Home, ".config"),
		"XDG_DATA_HOME=" + filepath.Join(s.Home, ".local", "share"),
		"XDG_RUNTIME_DIR=" + filepath.Join(s.Root, "run"),
		"XDG_STATE_HOME=" + filepath.Join(s.Home, ".local", "state"),
	}
	if !slices.Equal(got, want) {
		t.Errorf("the environment:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if real := os.Getenv("HOME"); real != "" && strings.HasPrefix(s.Home, real+"/") || s.Home == os.Getenv("HOME") {
		t.Errorf("the sandbox's HOME %s is the real home or inside it", s.Home)
	}
	pwd := run(t, s, Call{Args: []string{lookPath(t, "pwd")}})
	if got := strings.TrimSpace(string(pwd.Stdout)); got != s.Work {
		t.Errorf("working directory %s, want %s", got, s.Work)
	}
}

// Every file the program creates, changes or removes in the sandbox is
// listed, and nothing else: a file rewritten with the same content is no
// change.
func TestSandboxChanges(t *testing.T) {
	s := newSandbox(t)
	for name, content := range map[string]string{"keep": "k", "same": "s", "edit": "e", "gone": "g"} {
		if err := os.WriteFile(filepath.Join(s.Work, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	script := `printf s > same; printf E > edit; rm gone; mkdir -p "$HOME/.tool"; printf x > "$HOME/.tool/state"; printf t > "$TMPDIR/t"`
	a := run(t, s, Call{Args: []string{lookPath(t, "sh"), "-c", script}})
	if a.Exit != 0 {
		t.Fatalf("exit %d: %s", a.Exit, a.Stderr)
	}
	var got []string
	for _, c := range a.Changes {
		got = append(got, string(c.Kind)+" "+s.Display(c.Path))
	}
	want := []string{"created $HOME/.tool", "created $HOME/.tool/state", "created $TMPDIR/t", "changed ./edit", "removed ./gone"}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("changes:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	quiet := run(t, s, Call{Args: []string{lookPath(t, "true")}})
	if len(quiet.Changes) != 0 {
		t.Errorf("a call that writes nothing changed %v", quiet.Changes)
	}
}

// A program that makes a directory read-only does not keep the sandbox
// from being removed.
func TestSandboxCloseReadOnly(t *testing.T) {
	s, err := NewSandbox(t.TempDir(), nil)
	if err != nil {
		t.Fatal(err)
	}
	run(t, s, Call{Args: []string{lookPath(t, "sh"), "-c", "mkdir d && touch d/f && chmod 500 d"}})
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(s.Root); !os.IsNotExist(err) {
		t.Errorf("the sandbox is still there: %v", err)
	}
}

// The time limit kills the program and everything it started in its
// group, and the call returns soon after.
func TestTimeoutKillsTheGroup(t *testing.T) {
	s := newSandbox(t)
	start := time.Now()
	a := run(t, s, Call{Args: []string{lookPath(t, "sh"), "-c", "sleep 60 & echo $! > bg.pid; sleep 60"}, Timeout: 300 * time.Millisecond})
	if !a.TimedOut || a.Exit != -1 {
		t.Errorf("TimedOut %v, Exit %d; want true, -1", a.TimedOut, a.Exit)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the call took %v", d)
	}
	b, err := os.ReadFile(filepath.Join(s.Work, "bg.pid"))
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(2 * time.Second)
	for syscall.Kill(pid, 0) == nil {
		if time.Now().After(deadline) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("the background sleep (pid %d) outlived the time limit", pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Standard input closed is the end of input at once; open and silent, a
// program that reads it waits until the time limit.
func TestStdin(t *testing.T) {
	s := newSandbox(t)
	cat := lookPath(t, "cat")
	closed := run(t, s, Call{Args: []string{cat}, Timeout: 5 * time.Second})
	if closed.TimedOut || closed.Exit != 0 {
		t.Errorf("cat with stdin closed: TimedOut %v, exit %d", closed.TimedOut, closed.Exit)
	}
	open := run(t, s, Call{Args: []string{cat}, Stdin: StdinOpen, Timeout: 300 * time.Millisecond})
	if !open.TimedOut {
		t.Errorf("cat with stdin open and silent ended: exit %d", open.Exit)
	}
}

// SIGINT reaches the program's group; a program that handles it exits
// with its own code, one that does not is ended by the signal.
func TestInterrupt(t *testing.T) {
	s := newSandbox(t)
	sh := lookPath(t, "sh")
	handled := run(t, s, Call{Args: []string{sh, "-c", `trap 'echo "{}"; exit 7' INT; sleep 30 & wait`}, Interrupt: 200 * time.Millisecond, Timeout: 5 * time.Second})
	if !handled.Interrupted || handled.TimedOut || handled.Exit != 7 || strings.TrimSpace(string(handled.Stdout)) != "{}" {
		t.Errorf("handled: %+v", handled)
	}
	killed := run(t, s, Call{Args: []string{lookPath(t, "sleep"), "30"}, Interrupt: 200 * time.Millisecond, Timeout: 5 * time.Second})
	if killed.Exit != -1 || killed.Signal != "SIGINT" {
		t.Errorf("unhandled: exit %d, signal %q; want -1, SIGINT", killed.Exit, killed.Signal)
	}
	quick := run(t, s, Call{Args: []string{lookPath(t, "true")}, Interrupt: 2 * time.Second, Timeout: 5 * time.Second})
	if !quick.EndedFirst || quick.Interrupted || quick.Exit != 0 {
		t.Errorf("a program that ends first: %+v", quick)
	}
}

// Output beyond the bound is cut, and the call still ends.
func TestOutputBounded(t *testing.T) {
	s := newSandbox(t)
	a := run(t, s, Call{Args: []string{lookPath(t, "sh"), "-c", "yes | head -c 6000000"}})
	if !a.StdoutCut || len(a.Stdout) != maxOutput {
		t.Errorf("kept %d bytes, cut %v; want %d, true", len(a.Stdout), a.StdoutCut, maxOutput)
	}
}

// A program that cannot be started is an error, not an answer.
func TestCannotStart(t *testing.T) {
	s := newSandbox(t)
	if _, err := s.Run(context.Background(), Call{Args: []string{filepath.Join(s.Root, "nothing")}, Timeout: time.Second}); err == nil {
		t.Error("no error for a program that does not exist")
	}
}

// Many changes are summed up: a directory created stands for its entries,
// and the list is bounded; a few are listed one by one. The cache
// directory's changes are no side effects.
func TestDescribeChanges(t *testing.T) {
	s := newSandbox(t)
	many := run(t, s, Call{Args: []string{lookPath(t, "sh"), "-c", `mkdir -p "$HOME/.cache/x" "$HOME/.tool" && touch "$HOME/.cache/x/a" && for i in 1 2 3 4 5 6 7 8 9 10 11 12; do touch "$HOME/.tool/f$i"; done && touch a b`}})
	if got := stateChanges(many.Changes); len(got) != 15 {
		t.Errorf("%d state changes, want 15 (the cache's left out): %v", len(got), got)
	}
	got := describeChanges(s, stateChanges(many.Changes))
	want := []string{"created $HOME/.tool (with 12 entries inside)", "created ./a", "created ./b"}
	if !slices.Equal(got, want) {
		t.Errorf("described as %v, want %v", got, want)
	}
	few := run(t, s, Call{Args: []string{lookPath(t, "sh"), "-c", `mkdir d && touch d/f`}})
	if got := describeChanges(s, few.Changes); !slices.Equal(got, []string{"created ./d", "created ./d/f"}) {
		t.Errorf("a few changes: %v", got)
	}
}
