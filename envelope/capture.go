package envelope

import (
	"bytes"
	"crypto/rand"
	"io"
	"os"
	"sync"
)

// strayOutput is what a program wrote to os.Stdout besides its envelope.
type strayOutput struct {
	n     int64
	first string // the first line, cut at maxStrayExcerpt bytes
}

// maxStrayExcerpt bounds the excerpt of stray output an envelope quotes.
const maxStrayExcerpt = 80

// capture takes os.Stdout over for one run: a pipe whose reader forwards
// everything to standard error as it comes, counting it.
//
// To count exactly what was written before a moment (the end of the
// command), sync writes a marker into the pipe and waits until the reader
// reaches it: a pipe keeps the order of writes, so every byte written
// before the marker is read before it. The marker is a zero byte and 15
// random non-zero bytes, so it cannot overlap itself, and no output holds
// it but by a chance of 2⁻¹²⁰.
type capture struct {
	orig   *os.File
	r, w   *os.File
	stderr io.Writer
	marker []byte
	synced chan struct{}

	mu    sync.Mutex
	n     int64
	first []byte
}

// startCapture takes os.Stdout over; it returns nil (no capture) when no
// pipe can be made.
func startCapture(stderr io.Writer) *capture {
	marker := make([]byte, 16)
	if _, err := rand.Read(marker[1:]); err != nil {
		return nil
	}
	for i := 1; i < len(marker); i++ {
		if marker[i] == 0 {
			marker[i] = 1
		}
	}
	r, w, err := os.Pipe()
	if err != nil {
		return nil
	}
	c := &capture{orig: os.Stdout, r: r, w: w, stderr: stderr, marker: marker, synced: make(chan struct{}, 1)}
	os.Stdout = w
	go c.forward()
	return c
}

// forward copies the pipe to standard error, marking each marker read.
func (c *capture) forward() {
	buf := make([]byte, 32<<10)
	var held []byte // a tail that may begin a marker
	for {
		n, err := c.r.Read(buf)
		data := append(held, buf[:n]...)
		for {
			i := bytes.Index(data, c.marker)
			if i < 0 {
				break
			}
			c.emit(data[:i])
			data = data[i+len(c.marker):]
			c.synced <- struct{}{}
		}
		k := markerPrefix(data, c.marker)
		c.emit(data[:len(data)-k])
		held = append([]byte(nil), data[len(data)-k:]...)
		if err != nil {
			c.emit(held)
			c.r.Close()
			return
		}
	}
}

// markerPrefix is the length of the longest tail of data that begins the
// marker.
func markerPrefix(data, marker []byte) int {
	for k := min(len(data), len(marker)-1); k > 0; k-- {
		if bytes.Equal(data[len(data)-k:], marker[:k]) {
			return k
		}
	}
	return 0
}

// emit forwards stray output and counts it.
func (c *capture) emit(b []byte) {
	if len(b) == 0 {
		return
	}
	c.mu.Lock()
	c.n += int64(len(b))
	if len(c.first) < maxStrayExcerpt {
		c.first = append(c.first, b[:min(len(b), maxStrayExcerpt-len(c.first))]...)
	}
	c.mu.Unlock()
	_, _ = c.stderr.Write(b)
}

// sync returns what was written to os.Stdout until now.
func (c *capture) sync() strayOutput {
	if c == nil {
		return strayOutput{}
	}
	if _, err := c.w.Write(c.marker); err == nil {
		<-c.synced
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	first, _, _ := bytes.Cut(c.first, []byte("\n"))
	return strayOutput{n: c.n, first: string(first)}
}

// stop gives os.Stdout back and closes the pipe's writing end; the reader
// forwards what is left and ends.
func (c *capture) stop() {
	if c == nil {
		return
	}
	os.Stdout = c.orig
	c.w.Close()
}
