package envelope

import (
	"io"
	"strings"
	"time"

	"github.com/exitlint/exitlint/exitcode"
)

// WriteError writes the envelope of an error that happened outside any
// command — a flag the CLI framework could not parse, an unknown or missing
// command, a configuration that failed to load before dispatch — and returns
// the exit code the process should end with. start is when the process
// began; err must not be nil. The code is exitcode.FromError(err): state it
// with an *exitcode.Error (ARG_ERROR for usage, phase validation — nothing
// has run yet). meta.schema_version is set, as the runner sets it.
//
// A contradiction (REDIRECTED without a redirect, say) is written as New's
// GENERAL_ERROR envelope and GENERAL_ERROR is returned, as is a failure to
// write.
func WriteError(w io.Writer, start time.Time, err error, opts ...Option) exitcode.Code {
	opts = append([]Option{WithMeta(Meta{SchemaVersion: SchemaVersion})}, opts...)
	env, _ := New[any](start, exitcode.FromError(err), nil, err, opts...)
	if werr := env.Encode(w); werr != nil {
		//exitlint:ignore fallback the envelope cannot be written: the code it would explain is lost with it
		return exitcode.GeneralError
	}
	return env.Code()
}

// UsageError returns the ARG_ERROR of a command line that named no command
// or one that does not exist, phase validation: nothing ran.
func UsageError(code, message, suggestion string) *exitcode.Error {
	return exitcode.New(exitcode.ArgError, code, message).WithPhase(exitcode.PhaseValidation).WithSuggestion(suggestion)
}

// ShellQuote joins words into one command line a POSIX shell splits back
// into the same words: a word of safe characters stays as it is, any other
// is single-quoted. Redirect commands are built with it, since an agent runs
// error.redirect.command verbatim.
func ShellQuote(words ...string) string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = quoteWord(w)
	}
	return strings.Join(out, " ")
}

func quoteWord(w string) string {
	if w == "" {
		return "''"
	}
	for _, c := range w {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("_-./:=@%+,", c)) {
			return "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
		}
	}
	return w
}

// Closest returns the one candidate within a typo of word (an edit
// distance of at most 2, and less than half the word's length), or "" when
// none or more than one is that close: a typo is corrected only when the
// correction is unambiguous.
func Closest(word string, candidates []string) string {
	best, bestDist, ties := "", 3, 0
	for _, c := range candidates {
		d := editDistance(word, c)
		if d*2 >= len([]rune(word)) && d > 0 {
			continue
		}
		switch {
		case d < bestDist:
			best, bestDist, ties = c, d, 1
		case d == bestDist:
			ties++
		}
	}
	if ties != 1 {
		return ""
	}
	return best
}

// editDistance is the Damerau–Levenshtein distance (optimal string
// alignment) between a and b, in runes.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}
