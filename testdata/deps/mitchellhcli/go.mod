module github.com/mitchellh/cli

go 1.22
