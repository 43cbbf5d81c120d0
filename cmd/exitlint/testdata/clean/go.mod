module clean

go 1.22
