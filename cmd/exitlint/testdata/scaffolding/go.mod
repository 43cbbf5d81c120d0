module example.com/scaffolding

go 1.22
