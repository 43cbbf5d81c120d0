package analyzerutil

import (
	"go/constant"
	"slices"
	"testing"
)

func TestWrappedArgs(t *testing.T) {
	for _, tc := range []struct {
		format  string
		wrapped []int
		known   bool
	}{
		{"save: %w", []int{0}, true},
		{"save %s: %v", nil, true},
		{"save %s: %w", []int{1}, true},
		{"%w and %w", []int{0, 1}, true},
		{"100%% %s: %w", []int{1}, true},
		{"%*d %w", []int{2}, true},
		{"%-8.3f %+v %w", []int{2}, true},
		{"%[2]w %[1]s", nil, false},
	} {
		got, known := WrappedArgs(constant.MakeString(tc.format))
		if known != tc.known || !slices.Equal(got, tc.wrapped) {
			t.Errorf("WrappedArgs(%q) = %v, %v; want %v, %v", tc.format, got, known, tc.wrapped, tc.known)
		}
	}
	if _, known := WrappedArgs(nil); known {
		t.Error("a format that is no constant: known")
	}
}
