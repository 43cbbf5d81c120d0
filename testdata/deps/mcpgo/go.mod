module github.com/mark3labs/mcp-go

go 1.22
