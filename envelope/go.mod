module github.com/exitlint/exitlint/envelope

go 1.22

require github.com/exitlint/exitlint/exitcode v0.0.0-00010101000000-000000000000

replace github.com/exitlint/exitlint/exitcode => ../exitcode
