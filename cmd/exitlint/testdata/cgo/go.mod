module cgomod

go 1.22
