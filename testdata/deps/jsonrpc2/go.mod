module github.com/sourcegraph/jsonrpc2

go 1.22
