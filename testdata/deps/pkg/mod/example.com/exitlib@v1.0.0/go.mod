module example.com/exitlib

go 1.22
