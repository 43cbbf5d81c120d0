module github.com/urfave/cli/v3

go 1.22
