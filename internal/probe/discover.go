package probe

import (
	"bytes"
	"encoding/json"
	"regexp"
	"slices"
	"strings"
)

// What the probe learns of a program from its help: the names of its
// commands (for the typo probe and the probes of each command) and a
// command's usage line (does it require an argument, so that running it
// without one is invalid input?). Help is read as data when JSON mode
// answers it with an envelope, and as text otherwise, from either stream.

// commandName is what may be a command's name in help: a word of letters,
// digits, dashes, underscores and colons, starting with a letter.
var commandName = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9_:-]*$`)

// frameworkCommands are the commands frameworks add to every program; the
// probes of each command leave them out (their flags are the framework's).
var frameworkCommands = []string{"help"}

// commandsFromData finds the commands a help envelope's data lists: an
// array of objects with a name under a key "commands" or "subcommands".
func commandsFromData(data json.RawMessage) []string {
	var obj map[string]json.RawMessage
	if json.Unmarshal(data, &obj) != nil {
		return nil
	}
	var names []string
	for _, key := range []string{"commands", "subcommands"} {
		var list []struct {
			Name string `json:"name"`
		}
		if json.Unmarshal(obj[key], &list) != nil {
			continue
		}
		for _, c := range list {
			names = appendCommand(names, c.Name)
		}
	}
	return names
}

// appendCommand adds name to names once if it may be a command's name (a
// nested one's words each), and is no framework command.
func appendCommand(names []string, name string) []string {
	words := strings.Fields(name)
	if len(words) == 0 || slices.Contains(frameworkCommands, name) || slices.Contains(names, strings.Join(words, " ")) {
		return names
	}
	for _, w := range words {
		if !commandName.MatchString(w) {
			return names
		}
	}
	return append(names, strings.Join(words, " "))
}

// commandsFromText finds the commands a help text lists: the indented
// lines under a heading that ends in "commands:" (Commands:, Available
// Commands:, COMMANDS:, ...), the first word of each ("list, ls" names
// list). A line ending in ":" inside the section is a group's heading. A
// line indented deeper than the entry above it belongs to that entry: its
// description on a line of its own (as kong writes it), a wrapped
// description, the entry's options.
func commandsFromText(text []byte) []string {
	var names []string
	in := false
	entry := 0 // the indentation of the entry above, 0 before the first
	for _, line := range strings.Split(string(text), "\n") {
		line = strings.TrimRight(line, " \t\r")
		trimmed := strings.TrimSpace(line)
		indent := len(line) - len(strings.TrimLeft(line, " \t"))
		switch {
		case strings.HasSuffix(strings.ToLower(trimmed), "commands:") && len(strings.Fields(trimmed)) <= 3:
			in, entry = true, 0
			continue
		case !in:
			continue
		case trimmed == "":
			continue // a blank line inside the section, or after it: the next heading ends it
		case indent == 0:
			in = false
			continue
		case entry > 0 && indent > entry:
			continue
		case strings.HasSuffix(trimmed, ":"):
			entry = 0 // a group's heading: its entries may be indented anew
			continue
		}
		entry = indent
		first := strings.TrimSuffix(strings.Fields(trimmed)[0], ",")
		names = appendCommand(names, first)
	}
	return names
}

// usageFromData is a help envelope's usage line: data.usage.
func usageFromData(data json.RawMessage) string {
	var obj struct {
		Usage string `json:"usage"`
	}
	_ = json.Unmarshal(data, &obj)
	return obj.Usage
}

// usageFromText is a help text's usage line: what follows "usage:" on its
// line, or the next line when nothing does.
func usageFromText(text []byte) string {
	lines := strings.Split(string(text), "\n")
	for i, line := range lines {
		trimmed := strings.TrimSpace(line)
		if len(trimmed) < 6 || !strings.EqualFold(trimmed[:6], "usage:") {
			continue
		}
		if rest := strings.TrimSpace(trimmed[6:]); rest != "" {
			return rest
		}
		if i+1 < len(lines) {
			return strings.TrimSpace(lines[i+1])
		}
	}
	return ""
}

// requiredArgument is how a usage line writes an argument that must be
// given: NAME, <name>, FILE..., <file>... (an optional one is in
// brackets, and flags begin with a dash).
var requiredArgument = regexp.MustCompile(`^(?:[A-Z][A-Z0-9_-]*|<[a-zA-Z][a-zA-Z0-9_ -]*>)(?:\.\.\.)?$`)

// requiredArgs returns the arguments usage says command (its words)
// requires, after the command's words; none when the words are not in the
// line, or when a literal word follows them outside brackets: the line is
// then a subcommand's usage (a group's help often begins with its first
// subcommand's), and the arguments after it are the subcommand's.
func requiredArgs(usage string, command []string) []string {
	fields := strings.Fields(usage)
	at := -1
	for i := 0; i+len(command) <= len(fields); i++ {
		if slices.Equal(fields[i:i+len(command)], command) {
			at = i + len(command)
			break
		}
	}
	if at < 0 || len(command) == 0 {
		return nil
	}
	var out []string
	depth := 0
	for _, f := range fields[at:] {
		opens, closes := strings.Count(f, "[")+strings.Count(f, "{"), strings.Count(f, "]")+strings.Count(f, "}")
		switch {
		case depth > 0 || opens > 0:
		case requiredArgument.MatchString(f):
			out = append(out, f)
		case commandName.MatchString(f):
			return nil // a subcommand's usage
		}
		depth += opens - closes
		if depth < 0 {
			depth = 0
		}
	}
	return out
}

// helpData is the data of an answer that is one envelope, nil otherwise.
func helpData(stdout []byte) json.RawMessage {
	doc, err := oneJSONValue(stdout)
	if err != nil {
		return nil
	}
	var env struct {
		Data json.RawMessage `json:"data"`
	}
	if json.Unmarshal(doc, &env) != nil || bytes.Equal(bytes.TrimSpace(env.Data), []byte("null")) {
		return nil
	}
	return env.Data
}

// makeTypo returns a misspelling of one of the commands, and the command:
// two inner letters swapped, as fingers do, in the first command (in
// order) long enough for it whose misspelling is no command.
func makeTypo(commands []string) (typo, of string, ok bool) {
	var tops []string
	for _, c := range commands {
		if words := strings.Fields(c); len(words) > 0 && !slices.Contains(tops, words[0]) {
			tops = append(tops, words[0])
		}
	}
	slices.Sort(tops)
	for _, min := range []int{4, 3} {
		for _, c := range tops {
			if len(c) < min {
				continue
			}
			for i := 1; i+1 < len(c); i++ {
				if c[i] == c[i+1] {
					continue
				}
				b := []byte(c)
				b[i], b[i+1] = b[i+1], b[i]
				if t := string(b); !slices.Contains(tops, t) {
					return t, c, true
				}
			}
		}
	}
	return "", "", false
}
