// Package lookalike holds what only looks like a payload: other services'
// replies with retry_after and codes from messages, HTTP status codes, a
// rate limiter's back-off.
package lookalike

import (
	"encoding/json"
	"net/http"
	"os"
	"strings"
	"time"
)

// APIError models another service's error reply: decoded, never written.
type APIError struct {
	OK         bool   `json:"ok"`
	Error      string `json:"error"`
	Code       string `json:"code"`
	RetryAfter int    `json:"retry_after"`
}

func Decode(b []byte) (*APIError, error) {
	var e APIError
	err := json.Unmarshal(b, &e)
	e.Code = strings.ToUpper(e.Error)
	return &e, err
}

// Throttle is the program's own back-off, no envelope's.
type Throttle struct {
	RetryAfter time.Duration
	Status     int
}

func Limit(resp *http.Response) Throttle {
	return Throttle{RetryAfter: 30 * time.Second, Status: http.StatusTooManyRequests}
}

// Result is written, but has no ok: it is no envelope, and its code is its
// own business.
type Result struct {
	Code  string `json:"code"`
	Error string `json:"error"`
}

func Print(err error) {
	_ = json.NewEncoder(os.Stdout).Encode(Result{Code: strings.ToUpper(err.Error()), Error: err.Error()})
}

// Serve answers an HTTP peer.
func Serve(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Retry-After", "30")
	w.WriteHeader(http.StatusServiceUnavailable)
	_ = json.NewEncoder(w).Encode(map[string]any{"ok": false, "error": map[string]any{"code": strings.ToUpper(r.URL.Path)}, "exit_code": 13})
}
