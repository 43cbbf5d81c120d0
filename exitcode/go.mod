module github.com/exitlint/exitlint/exitcode

go 1.22
