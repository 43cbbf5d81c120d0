package main

import (
	"log"
	"os"
	"testing"
)

func TestMain(m *testing.M) {
	if os.Getenv("BROKEN") != "" {
		os.Exit(1)
	}
	os.Exit(m.Run())
}

func setup() {
	if _, err := os.Stat("x"); err != nil {
		log.Fatal(err)
	}
}

func TestX(t *testing.T) { setup() }
