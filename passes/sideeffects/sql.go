package sideeffects

import (
	"strings"
	"unicode"
)

// changingVerbs are the SQL statements that change data or schema.
var changingVerbs = map[string]bool{
	"INSERT": true, "UPDATE": true, "DELETE": true, "MERGE": true, "UPSERT": true, "REPLACE": true,
	"CREATE": true, "DROP": true, "ALTER": true, "TRUNCATE": true, "RENAME": true,
	"GRANT": true, "REVOKE": true, "COPY": true, "LOAD": true, "CALL": true,
}

// dataVerbs are the statements a WITH clause may hold that change data.
var dataVerbs = map[string]bool{"INSERT": true, "UPDATE": true, "DELETE": true, "MERGE": true}

// ChangesData reports whether the SQL text of a query changes data or
// schema. It reads the text's words outside comments and quoted strings:
// the statement's first keyword must be one that changes something
// (INSERT, UPDATE, DELETE, MERGE, REPLACE, CREATE, DROP, ALTER, TRUNCATE,
// GRANT, REVOKE, COPY, CALL, …), or, for a query that begins with WITH, a
// data-changing statement (INSERT, UPDATE, DELETE, MERGE) must appear in
// it, other than SELECT … FOR UPDATE. A query of several statements counts
// when any of them does.
func ChangesData(query string) bool {
	words := sqlWords(query)
	start := true // at the start of a statement
	with := false
	for i, w := range words {
		switch {
		case w == ";":
			start, with = true, false
		case start:
			start = false
			if changingVerbs[w] {
				return true
			}
			with = w == "WITH"
		case with && dataVerbs[w] && !(w == "UPDATE" && i > 0 && words[i-1] == "FOR"):
			return true
		}
	}
	return false
}

// sqlWords returns the upper-cased words of SQL text and its statement
// separators (";"), skipping comments, quoted strings and identifiers, and
// other punctuation.
func sqlWords(q string) []string {
	var out []string
	for i := 0; i < len(q); {
		c := q[i]
		switch {
		case c == '-' && i+1 < len(q) && q[i+1] == '-':
			for i < len(q) && q[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(q) && q[i+1] == '*':
			end := strings.Index(q[i+2:], "*/")
			if end < 0 {
				return out
			}
			i += end + 4
		case c == '\'' || c == '"' || c == '`':
			end := strings.IndexByte(q[i+1:], c)
			if end < 0 {
				return out
			}
			i += end + 2
		case c == ';':
			out = append(out, ";")
			i++
		case c == '_' || unicode.IsLetter(rune(c)):
			j := i
			for j < len(q) && (q[j] == '_' || unicode.IsLetter(rune(q[j])) || unicode.IsDigit(rune(q[j]))) {
				j++
			}
			out = append(out, strings.ToUpper(q[i:j]))
			i = j
		default:
			i++
		}
	}
	return out
}
