module github.com/mattn/go-isatty

go 1.22
