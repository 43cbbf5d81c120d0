package main

import (
	"testing"

	"example.com/scaffolding/fake"
)

func TestTool(t *testing.T) { fake.Start(t.TempDir()) }
