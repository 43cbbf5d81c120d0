package main

import (
	"encoding/json"
	"fmt"
	"log"
	"os"
	"time"
)

// versionOutput holds only strings, integers, booleans and slices and maps
// of them: encoding/json cannot fail on it, so an exit after its Marshal
// never happens.
type versionOutput struct {
	Version  string            `json:"version"`
	Commit   string            `json:"commit"`
	Dirty    bool              `json:"dirty"`
	Build    int               `json:"build"`
	Tags     []string          `json:"tags"`
	Labels   map[string]string `json:"labels"`
	Previous *versionOutput    `json:"-"` // never encoded
	inner    chan int          // unexported: never encoded
	Parts    [2]uint8          `json:"parts"`
}

type wrapped struct {
	versionOutput
	Note string `json:"note"`
}

// measurement has a float: NaN and ±Inf cannot be encoded, a failure of
// the program's own value, which no specific code describes.
type measurement struct {
	Value float64 `json:"value"`
}

// stamped has a type with its own MarshalJSON, which may fail (time.Time
// past year 9999): the program's own value again.
type stamped struct {
	At time.Time `json:"at"`
}

// node may refer to itself: a cycle of pointers cannot be encoded, a bug
// of the program's own.
type node struct {
	Name     string  `json:"name"`
	Children []*node `json:"children"`
}

func marshals(v versionOutput, w wrapped, m measurement, s stamped, n *node, anything any, fields map[string]any) {
	if b, err := json.Marshal(v); err != nil {
		os.Exit(1)
	} else {
		fmt.Println(string(b))
	}
	b, err := json.MarshalIndent(&w, "", "  ")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(string(b))

	if _, err := json.Marshal(m); err != nil {
		os.Exit(1)
	}
	if _, err := json.Marshal(s); err != nil {
		os.Exit(1)
	}
	if _, err := json.Marshal(n); err != nil {
		os.Exit(1)
	}
	if _, err := json.Marshal(anything); err != nil {
		os.Exit(1)
	}
	if _, err := json.Marshal(fields); err != nil {
		os.Exit(1)
	}
}
