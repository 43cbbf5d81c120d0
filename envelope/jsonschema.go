package envelope

import (
	"encoding"
	"encoding/json"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"time"
)

// DataSchema returns a JSON Schema (draft-07) of the JSON that encoding/json
// writes for a value of type t: a struct is an object with its fields' JSON
// names (json tags, omitempty and omitzero fields not required, embedded
// structs' fields promoted, no other keys), a slice an array or null, a
// []byte a base64 string, a map an object, a pointer its element or null,
// time.Time a date-time string, a type with its own MarshalText a string,
// and a type with its own MarshalJSON or an interface any JSON value. Named
// struct types are written once under "definitions" and referenced, so
// recursive types are described too.
//
// A Registry puts each command's DataSchema in its manifest, so an agent can
// check the data it receives against it.
func DataSchema(t reflect.Type) map[string]any {
	g := &schemaGen{names: map[reflect.Type]string{}, defs: map[string]any{}, taken: map[string]bool{}}
	root := g.schema(t)
	out := map[string]any{"$schema": "http://json-schema.org/draft-07/schema#"}
	for k, v := range root {
		out[k] = v
	}
	if len(g.defs) > 0 {
		out["definitions"] = g.defs
	}
	return out
}

type schemaGen struct {
	names map[reflect.Type]string // named structs already under definitions
	defs  map[string]any
	taken map[string]bool
}

var (
	timeType          = reflect.TypeOf(time.Time{})
	jsonMarshalerType = reflect.TypeOf((*json.Marshaler)(nil)).Elem()
	textMarshalerType = reflect.TypeOf((*encoding.TextMarshaler)(nil)).Elem()
)

func implements(t, iface reflect.Type) bool {
	return t.Implements(iface) || (t.Kind() != reflect.Pointer && reflect.PointerTo(t).Implements(iface))
}

func (g *schemaGen) schema(t reflect.Type) map[string]any {
	switch {
	case t == timeType:
		return map[string]any{"type": "string", "format": "date-time"}
	case t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface && implements(t, jsonMarshalerType):
		return map[string]any{"description": t.String() + " encodes itself (MarshalJSON)"}
	case t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface && implements(t, textMarshalerType):
		return map[string]any{"type": "string"}
	}
	switch t.Kind() {
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return map[string]any{"type": "integer"}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return map[string]any{"type": "integer", "minimum": 0}
	case reflect.Float32, reflect.Float64:
		return map[string]any{"type": "number"}
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Interface:
		return map[string]any{}
	case reflect.Pointer:
		return nullable(g.schema(t.Elem()))
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 && !implements(t.Elem(), jsonMarshalerType) && !implements(t.Elem(), textMarshalerType) {
			return map[string]any{"type": []any{"string", "null"}, "contentEncoding": "base64"}
		}
		return map[string]any{"type": []any{"array", "null"}, "items": g.schema(t.Elem())}
	case reflect.Array:
		return map[string]any{"type": "array", "items": g.schema(t.Elem()), "minItems": t.Len(), "maxItems": t.Len()}
	case reflect.Map:
		return map[string]any{"type": []any{"object", "null"}, "additionalProperties": g.schema(t.Elem())}
	case reflect.Struct:
		if t.Name() == "" {
			return g.object(t)
		}
		name, ok := g.names[t]
		if !ok {
			name = g.defName(t)
			g.names[t] = name
			g.defs[name] = map[string]any{} // reserved while the fields are described
			g.defs[name] = g.object(t)
		}
		return map[string]any{"$ref": "#/definitions/" + name}
	}
	// Channels, functions and complex numbers do not encode.
	return map[string]any{"not": map[string]any{}, "description": t.String() + " does not encode as JSON"}
}

// defName picks a unique definitions key for a named type: its name, or
// with its package path (then a number) when another type took the name.
func (g *schemaGen) defName(t reflect.Type) string {
	base := t.Name()
	if i := strings.IndexByte(base, '['); i >= 0 {
		base = base[:i]
	}
	name := base
	if g.taken[name] {
		base = strings.NewReplacer("/", ".", "~", ".").Replace(t.PkgPath()) + "." + base
		name = base
		for n := 2; g.taken[name]; n++ {
			name = base + "_" + strconv.Itoa(n)
		}
	}
	g.taken[name] = true
	return name
}

// nullable lets s also be null.
func nullable(s map[string]any) map[string]any {
	switch typ := s["type"].(type) {
	case string:
		out := copySchema(s)
		out["type"] = []any{typ, "null"}
		return out
	case []any:
		for _, v := range typ {
			if v == "null" {
				return s
			}
		}
		out := copySchema(s)
		out["type"] = append(append([]any{}, typ...), "null")
		return out
	}
	if len(s) == 0 || (len(s) == 1 && s["description"] != nil) {
		return s // any value, null included
	}
	return map[string]any{"oneOf": []any{map[string]any{"type": "null"}, s}}
}

func copySchema(s map[string]any) map[string]any {
	out := make(map[string]any, len(s))
	for k, v := range s {
		out[k] = v
	}
	return out
}

// field is one JSON key of a struct.
type field struct {
	name     string
	tagged   bool
	depth    int
	optional bool
	quoted   bool // the ",string" option
	typ      reflect.Type
}

// object describes a struct as encoding/json encodes it.
func (g *schemaGen) object(t reflect.Type) map[string]any {
	byName := map[string][]field{}
	var order []string
	var walk func(t reflect.Type, depth int, seen map[reflect.Type]bool)
	walk = func(t reflect.Type, depth int, seen map[reflect.Type]bool) {
		if seen[t] {
			return
		}
		seen[t] = true
		for i := 0; i < t.NumField(); i++ {
			sf := t.Field(i)
			tag := sf.Tag.Get("json")
			if tag == "-" {
				continue
			}
			name, opts, _ := strings.Cut(tag, ",")
			ft := sf.Type
			if sf.Anonymous {
				et := ft
				if et.Kind() == reflect.Pointer {
					et = et.Elem()
				}
				if name == "" && et.Kind() == reflect.Struct {
					walk(et, depth+1, seen)
					continue
				}
				if !sf.IsExported() && et.Kind() != reflect.Struct {
					continue
				}
			} else if !sf.IsExported() {
				continue
			}
			f := field{name: name, tagged: name != "", depth: depth, typ: ft}
			if f.name == "" {
				f.name = sf.Name
			}
			for _, o := range strings.Split(opts, ",") {
				switch o {
				case "omitempty", "omitzero":
					f.optional = true
				case "string":
					f.quoted = true
				}
			}
			if _, ok := byName[f.name]; !ok {
				order = append(order, f.name)
			}
			byName[f.name] = append(byName[f.name], f)
		}
		delete(seen, t)
	}
	walk(t, 0, map[reflect.Type]bool{})

	props := map[string]any{}
	var required []string
	for _, name := range order {
		f, ok := dominant(byName[name])
		if !ok {
			continue
		}
		s := g.schema(f.typ)
		if f.quoted {
			s = quotedSchema(f.typ, s)
		}
		props[name] = s
		if !f.optional {
			required = append(required, name)
		}
	}
	out := map[string]any{"type": "object", "properties": props, "additionalProperties": false}
	if len(required) > 0 {
		sort.Strings(required)
		out["required"] = required
	}
	return out
}

// dominant picks the field encoding/json encodes among those of one name:
// the shallowest, a tagged one among equals, none if still ambiguous.
func dominant(fs []field) (field, bool) {
	sort.SliceStable(fs, func(i, j int) bool { return fs[i].depth < fs[j].depth })
	top := fs[0].depth
	var best []field
	for _, f := range fs {
		if f.depth == top {
			best = append(best, f)
		}
	}
	if len(best) == 1 {
		return best[0], true
	}
	var tagged []field
	for _, f := range best {
		if f.tagged {
			tagged = append(tagged, f)
		}
	}
	if len(tagged) == 1 {
		return tagged[0], true
	}
	return field{}, false
}

// quotedSchema is the schema of a field with the ",string" option: a bool,
// number or string written inside a JSON string.
func quotedSchema(t reflect.Type, s map[string]any) map[string]any {
	k := t.Kind()
	if k == reflect.Pointer {
		k = t.Elem().Kind()
	}
	switch k {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.String:
		if t.Kind() == reflect.Pointer {
			return map[string]any{"type": []any{"string", "null"}}
		}
		return map[string]any{"type": "string"}
	}
	return s
}
