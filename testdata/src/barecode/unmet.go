package barecode

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
)

// An exit no agent meets tells no agent anything, however its code is
// spelled: one that follows only a failed write to the standard output
// (the stream the agent reads is gone with the envelope), or only the
// failure of a call that cannot fail. Beside each, the same bare code
// where an agent meets it: a write to a file the program opened, and a
// call that fails on its input.

type report struct{ Name string }

func describeJSON(r report) {
	if err := json.NewEncoder(os.Stdout).Encode(r); err != nil {
		os.Exit(2)
	}
}

func describeFile(r report, path string) {
	f, err := os.Create(path)
	if err != nil {
		os.Exit(7) // want `exit code 7 written as a bare integer`
	}
	if err := json.NewEncoder(f).Encode(r); err != nil {
		os.Exit(2) // want `exit code 2 written as a bare integer`
	}
}

// writeDoc writes only to the writer it is given.
func writeDoc(w io.Writer, topic string) error {
	_, err := fmt.Fprintf(w, "# %s\n", topic)
	return err
}

// lookupDoc refuses a topic it does not know.
func lookupDoc(w io.Writer, topic string) error {
	if topic != "shapes" {
		return fmt.Errorf("unknown topic %q", topic)
	}
	return writeDoc(w, topic)
}

func docsShapes() {
	if err := writeDoc(os.Stdout, "shapes"); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
}

func docsTopic(topic string) {
	if err := lookupDoc(os.Stdout, topic); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2) // want `exit code 2 written as a bare integer`
	}
}

// An exit on a termination signal is met: whoever sent the signal (an
// agent's timeout among them) reads its code, and a reserved value
// misleads it.
func onInterrupt() {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt)
	<-ch
	os.Exit(130) // want `exit code 130 is in the shell-reserved range`
}
