module example.com/productrel

go 1.22
