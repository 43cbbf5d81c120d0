module github.com/jessevdk/go-flags

go 1.22
