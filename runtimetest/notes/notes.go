// Package notes is a small agent CLI on cobra, built on exitcode, envelope
// and the cobra adapter the way their documentation shows: notes kept as
// files in a directory, a login and a sync against an HTTP server, a
// renamed command, a paginated list, a cache hit answered not_modified, and
// a command-specific exit code. Its tests run every path the contract
// names and check each envelope and the manifest against their schemas.
package notes

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/exitlint/exitlint/adapters/cobraenv"
	"github.com/exitlint/exitlint/envelope"
	"github.com/exitlint/exitlint/exitcode"
)

// Note is one note on disk.
type Note struct {
	Name    string    `json:"name"`
	Text    string    `json:"text"`
	Links   []string  `json:"links,omitempty"`
	Created time.Time `json:"created"`
	ETag    string    `json:"etag"`
}

// NoteList is a page of notes.
type NoteList struct {
	Notes []Note `json:"notes"`
	Total int    `json:"total"`
}

// Items and FirstItems let the runner's size cap cut a page
// (envelope.Truncatable): the notes are cut, the total stays.
func (l NoteList) Items() int { return len(l.Notes) }

// FirstItems returns the page with its first n notes.
func (l NoteList) FirstItems(n int) NoteList { l.Notes = l.Notes[:n]; return l }

// Session is the result of a login.
type Session struct {
	User    string `json:"user"`
	Expires string `json:"expires"`
}

// SyncReport is the result of a sync.
type SyncReport struct {
	Pushed int `json:"pushed"`
}

// LinkReport is the result of a link check.
type LinkReport struct {
	Checked int `json:"checked"`
}

// Removed is the result of rm.
type Removed struct {
	Name string `json:"name"`
}

// BrokenLinks is the command-specific code of links check.
const BrokenLinks exitcode.Code = 80

var validName = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,63}$`)

// Config is where the CLI keeps its notes and which server it talks to.
type Config struct {
	Dir    string
	Server string
	Client *http.Client
	// MaxBytes is list's size cap (envelope.Command.MaxBytes).
	MaxBytes int
	// Debug makes list print a debug line to standard output, the stray
	// fmt.Println the runtime keeps out of the envelope's way.
	Debug bool
}

func checkName(name string) error {
	if !validName.MatchString(name) {
		return exitcode.New(exitcode.ArgError, "BAD_NAME", fmt.Sprintf("%q is not a note name", name)).
			WithSuggestion("use lower-case letters, digits and dashes, up to 64 characters")
	}
	return nil
}

// read loads a note; a file that is not a note is no argument error.
func (c Config) read(name string) (Note, error) {
	b, err := os.ReadFile(filepath.Join(c.Dir, name+".json"))
	if errors.Is(err, fs.ErrNotExist) {
		return Note{}, exitcode.New(exitcode.NotFound, "NOTE_NOT_FOUND", fmt.Sprintf("there is no note %q", name)).Wrap(err)
	}
	if err != nil {
		return Note{}, err
	}
	var n Note
	if err := json.Unmarshal(b, &n); err != nil {
		return Note{}, fmt.Errorf("note %q is corrupt: %w", name, err)
	}
	return n, nil
}

func etag(text string) string {
	sum := sha256.Sum256([]byte(text))
	return hex.EncodeToString(sum[:8])
}

// New builds the CLI's command tree on cfg.
func New(cfg Config) *cobraenv.App {
	root := &cobra.Command{Use: "notes", Short: "keep notes for an agent"}
	app := cobraenv.New(root)

	var text string
	add := &cobra.Command{Use: "add NAME", Short: "add a note", Args: cobra.ExactArgs(1)}
	add.Flags().StringVar(&text, "text", "", "the note's text")
	_ = add.MarkFlagRequired("text")
	cobraenv.Bind(app, add, envelope.Command[Note, Note]{
		Codes: []exitcode.Entry{{Code: exitcode.ArgError}, {Code: exitcode.Conflict}},
		Validate: func(_ context.Context, args []string, _ *envelope.Output) (Note, error) {
			if err := checkName(args[0]); err != nil {
				return Note{}, err
			}
			if _, err := os.Stat(filepath.Join(cfg.Dir, args[0]+".json")); err == nil {
				return Note{}, exitcode.New(exitcode.Conflict, "NOTE_EXISTS", fmt.Sprintf("note %q exists", args[0])).
					WithSuggestion("pick another name, or rm the note first")
			}
			links := regexp.MustCompile(`https?://\S+`).FindAllString(text, -1)
			return Note{Name: args[0], Text: text, Links: links, Created: time.Now().UTC().Truncate(time.Second), ETag: etag(text)}, nil
		},
		Execute: func(_ context.Context, n Note, _ *envelope.Output) (Note, error) {
			b, err := json.Marshal(n)
			if err != nil {
				return Note{}, err
			}
			return n, os.WriteFile(filepath.Join(cfg.Dir, n.Name+".json"), b, 0o644)
		},
	})

	var ifNoneMatch string
	get := &cobra.Command{Use: "get NAME", Short: "print one note", Args: cobra.ExactArgs(1)}
	get.Flags().StringVar(&ifNoneMatch, "if-none-match", "", "the etag of a cached copy")
	cobraenv.Bind(app, get, envelope.Command[string, Note]{
		Codes: []exitcode.Entry{{Code: exitcode.ArgError}, {Code: exitcode.NotFound, Action: "run `notes list` and pick a note that exists"}},
		Validate: func(_ context.Context, args []string, _ *envelope.Output) (string, error) {
			return args[0], checkName(args[0])
		},
		Execute: func(_ context.Context, name string, out *envelope.Output) (Note, error) {
			n, err := cfg.read(name)
			if err != nil {
				return Note{}, err
			}
			if ifNoneMatch != "" && ifNoneMatch == n.ETag {
				out.Meta().NotModified = true
				return Note{}, nil
			}
			return n, nil
		},
	})

	rm := &cobra.Command{Use: "rm NAME", Short: "remove a note", Args: cobra.ExactArgs(1)}
	cobraenv.Bind(app, rm, envelope.Command[string, Removed]{
		Codes: []exitcode.Entry{{Code: exitcode.ArgError}, {Code: exitcode.NotFound}},
		Validate: func(_ context.Context, args []string, _ *envelope.Output) (string, error) {
			if err := checkName(args[0]); err != nil {
				return "", err
			}
			_, err := cfg.read(args[0]) // a corrupt note is GENERAL_ERROR, as for get
			return args[0], err
		},
		Execute: func(_ context.Context, name string, _ *envelope.Output) (Removed, error) {
			return Removed{Name: name}, os.Remove(filepath.Join(cfg.Dir, name+".json"))
		},
	})

	var limit int
	var cursor string
	list := &cobra.Command{Use: "list", Short: "list the notes, a page at a time", Args: cobra.NoArgs}
	list.Flags().IntVar(&limit, "limit", 2, "notes per page")
	list.Flags().StringVar(&cursor, "cursor", "", "the cursor of the page to list")
	type page struct{ from, limit int }
	cobraenv.Bind(app, list, envelope.Command[page, NoteList]{
		Codes:    []exitcode.Entry{{Code: exitcode.ArgError}},
		MaxBytes: cfg.MaxBytes,
		Validate: func(context.Context, []string, *envelope.Output) (page, error) {
			if limit < 0 {
				return page{}, exitcode.New(exitcode.ArgError, "BAD_LIMIT", "--limit must not be negative")
			}
			from := 0
			if cursor != "" {
				if err := envelope.DecodeCursor(cursor, &from); err != nil {
					return page{}, err
				}
			}
			return page{from, limit}, nil // a --limit of 0 slips through: see Execute
		},
		Execute: func(_ context.Context, p page, out *envelope.Output) (NoteList, error) {
			if cfg.Debug {
				fmt.Println("debug: listing", cfg.Dir) // a stray print: it goes to stderr
			}
			entries, err := os.ReadDir(cfg.Dir)
			if err != nil {
				return NoteList{}, err
			}
			var names []string
			for _, e := range entries {
				if strings.HasSuffix(e.Name(), ".json") {
					names = append(names, strings.TrimSuffix(e.Name(), ".json"))
				}
			}
			sort.Strings(names)
			pages := (len(names) + p.limit - 1) / p.limit // panics on --limit 0: a bug the runner catches
			_ = pages
			res := NoteList{Notes: []Note{}, Total: len(names)}
			for i := p.from; i < len(names) && i < p.from+p.limit; i++ {
				n, err := cfg.read(names[i])
				if err != nil {
					return NoteList{}, err
				}
				res.Notes = append(res.Notes, n)
			}
			if p.from+p.limit < len(names) {
				out.Meta().Truncated = true
				out.Meta().Cursor = envelope.EncodeCursor(p.from + p.limit)
			}
			// The size cap may cut the page further: the next page then
			// starts after the notes it kept.
			out.Resume(func(kept int) string { return envelope.EncodeCursor(p.from + kept) })
			return res, nil
		},
	})

	var token string
	login := &cobra.Command{Use: "login", Short: "log in to the sync server", Args: cobra.NoArgs}
	login.Flags().StringVar(&token, "token", "", "the access token")
	cobraenv.Bind(app, login, envelope.Command[string, Session]{
		Codes: []exitcode.Entry{{Code: exitcode.AuthRequired}, {Code: exitcode.Unavailable}},
		Validate: func(context.Context, []string, *envelope.Output) (string, error) {
			if token == "" {
				return "", exitcode.TokenMissing("no token given").WithSuggestion("pass --token TOKEN")
			}
			return token, nil
		},
		Execute: func(ctx context.Context, tok string, _ *envelope.Output) (Session, error) {
			var s Session
			resp, err := cfg.call(ctx, "/login", tok)
			if err != nil {
				return s, err
			}
			defer resp.Body.Close()
			switch resp.StatusCode {
			case http.StatusOK:
				return s, json.NewDecoder(resp.Body).Decode(&s)
			case http.StatusUnauthorized:
				if resp.Header.Get("X-Token-Expired") == "1" {
					return s, exitcode.TokenExpired("Access token has expired")
				}
				return s, exitcode.TokenInvalid("the token was refused")
			}
			return s, fmt.Errorf("login: unexpected status %s", resp.Status)
		},
	})

	syncCmd := &cobra.Command{Use: "sync", Short: "push the notes to the server", Args: cobra.NoArgs}
	cobraenv.Bind(app, syncCmd, envelope.Command[struct{}, SyncReport]{
		Codes: []exitcode.Entry{
			{Code: exitcode.RateLimited}, {Code: exitcode.Unavailable},
			// A sync that timed out may have pushed some notes.
			{Code: exitcode.Timeout, Retryable: exitcode.RetryNo, Action: "run `notes list` against the server before syncing again"},
		},
		Validate: func(context.Context, []string, *envelope.Output) (struct{}, error) { return struct{}{}, nil },
		Execute: func(ctx context.Context, _ struct{}, _ *envelope.Output) (SyncReport, error) {
			resp, err := cfg.call(ctx, "/sync", "")
			if err != nil {
				return SyncReport{}, err
			}
			defer resp.Body.Close()
			switch resp.StatusCode {
			case http.StatusOK:
				var r SyncReport
				return r, json.NewDecoder(resp.Body).Decode(&r)
			case http.StatusTooManyRequests:
				secs, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
				return SyncReport{}, exitcode.New(exitcode.RateLimited, "RATE_LIMIT_EXCEEDED", "the server's rate limit was reached").
					WithRetryAfter(time.Duration(secs) * time.Second)
			case http.StatusGatewayTimeout:
				return SyncReport{}, exitcode.New(exitcode.Timeout, "SYNC_TIMEOUT", "the server timed out mid-sync")
			case http.StatusForbidden:
				// PERMISSION_DENIED is missing from sync's Codes: the test
				// run shows it (UNDECLARED_EXIT_CODE).
				return SyncReport{}, exitcode.New(exitcode.PermissionDenied, "SYNC_FORBIDDEN", "this account may not sync")
			}
			return SyncReport{}, fmt.Errorf("sync: unexpected status %s", resp.Status)
		},
	})

	links := &cobra.Command{Use: "links", Short: "work with the links in notes"}
	check := &cobra.Command{Use: "check", Short: "check that every link in the notes is well-formed", Args: cobra.NoArgs}
	links.AddCommand(check)
	cobraenv.Bind(app, check, envelope.Command[struct{}, LinkReport]{
		Codes: []exitcode.Entry{{Code: BrokenLinks, Name: "BROKEN_LINKS", Retryable: exitcode.RetryNo, SideEffects: exitcode.EffectsNone,
			Action: "fix the links error.detail lists, then check again"}},
		Validate: func(context.Context, []string, *envelope.Output) (struct{}, error) { return struct{}{}, nil },
		Execute: func(_ context.Context, _ struct{}, out *envelope.Output) (LinkReport, error) {
			entries, err := os.ReadDir(cfg.Dir)
			if err != nil {
				return LinkReport{}, err
			}
			// Each note is read in a goroutine of the phase: the runner
			// waits for them, and a failure or a panic in one ends the
			// command with an envelope.
			var mu sync.Mutex
			var r LinkReport
			var broken []string
			for _, e := range entries {
				name := strings.TrimSuffix(e.Name(), ".json")
				out.Go(func() error {
					n, err := cfg.read(name)
					if err != nil {
						return err
					}
					mu.Lock()
					defer mu.Unlock()
					for _, l := range n.Links {
						r.Checked++
						if strings.ContainsAny(l, "<>") {
							broken = append(broken, n.Name+": "+l)
						}
					}
					return nil
				})
			}
			if err := out.Wait(); err != nil {
				return LinkReport{}, err
			}
			if len(broken) > 0 {
				sort.Strings(broken)
				return LinkReport{}, exitcode.New(BrokenLinks, "BROKEN_LINKS", fmt.Sprintf("%d links are broken", len(broken))).
					WithDetail(strings.Join(broken, "\n"))
			}
			return r, nil
		},
	})

	root.AddCommand(add, get, rm, list, login, syncCmd, links)
	app.Redirect("show", "get", true, exitcode.ReasonRenamed)
	app.AddSchemaCommand()
	return app
}

// call sends one request to the server.
func (c Config) call(ctx context.Context, path, token string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Server+path, nil)
	if err != nil {
		return nil, err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	client := c.Client
	if client == nil {
		client = http.DefaultClient
	}
	return client.Do(req)
}
