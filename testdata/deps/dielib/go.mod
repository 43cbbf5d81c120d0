module example.com/dielib

go 1.22
