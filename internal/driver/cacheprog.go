package driver

import (
	"bufio"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/exitlint/exitlint/internal/regularfile"
)

// progStore keeps the cache's entries in a GOCACHEPROG program: the
// process the go command would start to keep its build cache (a shared CI
// cache, say), spoken to in the go command's protocol, JSON lines over its
// stdin and stdout. An entry is an object under the package's key as the
// action ID; its body is the encoded entry. Keys are SHA-256 sums that
// begin with exitlint's own salt (key.go), so they never meet the go
// command's.
type progStore struct {
	command string
	stderr  io.Writer // the program's stderr
	dir     string    // the directory that keeps the entries when the program cannot
	note    func(msg string)

	once     sync.Once // starts the program (started)
	startErr error

	cmd   *exec.Cmd
	stdin io.WriteCloser

	wmu sync.Mutex // one request written at a time
	w   *bufio.Writer

	mu       sync.Mutex
	nextID   int64
	waiting  map[int64]chan progResponse
	err      error // why the program can serve no more requests
	closed   bool
	canClose bool // it serves close
}

// progTimeout bounds the wait for each answer of the program, its
// greeting included: a program that stalls, or answers a request no one
// made, costs the run the program (the directory keeps the entries
// instead), never the run.
const progTimeout = 10 * time.Second

// progError is the error of a request the program failed: it serves no
// more.
type progError struct{ err error }

func (e *progError) Error() string { return e.err.Error() }

// CacheProgCommand returns the GOCACHEPROG the go command would start:
// the environment's, else the one go env -w wrote to the go command's
// environment file (GOENV); "" for none.
func CacheProgCommand() string {
	if v, ok := os.LookupEnv("GOCACHEPROG"); ok {
		return strings.TrimSpace(v)
	}
	file := os.Getenv("GOENV")
	if file == "off" {
		return ""
	}
	if file == "" {
		dir, err := os.UserConfigDir()
		if err != nil {
			return ""
		}
		file = filepath.Join(dir, "go", "env")
	}
	data, err := regularfile.Read(file, 1<<20)
	if err != nil {
		return ""
	}
	v := ""
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "GOCACHEPROG="); ok {
			v = strings.TrimSpace(rest)
		}
	}
	return v
}

// progRequest and progResponse are the go command's GOCACHEPROG messages,
// the fields exitlint uses.
type progRequest struct {
	ID       int64
	Command  string
	ActionID []byte `json:",omitempty"`
	OutputID []byte `json:",omitempty"`
	BodySize int64  `json:",omitempty"`
}

type progResponse struct {
	ID            int64
	Err           string   `json:",omitempty"`
	KnownCommands []string `json:",omitempty"`
	Miss          bool     `json:",omitempty"`
	Size          int64    `json:",omitempty"`
	DiskPath      string   `json:",omitempty"`
}

// started starts the program on first use and reports whether it runs.
// One that cannot be started is noted.
func (p *progStore) started() bool {
	p.once.Do(func() {
		if err := p.start(); err != nil {
			p.startErr = err
			p.note(fmt.Sprintf("%v; %s", err, p.instead()))
		}
	})
	return p.startErr == nil
}

// serving reports whether the program runs and has not failed.
func (p *progStore) serving() bool {
	if !p.started() {
		return false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.err == nil
}

// instead says what keeps the entries when the program does not.
func (p *progStore) instead() string {
	if p.dir == "" {
		return "running without a cache"
	}
	return "using the cache directory instead"
}

// start starts the GOCACHEPROG command (a program and its space-separated
// arguments, quoted as the go command quotes them) and reads its first
// message, which must say that it serves get and put.
func (p *progStore) start() error {
	command := p.command
	args, err := splitQuoted(command)
	if err != nil || len(args) == 0 {
		return fmt.Errorf("GOCACHEPROG=%q is no command: %v", command, errOr(err, "it is empty"))
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stderr = p.stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("GOCACHEPROG=%q could not be started: %v", command, err)
	}
	dec := json.NewDecoder(bufio.NewReader(stdout))
	var hello progResponse
	helloErr := make(chan error, 1)
	go func() { helloErr <- dec.Decode(&hello) }()
	select {
	case err = <-helloErr:
	case <-time.After(progTimeout):
		err = fmt.Errorf("it said nothing for %v", progTimeout)
	}
	if err == nil && hello.ID != 0 {
		err = fmt.Errorf("its first message has ID %d, not 0", hello.ID)
	}
	if err == nil && (!slices.Contains(hello.KnownCommands, "get") || !slices.Contains(hello.KnownCommands, "put")) {
		err = fmt.Errorf("it serves %q, not get and put", hello.KnownCommands)
	}
	if err != nil {
		stdin.Close()
		cmd.Process.Kill()
		cmd.Wait()
		return fmt.Errorf("GOCACHEPROG=%q is no cache program: %v", command, err)
	}
	p.cmd, p.stdin, p.w = cmd, stdin, bufio.NewWriter(stdin)
	p.waiting = map[int64]chan progResponse{}
	p.canClose = slices.Contains(hello.KnownCommands, "close")
	go p.read(dec)
	return nil
}

func errOr(err error, s string) string {
	if err != nil {
		return err.Error()
	}
	return s
}

// read hands each response to the request waiting for it, until the
// program's output ends or it answers a request no one is waiting for;
// then the program has failed.
func (p *progStore) read(dec *json.Decoder) {
	for {
		var r progResponse
		if err := dec.Decode(&r); err != nil {
			if err == io.EOF {
				err = errors.New("it exited")
			}
			p.abort(err)
			return
		}
		p.mu.Lock()
		ch, ok := p.waiting[r.ID]
		delete(p.waiting, r.ID)
		p.mu.Unlock()
		if !ok {
			p.abort(fmt.Errorf("it answered with ID %d, which no request is waiting for", r.ID))
			return
		}
		ch <- r
	}
}

// abort records that the program failed, unless it had: every request
// waiting fails, and the program is stopped. A failure before close is
// noted; the rest of the run keeps its entries in the directory, if there
// is one.
func (p *progStore) abort(err error) {
	p.mu.Lock()
	if p.err != nil {
		p.mu.Unlock()
		return
	}
	p.err = &progError{fmt.Errorf("GOCACHEPROG=%q: %v", p.command, err)}
	for id, ch := range p.waiting {
		close(ch)
		delete(p.waiting, id)
	}
	closed := p.closed
	p.mu.Unlock()
	p.cmd.Process.Kill()
	p.stdin.Close() // a request blocked writing to it fails
	if !closed {
		p.note(fmt.Sprintf("%v; %s for the rest of the run", p.failure(), p.instead()))
	}
}

// do sends a request, with body after it for a put, and waits for its
// response, progTimeout at most.
func (p *progStore) do(req progRequest, body []byte) (progResponse, error) {
	ch := make(chan progResponse, 1)
	p.mu.Lock()
	if p.err != nil {
		err := p.err
		p.mu.Unlock()
		return progResponse{}, err
	}
	p.nextID++
	req.ID = p.nextID
	p.waiting[req.ID] = ch
	p.mu.Unlock()
	timer := time.AfterFunc(progTimeout, func() {
		p.abort(fmt.Errorf("no answer to its %s request within %v", req.Command, progTimeout))
	})
	defer timer.Stop()

	p.wmu.Lock()
	line, err := json.Marshal(req)
	if err == nil {
		p.w.Write(line)
		p.w.WriteByte('\n')
		if req.BodySize > 0 {
			// The body: a JSON string of its base64, on a line of its own.
			p.w.WriteByte('"')
			enc := base64.NewEncoder(base64.StdEncoding, p.w)
			enc.Write(body)
			enc.Close()
			p.w.WriteString("\"\n")
		}
		err = p.w.Flush()
	}
	p.wmu.Unlock()
	if err != nil {
		p.abort(err)
		return progResponse{}, p.failure()
	}
	r, ok := <-ch
	if !ok {
		return progResponse{}, p.failure()
	}
	if r.Err != "" {
		return r, fmt.Errorf("GOCACHEPROG=%q: %s", p.command, r.Err)
	}
	return r, nil
}

func (p *progStore) failure() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.err == nil {
		return &progError{fmt.Errorf("GOCACHEPROG=%q stopped answering", p.command)}
	}
	return p.err
}

// get returns the body kept under k and the file the program keeps it
// in, or nil for a miss. The error is the program's failure (a
// *progError), or what is wrong with the file (no regular file, too
// large, shorter or longer than the program says).
func (p *progStore) get(k key) ([]byte, string, error) {
	r, err := p.do(progRequest{Command: "get", ActionID: k[:]}, nil)
	var pe *progError
	switch {
	case errors.As(err, &pe):
		return nil, "", err
	case err != nil || r.Miss || r.DiskPath == "":
		return nil, "", nil // an error the program answered is a miss
	}
	data, err := regularfile.Read(r.DiskPath, maxEntry)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, "", nil
	case err != nil:
		return nil, r.DiskPath, err
	case r.Size != 0 && int64(len(data)) != r.Size:
		return nil, r.DiskPath, fmt.Errorf("it holds %d bytes where the program says %d", len(data), r.Size)
	}
	return data, r.DiskPath, nil
}

// put keeps data under k.
func (p *progStore) put(k key, data []byte) error {
	out := sha256.Sum256(data)
	_, err := p.do(progRequest{Command: "put", ActionID: k[:], OutputID: out[:], BodySize: int64(len(data))}, data)
	return err
}

// close asks the program to exit, if it serves close, and waits a while
// for it to answer and exit; then it is killed.
func (p *progStore) close() error {
	p.once.Do(func() { p.startErr = errors.New("closed before its first use") })
	if p.startErr != nil {
		return nil // never started, or could not be
	}
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return nil
	}
	p.closed = true
	healthy := p.err == nil
	p.mu.Unlock()
	var err error
	if healthy && p.canClose {
		answered := make(chan error, 1)
		go func() {
			_, err := p.do(progRequest{Command: "close"}, nil)
			answered <- err
		}()
		select {
		case err = <-answered:
		case <-time.After(5 * time.Second):
			err = fmt.Errorf("GOCACHEPROG=%q did not answer close within 5 seconds", p.command)
		}
	}
	p.stdin.Close()
	exited := make(chan error, 1)
	go func() { exited <- p.cmd.Wait() }()
	select {
	case <-exited:
	case <-time.After(5 * time.Second):
		p.cmd.Process.Kill()
		<-exited
	}
	return err
}

// splitQuoted splits a command line into words at spaces, where a word may
// be quoted with ' or " to hold spaces, as the go command reads
// GOCACHEPROG.
func splitQuoted(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	in, quote := false, byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else {
				cur.WriteByte(c)
			}
		case c == '\'' || c == '"':
			quote, in = c, true
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			if in {
				words = append(words, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteByte(c)
			in = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("its quote %c is not closed", quote)
	}
	if in {
		words = append(words, cur.String())
	}
	return words, nil
}
