module github.com/google/subcommands

go 1.22
