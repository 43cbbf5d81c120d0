package envelope_test

// Assertions written with the standard library only, so that the module's
// go.mod requires nothing: a CLI that requires this module gains no test
// dependencies in its go.sum. assert reports and continues; require stops
// the test. (The same file is in the exitcode module; runtimetest checks
// the copies agree.)

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

type checker struct{ fatal bool }

var (
	assert  = checker{}
	require = checker{fatal: true}
)

func (c checker) fail(t testing.TB, what string, msgAndArgs []any) bool {
	t.Helper()
	if len(msgAndArgs) > 0 {
		if format, ok := msgAndArgs[0].(string); ok {
			what += "\n\t" + fmt.Sprintf(format, msgAndArgs[1:]...)
		} else {
			what += "\n\t" + fmt.Sprint(msgAndArgs...)
		}
	}
	if c.fatal {
		t.Fatal(what)
	}
	t.Error(what)
	return false
}

func (c checker) Equal(t testing.TB, want, got any, msgAndArgs ...any) bool {
	t.Helper()
	if reflect.DeepEqual(want, got) {
		return true
	}
	return c.fail(t, fmt.Sprintf("not equal:\n\twant: %#v\n\tgot:  %#v", want, got), msgAndArgs)
}

func (c checker) NotEqual(t testing.TB, notWant, got any, msgAndArgs ...any) bool {
	t.Helper()
	if !reflect.DeepEqual(notWant, got) {
		return true
	}
	return c.fail(t, fmt.Sprintf("want anything but %#v", got), msgAndArgs)
}

func (c checker) True(t testing.TB, v bool, msgAndArgs ...any) bool {
	t.Helper()
	if v {
		return true
	}
	return c.fail(t, "want true, got false", msgAndArgs)
}

func (c checker) False(t testing.TB, v bool, msgAndArgs ...any) bool {
	t.Helper()
	if !v {
		return true
	}
	return c.fail(t, "want false, got true", msgAndArgs)
}

func isNil(v any) bool {
	if v == nil {
		return true
	}
	r := reflect.ValueOf(v)
	switch r.Kind() {
	case reflect.Chan, reflect.Func, reflect.Interface, reflect.Map, reflect.Pointer, reflect.Slice, reflect.UnsafePointer:
		return r.IsNil()
	}
	return false
}

func (c checker) Nil(t testing.TB, v any, msgAndArgs ...any) bool {
	t.Helper()
	if isNil(v) {
		return true
	}
	return c.fail(t, fmt.Sprintf("want nil, got %#v", v), msgAndArgs)
}

func (c checker) NotNil(t testing.TB, v any, msgAndArgs ...any) bool {
	t.Helper()
	if !isNil(v) {
		return true
	}
	return c.fail(t, "want a value, got nil", msgAndArgs)
}

func (c checker) NoError(t testing.TB, err error, msgAndArgs ...any) bool {
	t.Helper()
	if err == nil {
		return true
	}
	return c.fail(t, fmt.Sprintf("unexpected error: %v", err), msgAndArgs)
}

func (c checker) Error(t testing.TB, err error, msgAndArgs ...any) bool {
	t.Helper()
	if err != nil {
		return true
	}
	return c.fail(t, "want an error, got nil", msgAndArgs)
}

func (c checker) ErrorContains(t testing.TB, err error, sub string, msgAndArgs ...any) bool {
	t.Helper()
	if err == nil {
		return c.fail(t, fmt.Sprintf("want an error containing %q, got nil", sub), msgAndArgs)
	}
	if strings.Contains(err.Error(), sub) {
		return true
	}
	return c.fail(t, fmt.Sprintf("error %q does not contain %q", err, sub), msgAndArgs)
}

func (c checker) ErrorIs(t testing.TB, err, target error, msgAndArgs ...any) bool {
	t.Helper()
	if errors.Is(err, target) {
		return true
	}
	return c.fail(t, fmt.Sprintf("error %v is not %v", err, target), msgAndArgs)
}

func (c checker) ErrorAs(t testing.TB, err error, target any, msgAndArgs ...any) bool {
	t.Helper()
	if err != nil && errors.As(err, target) {
		return true
	}
	return c.fail(t, fmt.Sprintf("error %v is not a %T", err, target), msgAndArgs)
}

// length returns the length of a string, slice, array, map or channel.
func length(v any) (int, bool) {
	r := reflect.ValueOf(v)
	switch r.Kind() {
	case reflect.String, reflect.Slice, reflect.Array, reflect.Map, reflect.Chan:
		return r.Len(), true
	}
	return 0, false
}

func (c checker) Len(t testing.TB, v any, n int, msgAndArgs ...any) bool {
	t.Helper()
	l, ok := length(v)
	if !ok {
		return c.fail(t, fmt.Sprintf("%#v has no length", v), msgAndArgs)
	}
	if l == n {
		return true
	}
	return c.fail(t, fmt.Sprintf("want length %d, got %d: %#v", n, l, v), msgAndArgs)
}

func empty(v any) bool {
	if isNil(v) {
		return true
	}
	if l, ok := length(v); ok {
		return l == 0
	}
	return reflect.ValueOf(v).IsZero()
}

func (c checker) Empty(t testing.TB, v any, msgAndArgs ...any) bool {
	t.Helper()
	if empty(v) {
		return true
	}
	return c.fail(t, fmt.Sprintf("want empty, got %#v", v), msgAndArgs)
}

func (c checker) NotEmpty(t testing.TB, v any, msgAndArgs ...any) bool {
	t.Helper()
	if !empty(v) {
		return true
	}
	return c.fail(t, fmt.Sprintf("want a non-empty value, got %#v", v), msgAndArgs)
}

// contains reports whether s (a string, slice, array or map) holds elem (a
// substring, an element, a key).
func contains(s, elem any) (found, ok bool) {
	if str, isStr := s.(string); isStr {
		sub, isSub := elem.(string)
		return isSub && strings.Contains(str, sub), true
	}
	r := reflect.ValueOf(s)
	switch r.Kind() {
	case reflect.Slice, reflect.Array:
		for i := 0; i < r.Len(); i++ {
			if reflect.DeepEqual(r.Index(i).Interface(), elem) {
				return true, true
			}
		}
		return false, true
	case reflect.Map:
		for _, k := range r.MapKeys() {
			if reflect.DeepEqual(k.Interface(), elem) {
				return true, true
			}
		}
		return false, true
	}
	return false, false
}

func (c checker) Contains(t testing.TB, s, elem any, msgAndArgs ...any) bool {
	t.Helper()
	found, ok := contains(s, elem)
	if !ok {
		return c.fail(t, fmt.Sprintf("%#v cannot contain anything", s), msgAndArgs)
	}
	if found {
		return true
	}
	return c.fail(t, fmt.Sprintf("%#v does not contain %#v", s, elem), msgAndArgs)
}

func (c checker) NotContains(t testing.TB, s, elem any, msgAndArgs ...any) bool {
	t.Helper()
	found, ok := contains(s, elem)
	if !ok {
		return c.fail(t, fmt.Sprintf("%#v cannot contain anything", s), msgAndArgs)
	}
	if !found {
		return true
	}
	return c.fail(t, fmt.Sprintf("%#v contains %#v", s, elem), msgAndArgs)
}

func (c checker) GreaterOrEqual(t testing.TB, got, min float64, msgAndArgs ...any) bool {
	t.Helper()
	if got >= min {
		return true
	}
	return c.fail(t, fmt.Sprintf("want at least %v, got %v", min, got), msgAndArgs)
}

func (c checker) JSONEq(t testing.TB, want, got string, msgAndArgs ...any) bool {
	t.Helper()
	var w, g any
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		return c.fail(t, fmt.Sprintf("want is not JSON: %v", err), msgAndArgs)
	}
	if err := json.Unmarshal([]byte(got), &g); err != nil {
		return c.fail(t, fmt.Sprintf("got is not JSON (%v): %s", err, got), msgAndArgs)
	}
	if reflect.DeepEqual(w, g) {
		return true
	}
	return c.fail(t, fmt.Sprintf("JSON not equal:\n\twant: %s\n\tgot:  %s", want, got), msgAndArgs)
}

// panicValue runs f and returns what it panicked with.
func panicValue(f func()) (v any, panicked bool) {
	panicked = true
	defer func() {
		if panicked {
			v = recover()
		}
	}()
	f()
	panicked = false
	return nil, false
}

func (c checker) Panics(t testing.TB, f func(), msgAndArgs ...any) bool {
	t.Helper()
	if _, p := panicValue(f); p {
		return true
	}
	return c.fail(t, "want a panic, got none", msgAndArgs)
}

func (c checker) NotPanics(t testing.TB, f func(), msgAndArgs ...any) bool {
	t.Helper()
	if v, p := panicValue(f); p {
		return c.fail(t, fmt.Sprintf("unexpected panic: %v", v), msgAndArgs)
	}
	return true
}

func (c checker) PanicsWithValue(t testing.TB, want any, f func(), msgAndArgs ...any) bool {
	t.Helper()
	v, p := panicValue(f)
	if !p {
		return c.fail(t, fmt.Sprintf("want a panic with %#v, got none", want), msgAndArgs)
	}
	if reflect.DeepEqual(v, want) {
		return true
	}
	return c.fail(t, fmt.Sprintf("panicked with %#v, want %#v", v, want), msgAndArgs)
}
