package envelopetest

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/big"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"time"
)

// schemaCheck checks JSON values against a JSON Schema (draft-07) of the
// kind envelope.DataSchema writes: type, properties, required,
// additionalProperties, items, minItems and maxItems, $ref into
// definitions, oneOf, anyOf, allOf, not, enum, const, minimum and maximum,
// minLength, maxLength and pattern, format date-time, contentEncoding
// base64. A keyword it does not know is a problem of its own, never passed
// over in silence: a check that skips what it cannot read would pass data
// it never looked at.
type schemaCheck struct {
	root     map[string]any
	problems []string
}

// annotations are the keywords that constrain nothing.
var annotations = map[string]bool{
	"$schema": true, "$id": true, "$comment": true, "title": true, "description": true,
	"definitions": true, "default": true, "examples": true, "readOnly": true, "writeOnly": true,
}

// checkValue checks v (decoded with UseNumber) against schema s, reporting
// at the JSON pointer path.
func (c *schemaCheck) checkValue(s any, v any, path string, depth int) {
	if depth > maxSchemaDepth {
		c.addf(path, "the schema nests deeper than %d $ref: envelopetest stops here", maxSchemaDepth)
		return
	}
	switch s := s.(type) {
	case bool:
		if !s {
			c.addf(path, "no value is allowed here (the schema is false)")
		}
		return
	case map[string]any:
		c.checkObjectSchema(s, v, path, depth)
	default:
		c.addf(path, "the schema here is a JSON %s, not a schema", kindOf(s))
	}
}

// maxSchemaDepth bounds the $refs followed on one path: a recursive type's
// schema refers to itself, and data is finite, but a schema that refers to
// itself without consuming data ({"$ref": "#"}) would not end.
const maxSchemaDepth = 200

func (c *schemaCheck) checkObjectSchema(s map[string]any, v any, path string, depth int) {
	keys := make([]string, 0, len(s))
	for k := range s {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		kw := s[k]
		switch k {
		case "$ref":
			c.checkRef(kw, v, path, depth)
		case "type":
			c.checkType(kw, v, path)
		case "required":
			c.checkRequired(kw, v, path)
		case "properties":
			c.checkProperties(s, v, path, depth)
		case "additionalProperties":
			if s["properties"] == nil { // else checked with properties
				c.checkProperties(s, v, path, depth)
			}
		case "items":
			if items, ok := v.([]any); ok {
				for i, it := range items {
					c.checkValue(kw, it, fmt.Sprintf("%s/%d", path, i), depth)
				}
			}
		case "minItems", "maxItems":
			if items, ok := v.([]any); ok {
				c.checkBound(k, kw, big.NewFloat(float64(len(items))), path, "items")
			}
		case "minLength", "maxLength":
			if str, ok := v.(string); ok {
				c.checkBound(k, kw, big.NewFloat(float64(len([]rune(str)))), path, "characters")
			}
		case "minimum", "maximum":
			if n, ok := v.(json.Number); ok {
				f, _ := new(big.Float).SetString(n.String())
				c.checkBound(k, kw, f, path, "")
			}
		case "pattern":
			c.checkPattern(kw, v, path)
		case "format":
			if str, ok := v.(string); ok && kw == "date-time" {
				if _, err := time.Parse(time.RFC3339Nano, str); err != nil {
					c.addf(path, "want a date-time (RFC 3339), got %q", str)
				}
			}
		case "contentEncoding":
			if str, ok := v.(string); ok && kw == "base64" {
				if _, err := base64.StdEncoding.DecodeString(str); err != nil {
					c.addf(path, "want base64, got %q", clip(str))
				}
			}
		case "enum":
			c.checkEnum(kw, v, path)
		case "const":
			if !sameJSON(kw, v) {
				c.addf(path, "want %s, got %s", show(kw), show(v))
			}
		case "oneOf", "anyOf", "allOf":
			c.checkCombination(k, kw, v, path, depth)
		case "not":
			if len(c.try(kw, v, path, depth)) == 0 {
				c.addf(path, "%s matches a schema it must not match", show(v))
			}
		default:
			if !annotations[k] {
				c.addf(path, "the data schema uses %q, which envelopetest cannot check", k)
			}
		}
	}
}

// known are the keywords checkObjectSchema reads.
var known = map[string]bool{
	"$ref": true, "type": true, "required": true, "properties": true, "additionalProperties": true,
	"items": true, "minItems": true, "maxItems": true, "minLength": true, "maxLength": true,
	"minimum": true, "maximum": true, "pattern": true, "format": true, "contentEncoding": true,
	"enum": true, "const": true, "oneOf": true, "anyOf": true, "allOf": true, "not": true,
}

// unknownKeywords lists the keywords of a schema (its subschemas and
// definitions included) that the check cannot read, sorted, each once.
func unknownKeywords(schema any) []string {
	found := map[string]bool{}
	var walk func(s any)
	walk = func(s any) {
		obj, ok := s.(map[string]any)
		if !ok {
			return
		}
		for k, v := range obj {
			switch {
			case k == "properties" || k == "definitions":
				if m, ok := v.(map[string]any); ok {
					for _, sub := range m {
						walk(sub)
					}
				}
			case k == "items" || k == "additionalProperties" || k == "not":
				walk(v)
			case k == "oneOf" || k == "anyOf" || k == "allOf":
				if list, ok := v.([]any); ok {
					for _, sub := range list {
						walk(sub)
					}
				}
			case !known[k] && !annotations[k]:
				found[k] = true
			}
		}
	}
	walk(schema)
	out := make([]string, 0, len(found))
	for k := range found {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// admits reports whether schema s may be meant for a value of v's kind: it
// states no type, or a type v has.
func admits(s any, v any) bool {
	obj, ok := s.(map[string]any)
	if !ok {
		return true
	}
	probe := &schemaCheck{}
	if t, stated := obj["type"]; stated {
		probe.checkType(t, v, "")
		return len(probe.problems) == 0
	}
	return true
}

// try checks v against s and returns the problems without keeping them.
func (c *schemaCheck) try(s, v any, path string, depth int) []string {
	sub := &schemaCheck{root: c.root}
	sub.checkValue(s, v, path, depth)
	return sub.problems
}

func (c *schemaCheck) checkRef(ref any, v any, path string, depth int) {
	r, _ := ref.(string)
	name, ok := strings.CutPrefix(r, "#/definitions/")
	defs, _ := c.root["definitions"].(map[string]any)
	target, found := defs[unescapePointer(name)]
	if r == "#" {
		target, ok, found = c.root, true, true
	}
	if !ok || !found {
		c.addf(path, "the data schema's $ref %q names no definition", r)
		return
	}
	c.checkValue(target, v, path, depth+1)
}

func unescapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
}

func (c *schemaCheck) checkType(kw any, v any, path string) {
	var types []string
	switch kw := kw.(type) {
	case string:
		types = []string{kw}
	case []any:
		for _, t := range kw {
			if s, ok := t.(string); ok {
				types = append(types, s)
			}
		}
	}
	got := kindOf(v)
	for _, t := range types {
		if t == got || (t == "number" && got == "integer") {
			return
		}
	}
	c.addf(path, "want %s, got %s", strings.Join(types, " or "), show(v))
}

func (c *schemaCheck) checkRequired(kw any, v any, path string) {
	obj, ok := v.(map[string]any)
	if !ok {
		return
	}
	req, _ := kw.([]any)
	for _, r := range req {
		name, _ := r.(string)
		if _, present := obj[name]; !present {
			c.addf(path+"/"+escapePointer(name), "missing: the data schema requires it")
		}
	}
}

// checkProperties checks an object's keys: a declared property against its
// schema, any other against additionalProperties.
func (c *schemaCheck) checkProperties(s map[string]any, v any, path string, depth int) {
	obj, ok := v.(map[string]any)
	if !ok {
		return
	}
	props, _ := s["properties"].(map[string]any)
	names := make([]string, 0, len(obj))
	for name := range obj {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		p := path + "/" + escapePointer(name)
		if ps, declared := props[name]; declared {
			c.checkValue(ps, obj[name], p, depth)
			continue
		}
		switch extra := s["additionalProperties"].(type) {
		case nil:
		case bool:
			if !extra {
				c.addf(p, "unknown key: the data schema allows only %s", keyList(props))
			}
		default:
			c.checkValue(extra, obj[name], p, depth)
		}
	}
}

func keyList(props map[string]any) string {
	if len(props) == 0 {
		return "no key"
	}
	names := make([]string, 0, len(props))
	for n := range props {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

func (c *schemaCheck) checkBound(k string, kw any, got *big.Float, path, unit string) {
	n, ok := kw.(json.Number)
	if !ok {
		c.addf(path, "the data schema's %s is not a number", k)
		return
	}
	bound, _ := new(big.Float).SetString(n.String())
	if bound == nil || got == nil {
		return
	}
	cmp := got.Cmp(bound)
	if (strings.HasPrefix(k, "min") && cmp < 0) || (strings.HasPrefix(k, "max") && cmp > 0) {
		what := "at least"
		if strings.HasPrefix(k, "max") {
			what = "at most"
		}
		c.addf(path, "want %s %s %s, got %s", what, n, unit, got.Text('g', -1))
	}
}

func (c *schemaCheck) checkPattern(kw any, v any, path string) {
	str, ok := v.(string)
	pat, isString := kw.(string)
	if !ok || !isString {
		return
	}
	re, err := regexp.Compile(pat)
	if err != nil {
		c.addf(path, "the data schema's pattern %q does not compile: %v", pat, err)
		return
	}
	if !re.MatchString(str) {
		c.addf(path, "want a string matching %s, got %q", pat, clip(str))
	}
}

func (c *schemaCheck) checkEnum(kw any, v any, path string) {
	options, _ := kw.([]any)
	for _, o := range options {
		if sameJSON(o, v) {
			return
		}
	}
	shown := make([]string, len(options))
	for i, o := range options {
		shown[i] = show(o)
	}
	c.addf(path, "want one of %s, got %s", strings.Join(shown, ", "), show(v))
}

func (c *schemaCheck) checkCombination(k string, kw any, v any, path string, depth int) {
	subs, _ := kw.([]any)
	matched := 0
	var firstProblems, candidate []string
	candidates := 0
	for _, s := range subs {
		p := c.try(s, v, path, depth)
		switch {
		case len(p) == 0:
			matched++
		case firstProblems == nil:
			firstProblems = p
		}
		if len(p) > 0 && admits(s, v) {
			candidates++
			candidate = p
		}
	}
	switch {
	case k == "allOf" && matched < len(subs):
		c.problems = append(c.problems, firstProblems...)
	case k == "anyOf" && matched == 0, k == "oneOf" && matched == 0:
		switch {
		case len(subs) == 1:
			c.problems = append(c.problems, firstProblems...)
		case candidates == 1:
			// One schema is for values of this kind (an object, where the
			// other is null): its problems say what is wrong.
			c.problems = append(c.problems, candidate...)
		default:
			c.addf(path, "%s matches none of the %d schemas of %s", show(v), len(subs), k)
		}
	case k == "oneOf" && matched > 1:
		c.addf(path, "%s matches %d of the schemas of oneOf, which wants exactly one", show(v), matched)
	}
}

func (c *schemaCheck) addf(path, format string, args ...any) {
	if path == "" {
		path = "/"
	}
	c.problems = append(c.problems, path+": "+fmt.Sprintf(format, args...))
}

// kindOf is the JSON Schema type of a decoded value.
func kindOf(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case json.Number:
		f, ok := new(big.Float).SetString(v.String())
		if ok && f.IsInt() {
			return "integer"
		}
		return "number"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}

// sameJSON reports whether two decoded values are the same JSON value.
func sameJSON(a, b any) bool {
	na, aNum := a.(json.Number)
	nb, bNum := b.(json.Number)
	if aNum && bNum {
		fa, _ := new(big.Float).SetString(na.String())
		fb, _ := new(big.Float).SetString(nb.String())
		return fa != nil && fb != nil && fa.Cmp(fb) == 0
	}
	return reflect.DeepEqual(a, b)
}

// show spells a decoded value for a message, cut short.
func show(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return clip(string(b))
}

func clip(s string) string {
	if len(s) > 60 {
		return s[:57] + "…"
	}
	return s
}

func escapePointer(key string) string {
	return strings.ReplaceAll(strings.ReplaceAll(key, "~", "~0"), "/", "~1")
}

// decodeJSON decodes b keeping numbers exact.
func decodeJSON(b []byte) (any, error) {
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}
