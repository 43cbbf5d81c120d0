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
