module github.com/charmbracelet/huh

go 1.22
