// Command release applies exitlint's release steps to a clean git checkout
// and tags the result, so that `go install
// github.com/exitlint/exitlint/cmd/exitlint@VERSION` works once the tags are
// pushed. Run it in the repository's root:
//
//	go run ./internal/cmd/release -version v0.2.0
//
// The runtime modules are released first, then the command's module, each
// on a release commit of its own, made on the branch release/VERSION (the
// branch you are on keeps its replace directives, which development and CI
// build with):
//
//  1. exitcode/VERSION is tagged at the current commit.
//  2. envelope/go.mod requires exitcode VERSION, loses its replace
//     directive, and is tidied; the commit is tagged envelope/VERSION.
//  3. the root go.mod requires both at VERSION, loses its replace block, and
//     is tidied; the commit is tagged VERSION.
//
// go install refuses a module whose go.mod has replace directives; step 3
// is what makes the install work. Each module is tidied against a module
// proxy, a directory, that holds the modules tagged before it (-proxy; a
// temporary one by default), so the go.sum lines are the hashes the public
// proxy will compute from the pushed tags. At the end it prints the push
// command. The proxy directory is what a test installs from before anything
// is pushed (release_test.go).
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"
	"golang.org/x/mod/zip"

	"github.com/exitlint/exitlint/exitcode"
)

const root = "github.com/exitlint/exitlint"

func main() {
	fs := flag.NewFlagSet("release", flag.ContinueOnError)
	version := fs.String("version", "", "the version to release, vMAJOR.MINOR.PATCH")
	proxy := fs.String("proxy", "", "the module proxy directory to write the released modules to (default: a temporary one)")
	if err := fs.Parse(os.Args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			exitcode.Exit(exitcode.Success)
		}
		exitcode.Exit(exitcode.ArgError)
	}
	if !semver.IsValid(*version) || semver.Canonical(*version) != *version || semver.Major(*version) != "v0" && semver.Major(*version) != "v1" {
		fmt.Fprintf(os.Stderr, "release: -version %q: want a canonical v0 or v1 version, as v0.2.0 (a v2 needs a /v2 module path)\n", *version)
		exitcode.Exit(exitcode.ArgError)
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "release: unexpected argument %q\n", fs.Arg(0))
		exitcode.Exit(exitcode.ArgError)
	}
	dir := *proxy
	if dir == "" {
		tmp, err := os.MkdirTemp("", "exitlint-release-proxy")
		if err != nil {
			fmt.Fprintln(os.Stderr, "release:", err)
			exitcode.Exit(exitcode.FromError(err))
		}
		dir = tmp
	}
	if err := release(*version, dir); err != nil {
		fmt.Fprintln(os.Stderr, "release:", err)
		exitcode.Exit(exitcode.FromError(err))
	}
	fmt.Printf("released %s on branch release/%s; the modules are in the proxy directory %s\n", *version, *version, dir)
	fmt.Printf("publish: git push origin exitcode/%[1]s envelope/%[1]s %[1]s   (in this order, each once the one before is on the proxy)\n", *version)
}

// release runs the steps in the working directory, a clean checkout of the
// repository, and writes each tagged module to the proxy directory.
func release(version, proxy string) error {
	if out, err := git("status", "--porcelain"); err != nil {
		return err
	} else if strings.TrimSpace(out) != "" {
		return exitcode.New(exitcode.Precondition, "DIRTY", "the working tree has changes: commit or stash them first")
	}
	if out, _ := git("tag", "--list", version); strings.TrimSpace(out) != "" {
		return exitcode.New(exitcode.Conflict, "TAGGED", version+" is tagged already")
	}
	if _, err := git("switch", "-q", "-c", "release/"+version); err != nil {
		return err
	}
	proxyURL := "file://" + filepath.ToSlash(proxy)
	// exitcode: as it is.
	if err := tagAndPublish("exitcode/"+version, root+"/exitcode", version, "exitcode", proxy); err != nil {
		return err
	}
	// envelope: the released exitcode.
	if err := modEdit("envelope", "-dropreplace="+root+"/exitcode", "-require="+root+"/exitcode@"+version); err != nil {
		return err
	}
	if err := tidy("envelope", proxyURL); err != nil {
		return err
	}
	if err := commit("envelope: require exitcode "+version+", no replace directive", "envelope"); err != nil {
		return err
	}
	if err := tagAndPublish("envelope/"+version, root+"/envelope", version, "envelope", proxy); err != nil {
		return err
	}
	// The command's module: both released runtime modules.
	if err := modEdit(".", "-dropreplace="+root+"/exitcode", "-dropreplace="+root+"/envelope",
		"-require="+root+"/exitcode@"+version, "-require="+root+"/envelope@"+version); err != nil {
		return err
	}
	if err := tidy(".", proxyURL); err != nil {
		return err
	}
	if err := commit("exitlint "+version+": require the runtime modules "+version+", no replace directives", "."); err != nil {
		return err
	}
	return tagAndPublish(version, root, version, ".", proxy)
}

// tagAndPublish tags the current commit and writes the module in subdir,
// at that tag, to the proxy directory: its .info, .mod and .zip, and its
// version in the list.
func tagAndPublish(tag, path, version, subdir, proxy string) error {
	if _, err := git("tag", tag); err != nil {
		return err
	}
	top, err := git("rev-parse", "--show-toplevel")
	if err != nil {
		return err
	}
	top = strings.TrimSpace(top)
	escaped, err := module.EscapePath(path)
	if err != nil {
		return err
	}
	dir := filepath.Join(proxy, filepath.FromSlash(escaped), "@v")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	var zipped bytes.Buffer
	sub := subdir
	if sub == "." {
		sub = ""
	}
	if err := zip.CreateFromVCS(&zipped, module.Version{Path: path, Version: version}, top, tag, sub); err != nil {
		return fmt.Errorf("zipping %s at %s: %w", path, tag, err)
	}
	gomod, err := git("show", tag+":"+filepath.ToSlash(filepath.Join(subdir, "go.mod")))
	if err != nil {
		return err
	}
	info, _ := json.Marshal(struct {
		Version string
		Time    time.Time
	}{version, time.Now().UTC().Truncate(time.Second)})
	list, _ := os.ReadFile(filepath.Join(dir, "list"))
	for name, content := range map[string][]byte{
		version + ".info": info,
		version + ".mod":  []byte(gomod),
		version + ".zip":  zipped.Bytes(),
		"list":            append(list, version+"\n"...),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), content, 0o644); err != nil {
			return err
		}
	}
	return nil
}

func modEdit(dir string, args ...string) error {
	return run(dir, nil, "go", append([]string{"mod", "edit"}, args...)...)
}

// tidy tidies the module in dir, outside the workspace, with the proxy
// directory first: it holds the modules released before this one.
func tidy(dir, proxyURL string) error {
	upstream, err := exec.Command("go", "env", "GOPROXY").Output()
	if err != nil {
		return fmt.Errorf("go env GOPROXY: %v", err)
	}
	env := []string{"GOWORK=off", "GOFLAGS=-mod=mod", "GOPROXY=" + proxyURL + "," + strings.TrimSpace(string(upstream)),
		// Not in the checksum database until they are pushed and fetched.
		"GONOSUMDB=" + root}
	return run(dir, env, "go", "mod", "tidy")
}

func commit(msg, path string) error {
	if _, err := git("add", "--", path); err != nil {
		return err
	}
	_, err := git("-c", "user.name=exitlint release", "-c", "user.email=release@exitlint.invalid", "commit", "-q", "-m", msg)
	return err
}

func git(args ...string) (string, error) {
	var out bytes.Buffer
	cmd := exec.Command("git", args...)
	cmd.Stdout = &out
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return out.String(), nil
}

func run(dir string, env []string, name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s %s in %s: %v\n%s", name, strings.Join(args, " "), dir, err, out)
	}
	return nil
}
