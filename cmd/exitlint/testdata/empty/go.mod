module empty

go 1.22
