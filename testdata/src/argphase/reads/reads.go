// Package reads: a GET or HEAD sent through Client.Do changes nothing, so
// ARG_ERROR after it keeps its promise; a POST does not.
package reads

import (
	"context"
	"net/http"

	"github.com/exitlint/exitlint/exitcode"
)

func get(ctx context.Context, c *http.Client, url, format string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json")
	}
	return nil
}

// head reads through a helper: the helper has no side effect either.
func head(c *http.Client, url string) error {
	req, err := http.NewRequest("HEAD", url, nil)
	if err != nil {
		return err
	}
	_, err = c.Do(req)
	return err
}

func viaHelper(c *http.Client, url, format string) error {
	if err := head(c, url); err != nil {
		return err
	}
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json")
	}
	return nil
}

func post(c *http.Client, url, format string) error {
	req, err := http.NewRequest(http.MethodPost, url, nil)
	if err != nil {
		return err
	}
	if _, err := c.Do(req); err != nil {
		return err
	}
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json") // want `ARG_ERROR returned \(exitcode.New\) after a side effect: http.Client.Do sends an HTTP request`
	}
	return nil
}

// A request whose method is not known is sent: it counts.
func unknown(c *http.Client, req *http.Request, format string) error {
	if _, err := c.Do(req); err != nil {
		return err
	}
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json") // want `ARG_ERROR returned \(exitcode.New\) after a side effect`
	}
	return nil
}

// do sends the request it is given, as golang.org/x/net/context/ctxhttp.Do
// does: whether it changes anything depends on the request each caller
// gives it, so the rule for Client.Do is applied at do's calls.
func do(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	return c.Do(req.WithContext(ctx))
}

func latest(ctx context.Context, c *http.Client, url string) error {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := do(ctx, c, req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// checkVersion reads the latest release through two helpers before it
// validates: no side effect.
func checkVersion(ctx context.Context, c *http.Client, url, format string) error {
	if err := latest(ctx, c, url); err != nil {
		return err
	}
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json")
	}
	return nil
}

func postThrough(ctx context.Context, c *http.Client, url, format string) error {
	req, err := http.NewRequest(http.MethodPost, url, nil)
	if err != nil {
		return err
	}
	if _, err := do(ctx, c, req); err != nil {
		return err
	}
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json") // want `ARG_ERROR returned \(exitcode.New\) after a side effect: reads.do → http.Client.Do sends an HTTP request`
	}
	return nil
}

// fetch is unexported and every call of it in the package gives it a GET:
// the request it sends changes nothing.
func fetch(c *http.Client, req *http.Request, format string) error {
	if _, err := c.Do(req); err != nil {
		return err
	}
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json")
	}
	return nil
}

func fetchLatest(c *http.Client, url, format string) error {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	return fetch(c, req, format)
}

// send is unexported, but one of its calls gives it a POST.
func send(c *http.Client, req *http.Request, format string) error {
	if _, err := c.Do(req); err != nil {
		return err
	}
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json") // want `ARG_ERROR returned \(exitcode.New\) after a side effect: http.Client.Do sends an HTTP request`
	}
	return nil
}

func sendBoth(c *http.Client, url, format string) error {
	get, _ := http.NewRequest(http.MethodGet, url, nil)
	post, _ := http.NewRequest(http.MethodPost, url, nil)
	if err := send(c, get, format); err != nil {
		return err
	}
	return send(c, post, format)
}

// handler is a function value: who calls it, with what, is not known.
var handler = fetchValue

func fetchValue(c *http.Client, req *http.Request, format string) error {
	if _, err := c.Do(req); err != nil {
		return err
	}
	if format != "json" {
		return exitcode.New(exitcode.ArgError, "BAD_FORMAT", "--format is json") // want `ARG_ERROR returned \(exitcode.New\) after a side effect: http.Client.Do sends an HTTP request`
	}
	return nil
}

func fetchValueLatest(c *http.Client, url, format string) error {
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	return fetchValue(c, req, format)
}
