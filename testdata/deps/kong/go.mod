module github.com/alecthomas/kong

go 1.22
