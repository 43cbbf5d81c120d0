module example.com/chatapi

go 1.22
