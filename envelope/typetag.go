package envelope

import (
	"reflect"
	"strings"
	"unicode"
)

// typeTag derives a result type tag from a Go type: the snake_case of its
// name ("noteList" → "note_list", "HTTPStatus" → "http_status"); a slice or
// array of a named type adds "_list"; a pointer is its element.
func typeTag(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Name() == "" {
		switch t.Kind() {
		case reflect.Slice, reflect.Array:
			if elem := typeTag(t.Elem()); elem != "" {
				return elem + "_list"
			}
		case reflect.Map:
			if elem := typeTag(t.Elem()); elem != "" {
				return elem + "_map"
			}
		}
		return ""
	}
	return snake(t.Name())
}

// snake spells a Go identifier in snake_case, keeping initialisms whole.
func snake(name string) string {
	if i := strings.IndexByte(name, '['); i >= 0 { // a generic type's arguments
		name = name[:i]
	}
	r := []rune(name)
	var b strings.Builder
	for i, c := range r {
		if unicode.IsUpper(c) {
			prevLower := i > 0 && (unicode.IsLower(r[i-1]) || unicode.IsDigit(r[i-1]))
			nextLower := i > 0 && i+1 < len(r) && unicode.IsUpper(r[i-1]) && unicode.IsLower(r[i+1])
			if prevLower || nextLower {
				b.WriteByte('_')
			}
			b.WriteRune(unicode.ToLower(c))
			continue
		}
		b.WriteRune(c)
	}
	return b.String()
}

// typeTagValid reports whether tag can tag a result type: lower-case ASCII
// letters, digits and underscores, starting with a letter, as the tags
// derived from Go names are ("note_list", "http_status").
func typeTagValid(tag string) bool {
	if tag == "" || tag[0] < 'a' || tag[0] > 'z' {
		return false
	}
	for i := 0; i < len(tag); i++ {
		c := tag[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}
