module example.com/product

go 1.22
